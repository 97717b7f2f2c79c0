#!/usr/bin/env python3
"""bench/run's helper for writes: seeds a one-year and a ten-year member (the seeded
history of bench/history_pages.py, through the real /import), then times a check-off:
ROUNDS times per member, today's "done" on a daily habit then its undo; the server's own
time of each "done" from the access log. Prints the medians, and writes what bench/run's
notes load (bench/notes.lua) needs to --env-out: the one-year member's cookie, CSRF token
and the thirty days it writes notes to.

  writes.py --url http://127.0.0.1:PORT --log ACCESS_LOG --max-body BYTES --env-out FILE
"""
import argparse
import datetime
import re
import statistics
import sys
from zoneinfo import ZoneInfo

from history_pages import ZONE, AccessLog, Member, seed_one_and_ten


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--max-body", type=int, required=True)
    parser.add_argument("--env-out", required=True)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    log = AccessLog(args.log)  # before the first request: line i is request i
    today = datetime.datetime.now(ZoneInfo(ZONE)).date()
    yesterday = today - datetime.timedelta(days=1)
    print("seeding for the writes:")
    one, ten = seed_one_and_ten(args.url, args.max_body, args.seed, yesterday)

    medians = {}
    for member in (one, ten):
        _, page = member.open(f"/day/{today}")
        # "Morning walk", a daily habit with a streak behind it in both histories.
        found = re.search(rb'action="/day/' + str(today).encode() + rb'/check/(\d+)"', page)
        if not found:
            sys.exit(f"{member.name}: no checklist form on /day/{today}")
        check = f"/day/{today}/check/{found.group(1).decode()}"
        times = []
        for _ in range(args.rounds):
            index = Member.sent
            member.post(check, {"action": "done"})
            method, path, status, _, micros = log.line(index)
            if (method, path, status) != ("POST", check, 303):
                sys.exit(f"access-log line {index} is {method} {path} {status}, not POST {check} 303")
            times.append(micros)
            member.post(check, {"action": "undo"})
        medians[member.name] = statistics.median(times)
    print(f"check-off, server time (median of {args.rounds}, from the access log): "
          f"{medians['one']:,.0f} µs with one year, {medians['ten']:,.0f} µs with ten years")

    one.open(f"/day/{today}")
    days = " ".join(str(today - datetime.timedelta(days=back)) for back in range(30))
    with open(args.env_out, "w") as f:
        f.write(f"NOTES_COOKIE='{one.cookie_header()[len('Cookie: '):]}'\n")
        f.write(f"NOTES_CSRF='{one.csrf}'\nNOTES_DAYS='{days}'\n")
        f.write(f"CHECK_ONE={medians['one']:.0f}\nCHECK_TEN={medians['ten']:.0f}\n")


if __name__ == "__main__":
    sys.exit(main())
