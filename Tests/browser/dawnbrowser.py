"""Shared by the browser tests and screenshots.py: the real `dawn` server (from the
end-to-end tests' conftest), a seeded family, and headless Debian Chromium via Selenium."""
import datetime
import importlib.util
import json
import os
import sqlite3
import time
from zoneinfo import ZoneInfo

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
SCREENSHOTS = os.path.join(HERE, "screenshots")
# The reference pictures that the README and docs show, kept in git: a run writes them only
# when DAWN_UPDATE_REFERENCE=1, otherwise into SCREENSHOTS beside the others.
REFERENCE = os.path.join(HERE, "reference")

# The end-to-end conftest is loaded under its own name: importing it as `conftest`
# would clash with pytest's own conftest modules.
_spec = importlib.util.spec_from_file_location("dawn_e2e_conftest", os.path.join(ROOT, "Tests", "e2e", "conftest.py"))
e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(e2e)
Dawn, Browser = e2e.Dawn, e2e.Browser

ZONE = "Europe/Rome"
PASSWORD = "correct horse battery"
MEMBER_PASSWORD = "member-password-1"

# Seeded history, in days before today: notes (activity) on these days...
NOTE_DAYS = [1, 2, 3, 4, 6, 9, 10, 15, 22, 28]
# ...journal entries on these (12 has an entry but no note: not active)...
ENTRY_DAYS = [2, 9, 12, 22]
# ...and today has both a note and an entry. The streak: today and 1–4 → 5 days.
STREAK = 5

CHROMIUM = os.environ.get("DAWN_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DAWN_CHROMEDRIVER", "/usr/bin/chromedriver")


def server_env():
    """DAWN_BROWSER_RESOURCES points the server at another copy of Views/ and Public/
    (to check that these tests catch a broken stylesheet or script); default: the repo's."""
    other = os.environ.get("DAWN_BROWSER_RESOURCES")
    return {"DAWN_RESOURCES": other} if other else {}


def member_today():
    """Today in the seeded members' time zone (the server's idea of today)."""
    return datetime.datetime.now(ZoneInfo(ZONE)).date()


def days(n, today=None):
    return (today or member_today()) + datetime.timedelta(days=n)


def setup_admin(dawn, username="mum", name="Mum"):
    b = Browser(dawn)
    b.open("/setup")
    r = b.post("/setup", {"username": username, "display_name": name, "password": PASSWORD,
                          "password_again": PASSWORD, "time_zone": ZONE})
    assert r.status == 303, r.text[:400]
    b.username = username
    return b


def add_member(admin, username, name, child=False):
    admin.open("/family")
    r = admin.post("/family/members", {"username": username, "display_name": name,
                                       "password": MEMBER_PASSWORD, "password_again": MEMBER_PASSWORD,
                                       **({"child": "1"} if child else {})})
    assert r.status == 303, r.text[:400]
    b = Browser(admin.server)
    b.open("/login")
    r = b.post("/login", {"username": username, "password": MEMBER_PASSWORD})
    assert r.status == 303, r.text[:400]
    b.username = username
    return b


def seed_history(browser, today):
    """Notes on the NOTE_DAYS (activity dots, a streak), entries on the ENTRY_DAYS."""
    for back in sorted(set(NOTE_DAYS) | set(ENTRY_DAYS)):
        day = today - datetime.timedelta(days=back)
        browser.open(f"/day/{day}")
        if back in NOTE_DAYS:
            assert browser.post(f"/day/{day}/notes", {"note": f"note {back}"}).status == 303
        if back in ENTRY_DAYS:
            assert browser.post(f"/day/{day}/entry", {"entry": f"entry {back}"}).status == 303
    browser.open(f"/day/{today}")
    assert browser.post(f"/day/{today}/entry", {"entry": "Today I walked along the river before work."}).status == 303
    assert browser.post(f"/day/{today}/notes", {"note": "Coffee with Anna"}).status == 303


def save_settings(browser, **changes):
    """Posts the settings form (all fields) with `changes` over the defaults."""
    fields = {"language": "en", "time_zone": ZONE, "first_weekday": "monday", "day_start_hour": "0",
              "view": "row", "theme": "system"}
    fields.update(changes)
    if fields.get("grid_dates") in (None, False, "0"):
        fields.pop("grid_dates", None)
    browser.open("/settings")
    r = browser.post("/settings", fields)
    assert r.status == 303, r.text[:600]


def make_driver(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 "--disable-dev-shm-usage", "--lang=en-US", "--window-size=1280,900"]:
        options.add_argument(flag)
    if not javascript:
        options.add_argument("--blink-settings=scriptEnabled=false")
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    d = webdriver.Chrome(service=webdriver.ChromeService(CHROMEDRIVER), options=options)
    d.set_page_load_timeout(30)
    viewport(d, 375)
    return d


