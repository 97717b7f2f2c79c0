#!/usr/bin/env python3
"""Reads bench/load's two wrk runs and the slow clients' report; prints the figures and
PASS/FAIL for each acceptance criterion (exit 1 if any fails).

  load_report.py WRK_A WRK_B CLIENTS_JSON HEADER_TIMEOUT_S TIMEOUT_408_LOG_LINES ACCESS_LOG A_LINES B_LINES

A_LINES and B_LINES are FROM:TO line ranges of the access log written during each phase.
"""
import json
import re
import sys

P99_LIMIT_MS = 20.0
THROUGHPUT_FLOOR = 0.80
# The loop checks deadlines every 500 ms at most; a slowloris gets its 408 within that
# (plus scheduling) of the header timeout.
CUT_SLACK_S = 1.5


def milliseconds(text):
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def parse_wrk(path):
    out = open(path).read()
    figures = {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
        "p50": milliseconds(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1)),
        "p99": milliseconds(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)),
        "non2xx": 0,
        "socket_errors": 0,
    }
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if m:
        figures["non2xx"] = int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if m:
        figures["socket_errors"] = sum(int(x) for x in m.groups())
        figures["socket_detail"] = m.group(0)
    return figures


def server_times(log_path, line_range):
    """p50, p99 and max of the server's own microseconds for `GET / 200` lines in the range."""
    first, last = (int(x) for x in line_range.split(":"))
    times = []
    with open(log_path, errors="replace") as f:
        for number, line in enumerate(f):
            line = line.rstrip()
            if first <= number < last and line.startswith("GET / 200 ") and line.endswith("us"):
                times.append(int(line.rsplit(" ", 1)[1][:-2]))
    if not times:
        return None
    times.sort()
    return times[len(times) // 2], times[min(len(times) - 1, len(times) * 99 // 100)], times[-1]


def main():
    a, b = parse_wrk(sys.argv[1]), parse_wrk(sys.argv[2])
    clients = json.load(open(sys.argv[3]))
    header_timeout = float(sys.argv[4])
    logged_408 = int(sys.argv[5])
    idle, slow = clients["idle"], clients["slow"]
    own = {"A": server_times(sys.argv[6], sys.argv[7]), "B": server_times(sys.argv[6], sys.argv[8])}

    print(f"{'phase':<44} {'req/s':>10} {'p50':>9} {'p99':>9} {'non-2xx':>8} {'sock err':>9}")
    for name, f in [("A: day page alone", a), ("B: + 1,000 idle + 200 slowloris", b)]:
        print(f"{name:<44} {f['rps']:>10.0f} {f['p50']:>7.2f}ms {f['p99']:>7.2f}ms {f['non2xx']:>8} {f['socket_errors']:>9}")
    for phase, t in own.items():
        if t:
            print(f"server's own time per day page in {phase} (access log): p50 {t[0]} µs, p99 {t[1]} µs, max {t[2]} µs")
    ratio = b["rps"] / a["rps"]
    print(f"throughput B/A: {ratio:.2f}")
    print(f"idle keep-alive: {idle['served_first']}/{idle['opened']} served before phase B, "
          f"{idle['closed_by_server']} closed by the server during it, "
          f"{idle['served_again_at_end']} served again after it")
    cut = slow["cut_after_s"]
    when = f", after {cut['min']}–{cut['max']} s (median {cut['median']} s) of trickling" if cut else ""
    print(f"slowloris: {slow['opened']} opened ({slow['concurrent']} at a time, replaced when cut), "
          f"{slow['cut']} cut off {slow['cut_how']}{when}; header timeout {header_timeout:g} s; "
          f"{logged_408} timeouts in the access log; {slow['still_open_at_end']} still open at the end, "
          f"the oldest {slow['oldest_open_at_end_s']} s old")

    limit = header_timeout + CUT_SLACK_S
    criteria = [
        (f"p99 in phase B ≤ {P99_LIMIT_MS:g} ms ({b['p99']:.2f} ms)", b["p99"] <= P99_LIMIT_MS),
        (f"no request failed (phase A {a['non2xx']} non-2xx/{a['socket_errors']} socket errors, "
         f"phase B {b['non2xx']}/{b['socket_errors']}; idle {idle['served_first']}+{idle['served_again_at_end']} "
         f"of {idle['opened']}+{idle['opened'] - idle['closed_by_server']} answered)",
         a["non2xx"] == a["socket_errors"] == b["non2xx"] == b["socket_errors"] == 0
         and idle["served_first"] == idle["opened"] and idle["closed_by_server"] == 0
         and idle["served_again_at_end"] == idle["opened"]),
        (f"slow clients cut off at the header deadline (all {slow['cut']} within {limit:g} s, none older left)",
         slow["cut"] >= slow["concurrent"] and cut is not None and cut["max"] <= limit
         and slow["oldest_open_at_end_s"] <= limit),
        (f"throughput B within 20% of A (B/A {ratio:.2f} ≥ {THROUGHPUT_FLOOR:.2f})", ratio >= THROUGHPUT_FLOOR),
    ]
    failed = 0
    for text, ok in criteria:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")
        failed += not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
