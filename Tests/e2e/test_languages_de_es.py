"""Deutsch and Español end to end: the sign-in page from Accept-Language
(regional tags such as de-CH and es-419 included), a member choosing Deutsch or Español
in settings sees the day page and /stats in it, and a language Dawn does not speak is
refused in the member's language with nothing changed on disk."""
import datetime
import re
from zoneinfo import ZoneInfo

import pytest

from conftest import Browser
from test_accounts import MEMBER_PASSWORD, add_member, setup_admin, sign_in
from test_day import member_db, rows

SETTINGS = {"time_zone": "Europe/Rome", "first_weekday": "monday", "day_start_hour": "0", "view": "row",
            "theme": "system"}

GERMAN_WEEKDAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
GERMAN_MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                 "November", "Dezember"]
SPANISH_WEEKDAYS = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"]
SPANISH_MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
                  "noviembre", "diciembre"]


@pytest.fixture(scope="module")
def home(request):
    from conftest import Dawn
    dawn = Dawn()
    admin = setup_admin(dawn)
    assert add_member(admin, "kid", "Kid").status == 303
    yield dawn, admin
    dawn.stop()


def today():
    return datetime.datetime.now(ZoneInfo("Europe/Rome")).date()


def choose(browser, language):
    browser.open("/settings")
    r = browser.post("/settings", dict(SETTINGS, language=language))
    assert r.status == 303, r.text[:300]


def stored_settings(dawn, username):
    return rows(member_db(dawn, username), "SELECT key, value FROM member_settings ORDER BY key")


def short_segments(html):
    return re.findall(r'<span class="seg-short" aria-hidden="true">([^<]*)</span>', html)


@pytest.mark.parametrize("header, lang, words", [
    ("de-CH,de;q=0.9,en;q=0.5", "de", ["Anmelden", "Benutzername", "Passwort vergessen?"]),
    ("de", "de", ["Anmelden", "Passwort"]),
    ("es-419,es;q=0.9", "es", ["Iniciar sesión", "Nombre de usuario", "¿Has olvidado tu contraseña?"]),
    ("en;q=0.3, es-ES;q=0.8", "es", ["Contraseña"]),
])
def test_sign_in_page_speaks_the_browsers_language(home, header, lang, words):
    dawn, _ = home
    page = Browser(dawn, headers={"Accept-Language": header}).get("/login")
    assert page.status == 200
    assert f'<html lang="{lang}"' in page.text
    for word in words:
        assert word in page.text, word
    assert "Forgot your password?" not in page.text


def test_refused_sign_in_is_in_the_browsers_language(home):
    dawn, _ = home
    b = Browser(dawn, headers={"Accept-Language": "de-AT"})
    b.open("/login")
    r = b.post("/login", {"username": "mum", "password": "not the password"})
    assert r.status in (400, 401, 403) and '<html lang="de"' in r.text
    assert "Benutzername und Passwort passen nicht zusammen." in r.text


def test_member_in_german_sees_the_day_and_stats_in_german(home):
    dawn, _ = home
    kid, r = sign_in(dawn, "kid", MEMBER_PASSWORD)
    assert r.status == 303
    choose(kid, "de")
    saved = kid.get("/settings?done=saved")
    assert '<html lang="de"' in saved.text and "Deine Einstellungen wurden gespeichert." in saved.text
    assert '<option value="de" selected>Deutsch</option>' in saved.text

    day = today()
    page = kid.get("/")
    heading = f"{GERMAN_WEEKDAYS[day.weekday()]}, {day.day}. {GERMAN_MONTHS[day.month - 1]} {day.year}"
    assert re.search(rf"<h1[^>]*>(<a [^>]*>)?<time [^>]*>{re.escape(heading)}</time>", page.text), heading
    assert "0 Tage in Folge • 0 aktive Tage • 0 Einträge" in page.text
    assert "Wie war dein Tag?" in page.text and "How was your day?" not in page.text

    kid.open("/")
    added = kid.post(f"/day/{day.isoformat()}/notes", {"note": "Spaziergang"})
    assert added.status == 303
    after = kid.get(added.header("Location").split("#")[0]).text
    assert "Deine Notiz wurde hinzugefügt." in after and "Spaziergang" in after
    refused = kid.post(f"/day/{day.isoformat()}/notes", {"note": "x" * 501})
    assert refused.status == 400 and '<html lang="de"' in refused.text
    assert "Eine Notiz darf höchstens 500 Zeichen haben; diese hat 501." in refused.text

    stats = kid.get("/stats")
    assert stats.status == 200 and '<html lang="de"' in stats.text
    assert short_segments(stats.text) == ["T", "W", "M", "Q", "J"]
    assert ">Quartal</span>" in stats.text and ">Statistik</h1>" in stats.text
    month = kid.get("/stats?g=month").text
    assert f'<h2 class="period-label">{GERMAN_MONTHS[day.month - 1]} {day.year}</h2>' in month
    quarter = kid.get("/stats?g=quarter").text
    assert f'<h2 class="period-label">Q{(day.month - 1) // 3 + 1} {day.year}</h2>' in quarter


def test_member_in_spanish_sees_the_day_and_stats_in_spanish(home):
    dawn, admin = home
    choose(admin, "es")
    day = today()
    page = admin.get("/")
    assert '<html lang="es"' in page.text
    heading = f"{SPANISH_WEEKDAYS[day.weekday()]}, {day.day} de {SPANISH_MONTHS[day.month - 1]} de {day.year}"
    assert re.search(rf"<h1[^>]*>(<a [^>]*>)?<time [^>]*>{re.escape(heading)}</time>", page.text), heading
    assert "Racha de 0 días • 0 días activos • 0 entradas" in page.text
    assert "¿Qué tal tu día?" in page.text

    stats = admin.get("/stats")
    assert short_segments(stats.text) == ["D", "S", "M", "T", "A"]
    assert ">Estadísticas</h1>" in stats.text
    month = admin.get("/stats?g=month").text
    assert f'<h2 class="period-label">{SPANISH_MONTHS[day.month - 1].capitalize()} de {day.year}</h2>' in month
    one_day = admin.get("/stats?g=day").text
    assert f'<h2 class="period-label">{day.day} de {SPANISH_MONTHS[day.month - 1]} de {day.year}</h2>' in one_day
    choose(admin, "en")


@pytest.mark.parametrize("value", ["nl", "de-CH", "ES", "", "deutsch"])
def test_a_language_dawn_does_not_speak_is_refused_and_nothing_changes(home, value):
    dawn, admin = home
    choose(admin, "es")
    before = stored_settings(dawn, "mum")
    admin.open("/settings")
    r = admin.post("/settings", dict(SETTINGS, language=value, theme="dark"))
    assert r.status == 400
    assert '<html lang="es"' in r.text, "the refusal speaks the member's language"
    assert "Elige una de las opciones que se muestran." in r.text
    assert stored_settings(dawn, "mum") == before
    assert ("language", "es") in before
    assert 'data-theme="dark"' not in admin.get("/").text, "the valid change in the refused form was not saved either"
    choose(admin, "en")
