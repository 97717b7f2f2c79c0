"""Fixtures every browser test module shares. A module that needs another kind defines
its own `site` or `driver`, which pytest then uses instead."""
import pytest

from dawnbrowser import make_driver, signed_in_driver, start_site


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
def driver(site):
    """Chromium with JavaScript, signed in as "ana" through the login form."""
    d = signed_in_driver(site, "ana")
    yield d
    d.quit()
