#!/usr/bin/env python3
"""bench/run's helper: the family the day page costs most for. Signed in as the admin that
bench/run made (bench / bench-password-1), it adds a second admin, "parent", and a child
account, makes the parent the child's guardian, adds two family chores, then imports a
year of the parent's history through the real /import (the seeded history of
bench/history_pages.py). Writes the parent's `Cookie: …` header to --cookie-out.

  family_setup.py --url http://127.0.0.1:PORT --max-body BYTES --cookie-out FILE
"""
import argparse
import datetime
import sys
from zoneinfo import ZoneInfo

from history_pages import PASSWORD, ZONE, Member, history, import_history, last_days


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--max-body", type=int, required=True)
    parser.add_argument("--cookie-out", required=True)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    admin = Member(args.url, "bench")
    admin.open("/login")
    admin.post("/login", {"username": "bench", "password": "bench-password-1"})
    admin.open("/family")
    admin.post("/family/members", {"username": "parent", "display_name": "Parent", "admin": "1",
                                   "password": PASSWORD, "password_again": PASSWORD})
    admin.open("/family")
    admin.post("/family/members", {"username": "kid", "display_name": "Kid", "child": "1",
                                   "password": PASSWORD, "password_again": PASSWORD})
    admin.open("/family")
    admin.post("/family/guardians", {"guardian": "parent", "child": "kid"})
    for name, mark in (("Walk the dog", "🐕"), ("Bins out", "🗑️")):
        admin.open("/family")
        admin.post("/family/chores", {"name": name, "mark": mark, "color": "", "schedule": "day"})

    parent = Member(args.url, "parent")
    parent.open("/login")
    parent.post("/login", {"username": "parent", "password": PASSWORD})
    yesterday = datetime.datetime.now(ZoneInfo(ZONE)).date() - datetime.timedelta(days=1)
    year = last_days(history(3652, yesterday, args.seed), 365, yesterday)
    import_history(parent, "parent", year, 365, yesterday, args.max_body - 2048)
    with open(args.cookie_out, "w") as f:
        f.write(parent.cookie_header())


if __name__ == "__main__":
    sys.exit(main())
