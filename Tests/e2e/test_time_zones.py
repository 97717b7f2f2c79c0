"""Each member's "today" is the date in their own time zone and day-start hour, on both
sides of the date line: checked against Python's zoneinfo at the moment of the request."""
import datetime
from zoneinfo import ZoneInfo

import pytest

from conftest import Dawn
from test_accounts import setup_admin
from test_day import circles

ZONES = ["Pacific/Kiritimati", "Pacific/Apia", "Australia/Lord_Howe", "Europe/Rome", "America/New_York",
         "Pacific/Niue"]


@pytest.fixture(scope="module")
def home():
    dawn = Dawn()
    admin = setup_admin(dawn)
    yield dawn, admin
    dawn.stop()


def member_today(zone, start_hour):
    return (datetime.datetime.now(ZoneInfo(zone)) - datetime.timedelta(hours=start_hour)).date()


@pytest.mark.parametrize("start_hour", [0, 6])
def test_today_follows_the_members_zone_across_the_date_line(home, start_hour):
    dawn, admin = home
    seen = {}
    for zone in ZONES:
        admin.open("/settings")
        assert admin.post("/settings", {"language": "en", "time_zone": zone, "first_weekday": "monday",
                                        "day_start_hour": str(start_hour), "view": "row", "theme": "system"}).status == 303
        before = member_today(zone, start_hour)
        page = admin.get("/")
        after = member_today(zone, start_hour)
        todays = [d for d, classes, _ in circles(page.text) if "today" in classes]
        assert len(todays) == 1 and todays[0] in {str(before), str(after)}, (zone, todays, before)
        seen[zone] = datetime.date.fromisoformat(todays[0])
    # Kiritimati (+14) and Niue (-11) are 25 hours apart: one or two dates, never the same.
    assert 1 <= (seen["Pacific/Kiritimati"] - seen["Pacific/Niue"]).days <= 2
    admin.post("/settings", {"language": "en", "time_zone": "Europe/Rome", "first_weekday": "monday",
                             "day_start_hour": "0", "view": "row", "theme": "system"})