def open_entry_form(driver):
    """A saved entry shows rendered, its form under "Edit entry" (a closed <details>): open it."""
    for edit in driver.find_elements(By.CSS_SELECTOR, "#journal details.entry-edit:not([open]) > summary"):
        # Clear of the habit tray fixed at the bottom of a phone's screen.
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", edit)
        edit.click()


def viewport(driver, width, height=800):
    """An exact CSS viewport (the window's outer size would include browser chrome)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def texts(driver, selector):
    """The rendered text of every element matching selector, or None while the page is being
    replaced (a form posting without JavaScript can swap the document between finding an
    element and reading it; Chromium then reports a stale element or a node "not in the
    document"), so a wait simply tries again."""
    try:
        return [e.text for e in driver.find_elements(By.CSS_SELECTOR, selector)]
    except WebDriverException:
        return None


def color_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def sign_in(driver, base, username, password):
    """Signs in through the login form, as a person would."""
    driver.get(base + "/login")
    driver.find_element(By.ID, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    WebDriverWait(driver, 20).until(lambda d: d.current_url.rstrip("/") == base,
                                    f"sign-in as {username} failed: {driver.current_url}")


# ---------------------------------------------------------------- habits

def add_habit(browser, name, emoji, color, duration, custom_color="#888888"):
    """Adds a habit through POST /habits; `color` is a preset "#RRGGBB" or "custom" with
    `custom_color`. Returns the new habit's id (from the member's database)."""
    browser.open("/habits/new")
    r = browser.post("/habits", {"name": name, "emoji": emoji, "color": color,
                                 "custom_color": custom_color, "duration": str(duration)})
    assert r.status == 303, r.text[:600]
    return max(i for (i,) in rows(member_db(browser.server, browser.username), "SELECT id FROM habits"))


def log_habit(browser, day, habit, start, duration, note=""):
    """Logs a habit instance through the log form's POST; returns the new instance id."""
    browser.open(f"/day/{day}/log/{habit}")
    r = browser.post(f"/day/{day}/instances", {"habit": str(habit), "start": start,
                                               "duration": str(duration), "note": note})
    assert r.status == 303, r.text[:600]
    return max(i for (i,) in rows(member_db(browser.server, browser.username), "SELECT id FROM habit_instances"))


def import_json(browser, data, mode="empty"):
    """Imports a Dawn JSON file through /import (multipart, as the account page's form
    sends it); returns the response, with its body as `text` too."""
    browser.open("/account")
    return post_multipart(browser, "/import", {"mode": mode}, [("file", "dawn.json", "application/json", data)])


def post_multipart(browser, path, fields, files):
    """POSTs multipart/form-data as a form would, with the browser's CSRF token: `fields`
    as text parts, `files` as (field, filename, content type, bytes); returns the response,
    with its body as `text` too."""
    boundary = "----dawn-browser-form"
    body = b"".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
                    for k, v in [("csrf", browser.csrf)] + list(fields.items()))
    for field, filename, content_type, data in files:
        body += (f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
                 f"Content-Type: {content_type}\r\n\r\n").encode() + data + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    lines = [f"POST {path} HTTP/1.1", "Host: localhost", "Connection: close",
             "Cookie: " + "; ".join(f"{k}={v}" for k, v in browser.jar.items()),
             f"Content-Type: multipart/form-data; boundary={boundary}", f"Content-Length: {len(body)}"]
    with browser.server.connect(timeout=60) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        r = e2e.Reader(sock).read()
    r.text = r.body.decode("utf-8", "replace")
    return r


def member_db(dawn, username):
    """The path of a member's own SQLite database under the server's data directory."""
    con = sqlite3.connect(os.path.join(dawn.data, "instance.sqlite"))
    try:
        member_id = con.execute("SELECT id FROM members WHERE username = ?", (username,)).fetchone()[0]
    finally:
        con.close()
    return os.path.join(dawn.data, "users", f"{member_id}.sqlite")


def rows(path, sql, args=()):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def instances(dawn, username, day=None):
    """(id, habit_id, day, start_minute, duration_minutes, note) of a member's logged instances."""
    sql = "SELECT id, habit_id, day, start_minute, duration_minutes, note FROM habit_instances"
    if day is None:
        return rows(member_db(dawn, username), sql + " ORDER BY id")
    return rows(member_db(dawn, username), sql + " WHERE day = ? ORDER BY id", (str(day),))


class Site:
    """A test module's one server and what it seeded; `start_site` fills it."""


def start_site():
    """Starts a module's server, first waiting out midnight when it is under two minutes
    away (what a module seeds is relative to today). Returns the site (`dawn`, `base`,
    `today`) and the admin's browser."""
    now = datetime.datetime.now(ZoneInfo(ZONE))
    midnight = datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(), now.tzinfo)
    left = (midnight - now).total_seconds()
    if left < 120:
        time.sleep(left + 2)
    site = Site()
    site.dawn = Dawn(env=server_env())
    site.base = f"http://127.0.0.1:{site.dawn.port}"
    site.today = member_today()
    return site, setup_admin(site.dawn)


