"""Fixtures every browser test module shares. A module that needs another kind defines
its own `site` or `driver`, which pytest then uses instead."""
import pytest

from dawnbrowser import MEMBER_PASSWORD, make_driver, signed_in_driver, start_site


@pytest.fixture(scope="module")
def nojs():
    """Chromium with JavaScript turned off (each module gets its own)."""
    d = make_driver(javascript=False)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def site(request):
    """The module's one server, seeded by the module's `seed(site, admin)`; it must stop
    cleanly once the module's tests are done."""
    s, admin = start_site()
    request.module.seed(s, admin)
    yield s
    assert s.dawn.stop() == 0, s.dawn.errors


@pytest.fixture(scope="module")
def driver(request, site):
    """Chromium with JavaScript, signed in through the login form as the module's
    `SIGNED_IN`: a member's username, or (username, password) for another password such as
    the admin's; "ana" when the module names none."""
    who = getattr(request.module, "SIGNED_IN", "ana")
    username, password = (who, MEMBER_PASSWORD) if isinstance(who, str) else who
    d = signed_in_driver(site, username, password)
    yield d
    d.quit()
