"""Dawn as an installable app, through a real socket: the web app manifest (its fields,
its language, revalidated by ETag, answered before setup), its icons (PNG sizes as
declared, cached for a year under content-hashed names), every page linking it with
both theme colours, and a Content-Security-Policy that allows exactly what the pages use."""
import json
import re
import struct

from conftest import Browser, get
from test_accounts import setup_admin

ICONS = [("192x192", "image/png", "any"), ("512x512", "image/png", "any"),
         ("512x512", "image/png", "maskable"), ("any", "image/svg+xml", "any")]


def png_size(body):
    assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR"
    return struct.unpack(">II", body[16:24])


def test_the_manifest_names_dawn_and_its_icons(fresh_dawn):
    dawn = fresh_dawn()
    r = get(dawn, "/manifest.webmanifest")  # before setup too: the setup page links it
    assert r.status == 200
    assert r.header("Content-Type") == "application/manifest+json; charset=utf-8"
    assert r.header("Cache-Control") == "public, no-cache"
    m = json.loads(r.body)
    assert (m["name"], m["short_name"], m["start_url"], m["scope"], m["id"], m["display"]) == \
        ("Dawn", "Dawn", "/", "/", "/", "standalone")
    assert (m["theme_color"], m["background_color"]) == ("#F7F7F8", "#F7F7F8")
    assert m["user_preferences"]["color_scheme_dark"] == {"theme_color": "#111417", "background_color": "#111417"}
    assert sorted((i["sizes"], i["type"], i["purpose"]) for i in m["icons"]) == sorted(ICONS)
    for icon in m["icons"]:
        assert re.fullmatch(r"/static/icons/dawn[-a-z0-9]*\.[0-9a-f]{16}\.(png|svg)", icon["src"]), icon
        got = get(dawn, icon["src"])
        assert got.status == 200 and got.header("Content-Type").split(";")[0] == icon["type"]
        assert got.header("Cache-Control") == "public, max-age=31536000, immutable"
        if icon["type"] == "image/png":
            w, h = png_size(got.body)
            assert f"{w}x{h}" == icon["sizes"]
        else:
            assert got.body.startswith(b"<svg")


def test_the_manifest_is_revalidated_by_its_etag(dawn):
    first = get(dawn, "/manifest.webmanifest")
    again = get(dawn, "/manifest.webmanifest", {"If-None-Match": first.header("ETag")})
    assert again.status == 304 and again.body == b""
    assert get(dawn, "/manifest.webmanifest", {"If-None-Match": '"other"'}).status == 200


def test_the_manifest_speaks_the_pages_language(dawn):
    it = json.loads(get(dawn, "/manifest.webmanifest", {"Accept-Language": "it-IT,it;q=0.9"}).body)
    fr = json.loads(get(dawn, "/manifest.webmanifest", {"Accept-Language": "fr"}).body)
    en = json.loads(get(dawn, "/manifest.webmanifest").body)
    assert (it["lang"], fr["lang"], en["lang"]) == ("it", "fr", "en")
    assert len({it["description"], fr["description"], en["description"]}) == 3
    assert get(dawn, "/manifest.webmanifest", {"Accept-Language": "fr"}).header("Vary") == "Accept-Language, Cookie"


def test_only_get_and_head_answer(dawn):
    r = Browser(dawn).request("POST", "/manifest.webmanifest", b"x=1")
    assert r.status == 405 and "GET" in r.header("Allow")


def test_every_page_links_the_manifest_and_both_theme_colours(fresh_dawn):
    dawn = fresh_dawn()
    pages = [get(dawn, "/setup")]
    admin = setup_admin(dawn)
    pages += [admin.get("/"), admin.get("/stats"), admin.get("/settings"), Browser(dawn).get("/login")]
    for page in pages:
        assert page.status == 200
        html = page.body.decode()
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html
        assert '<meta name="theme-color" content="#F7F7F8" media="(prefers-color-scheme: light)">' in html
        assert '<meta name="theme-color" content="#111417" media="(prefers-color-scheme: dark)">' in html
        touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', html).group(1)
        assert png_size(get(dawn, touch).body) == (180, 180)


def test_the_content_security_policy_allows_exactly_what_pages_use(dawn):
    csp = get(dawn, "/setup").header("Content-Security-Policy")
    directives = dict((d.split(" ", 1) + [""])[:2] for d in csp.split("; "))
    assert directives == {
        "default-src": "'none'", "script-src": "'self'", "style-src": "'self'", "img-src": "'self' data:",
        "connect-src": "'self'", "manifest-src": "'self'", "object-src": "'none'", "base-uri": "'none'",
        "form-action": "'self'", "frame-ancestors": "'none'",
    }


# ---------------------------------------------------------------- reading offline

def test_the_service_worker_is_served_at_the_root_and_revalidated(fresh_dawn):
    dawn = fresh_dawn()
    r = get(dawn, "/sw.js")  # before setup too: the setup page registers it
    assert r.status == 200
    assert r.header("Content-Type").startswith("text/javascript")
    assert r.header("Cache-Control") == "no-cache"
    assert b"addEventListener(\"fetch\"" in r.body
    assert get(dawn, "/sw.js", {"If-None-Match": r.header("ETag")}).status == 304
    assert Browser(dawn).request("POST", "/sw.js", b"x=1").status == 405


def test_pages_say_whose_they_are_for_the_service_worker(fresh_dawn):
    dawn = fresh_dawn()
    signed_out = get(dawn, "/setup")
    assert signed_out.header("X-Dawn-Member") == "-"
    admin = setup_admin(dawn)
    login = Browser(dawn).get("/login")
    assert login.header("X-Dawn-Member") == "-"
    day = admin.get("/")
    member = day.header("X-Dawn-Member")
    assert re.fullmatch(r"[0-9]+", member)
    for path in ["/stats", "/settings", "/day/1800-01-01", "/offline"]:
        assert admin.get(path).header("X-Dawn-Member") == member, path
    # Not a page of a route: no word either way (the worker neither keeps nor forgets).
    for path in ["/export/dawn.json", "/nowhere", "/healthz"]:
        assert admin.get(path).header("X-Dawn-Member") is None, path
    kid = add_member_and_sign_in(admin)
    assert kid.get("/").header("X-Dawn-Member") not in (member, "-", None)


def add_member_and_sign_in(admin):
    from test_accounts import add_member, sign_in, MEMBER_PASSWORD
    added = add_member(admin, "kid", "Kid")
    assert added.status == 303, re.findall(r"<p>.*?</p>", added.text)
    kid, r = sign_in(admin.server, "kid", MEMBER_PASSWORD)
    assert r.status == 303
    return kid


def test_the_offline_page_speaks_the_pages_language(dawn):
    english = get(dawn, "/offline")
    italian = get(dawn, "/offline", {"Accept-Language": "it"})
    assert english.status == italian.status == 200
    assert "<h1>You are offline</h1>" in english.body.decode()
    assert "<h1>Sei offline</h1>" in italian.body.decode()
    assert english.header("Cache-Control") == "no-cache"