def signed_in_driver(site, username, password=MEMBER_PASSWORD):
    """Headless Chromium signed in as `username` on the site's server."""
    d = make_driver()
    sign_in(d, site.base, username, password)
    return d


def add_guardian_and_child(site, admin):
    """Dad (a member) looks after Mia (a child account): both added by the admin, and Dad
    made Mia's guardian on /family. Their browsers are `site.dad` and `site.mia`."""
    site.dad = add_member(admin, "dad", "Dad")
    site.mia = add_member(admin, "mia", "Mia", child=True)
    admin.open("/family")
    assert admin.post("/family/guardians", {"guardian": "dad", "child": "mia"}).status == 303



def mouse_drag(d, start, end, release=True, steps=6):
    """Presses at `start`, moves in steps to `end` (viewport px) and releases: real pointer events."""
    mouse = ActionBuilder(d, mouse=PointerInput(interaction.POINTER_MOUSE, "mouse"), duration=40)
    (x0, y0), (x1, y1) = start, end
    mouse.pointer_action.move_to_location(int(x0), int(y0)).pointer_down()
    for i in range(1, steps + 1):
        mouse.pointer_action.move_to_location(int(x0 + (x1 - x0) * i / steps), int(y0 + (y1 - y0) * i / steps))
    mouse.pointer_action.pause(0.15)
    if release:
        mouse.pointer_action.pointer_up()
    mouse.perform()


# ---------------------------------------------------------------- checks

def axe_violations(driver, options=None):
    """Runs axe-core on the page as it is now (asserting that its rules ran) and returns
    its violations: rule, impact, help, and each node's target, markup and why."""
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    results = axe.run(options=options)
    assert len(results["passes"]) > 10, "axe-core did not run its rules"
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [{"target": n["target"], "html": n["html"][:160], "why": n.get("failureSummary", "")}
                       for n in v["nodes"]]}
            for v in results["violations"]]


def assert_accessible(driver, what, options=None):
    """axe-core finds no violation on the page; `what` names the page in the failure."""
    violations = axe_violations(driver, options)
    assert not violations, f"axe on {what} ({driver.current_url}):\n" + json.dumps(violations, indent=1, ensure_ascii=False)


def rgba(css):
    """(r, g, b, a) of a computed colour, "rgb(r, g, b)" or "rgba(r, g, b, a)"."""
    parts = [float(x) for x in css[css.index("(") + 1:css.index(")")].split(",")]
    return tuple(parts[:3]) + ((parts[3],) if len(parts) > 3 else (1.0,))


def over(top, below):
    """The opaque colour of `top` (r, g, b, a) drawn over the opaque `below`."""
    a = top[3]
    return tuple(a * t + (1 - a) * u for t, u in zip(top[:3], below[:3])) + (1.0,)


def contrast(one, two):
    """WCAG 2 contrast ratio of two opaque colours, each "#RRGGBB", a computed "rgb(…)"
    or an (r, g, b[, a]) tuple of 0–255 values."""
    def channels(colour):
        if isinstance(colour, str) and colour.startswith("#"):
            return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
        if isinstance(colour, str):
            return rgba(colour)[:3]
        return colour[:3]

    def luminance(colour):
        lin = [(v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in channels(colour)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted([luminance(one), luminance(two)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def in_view(driver, element):
    """Whether the element lies wholly inside the viewport (the first screen, unscrolled)."""
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;", element)


def open_page(driver, url, width=375, scheme="light"):
    """Loads `url` in the colour scheme at a phone's 375 × 812 or, wider, `width` × 900."""
    color_scheme(driver, scheme)
    viewport(driver, width, 812 if width == 375 else 900)
    driver.get(url)


def each_look(driver, sizes=((375, 812), (1280, 900)), schemes=("light", "dark")):
    """Sets each colour scheme in turn and, within it, each viewport (width, height);
    yields (width, scheme) for each of them: the usual phone and desktop, light and dark."""
    for scheme in schemes:
        color_scheme(driver, scheme)
        for width, height in sizes:
            viewport(driver, width, height)
            yield width, scheme


# ---------------------------------------------------------------- screenshots

def screenshot(driver, name, max_bytes=None):
    """Saves the viewport as SCREENSHOTS/name (asserting it was written, and under
    `max_bytes` when given); returns the path."""
    return _save_screenshot(driver, SCREENSHOTS, name, max_bytes)


def reference_screenshot(driver, name, max_bytes=None):
    """A picture the docs show: saved into REFERENCE only with DAWN_UPDATE_REFERENCE=1, so
    that a test run leaves the checkout as it was; otherwise into SCREENSHOTS."""
    folder = REFERENCE if os.environ.get("DAWN_UPDATE_REFERENCE") == "1" else SCREENSHOTS
    return _save_screenshot(driver, folder, name, max_bytes)


def _save_screenshot(driver, folder, name, max_bytes):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    assert driver.save_screenshot(path)
    if max_bytes is not None:
        assert os.path.getsize(path) < max_bytes
    return path
