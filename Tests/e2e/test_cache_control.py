"""What a browser may keep of a member's pages, over a real socket: every signed-in page
`Cache-Control: private, no-cache` (the day page's 304 too, gzipped or not), search,
settings and account `no-store`, each exactly once; signing out answers
`Clear-Site-Data: "cache", "storage"`, and the ended session's URLs then go to sign-in,
the first of them clearing the dead cookie and the site's data too."""
import datetime
from zoneinfo import ZoneInfo

import pytest

from conftest import Browser
from test_accounts import add_member, setup_admin, sign_in, MEMBER_PASSWORD

CLEAR = '"cache", "storage"'


def cache_control(r):
    return [v for k, v in r.headers if k.lower() == "cache-control"]


@pytest.fixture(scope="module")
def family(dawn):
    admin = setup_admin(dawn)
    assert add_member(admin, "ana", "Ana").status == 303
    return admin


def test_member_pages_are_private_and_revalidated(dawn, family):
    today = datetime.datetime.now(ZoneInfo("Europe/Rome")).date()
    for path in ["/", f"/day/{today}", "/stats", f"/calendar/{today:%Y-%m}", "/habits", "/board", "/vacations",
                 "/family"]:
        for encoding in ({}, {"Accept-Encoding": "gzip"}):
            r = family.get(path, headers=encoding)
            assert r.status == 200, (path, r)
            assert cache_control(r) == ["private, no-cache"], (path, encoding, r.headers)
    day = family.get(f"/day/{today}", headers={"Accept-Encoding": "gzip"})
    again = family.get(f"/day/{today}", headers={"If-None-Match": day.header("ETag"), "Accept-Encoding": "gzip"})
    assert again.status == 304 and cache_control(again) == ["private, no-cache"]
    for path in ["/search?q=anything", "/settings", "/account"]:
        r = family.get(path)
        assert r.status == 200 and cache_control(r) == ["no-store"], (path, r.headers)


@pytest.mark.parametrize("form", ["/logout", "/account/sign-out-everywhere"])
def test_signing_out_clears_site_data(dawn, family, form):
    ana, r = sign_in(dawn, "ana", MEMBER_PASSWORD)
    assert r.status == 303
    ana.open("/account")
    session = dict(ana.jar)
    out = ana.post(form, {})
    assert out.status == 303 and out.header("Location") == "/login"
    assert [v for k, v in out.headers if k.lower() == "clear-site-data"] == [CLEAR]
    # The copy a browser might still hold is revalidated: the session is over.
    stale = Browser(dawn)
    stale.jar = session
    r = stale.get("/settings")
    assert r.status == 303 and r.header("Location") == "/login?next=/settings"
    # That browser is told to forget the dead session and its copies, once.
    assert [v for k, v in r.headers if k.lower() == "clear-site-data"] == [CLEAR]
    assert "dawn_session" not in stale.jar
    r = stale.get("/settings")
    assert r.status == 303 and r.header("Clear-Site-Data") is None
