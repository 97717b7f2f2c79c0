#!/usr/bin/env python3
"""bench/run's helper for photos, on a server with the access log on: signs in the
one-year member of bench/writes.py and times
- a 12-megapixel JPEG from upload to its thumbnail (upload, the day page, the thumbnail),
  three times, with the server's own time for the upload from the access log;
- the server's resident memory at its peak while four such uploads run at once (sampled
  from /proc every 5 ms), against before;
- a day holding 20 photos: the day page's gzipped size and its server time, first and then
  cached (median of 20).
Prints one line each.

  photos.py --url http://127.0.0.1:PORT --log ACCESS_LOG --pid DAWN_PID
"""
import argparse
import datetime
import io
import re
import secrets
import statistics
import sys
import threading
import time

from PIL import Image

from history_pages import PASSWORD, AccessLog, Member


def jpeg(width, height, seed):
    """A photo-like JPEG: smooth gradients with grain, so it compresses like a camera's."""
    base = Image.linear_gradient("L").resize((width, height))
    grain = Image.effect_noise((width, height), 24 + seed % 7)
    image = Image.merge("RGB", (base, grain, base.transpose(Image.Transpose.FLIP_LEFT_RIGHT)))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=88)
    return out.getvalue()


def upload(member, day, payload, name="IMG.jpg"):
    boundary = "----dawnbench" + secrets.token_hex(8)
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{member.csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="{name}"\r\n'
            "Content-Type: image/jpeg\r\n\r\n").encode() + payload + f"\r\n--{boundary}--\r\n".encode()
    r, data = member.request("POST", f"/day/{day}/photos", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    if r.status != 303:
        sys.exit(f"upload to {day} answered {r.status}: {data[:300]!r}")


def photo_ids(page):
    return [int(i) for i in re.findall(rb'<a href="/photos/(\d+)"><img', page)]


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--pid", type=int, required=True)
    args = parser.parse_args()

    log = AccessLog(args.log)
    start = Member.sent
    member = Member(args.url, "one")
    member.open("/login")
    member.post("/login", {"username": "one", "password": PASSWORD})
    today = datetime.date.today()
    big = jpeg(4000, 3000, 1)

    # Upload to thumbnail, three times, each on a day of its own.
    walls, servers = [], []
    for n in range(3):
        day = today - datetime.timedelta(days=40 + n)
        member.open(f"/day/{day}")
        began = time.monotonic()
        index = Member.sent - start
        upload(member, day, big)
        _, page = member.open(f"/day/{day}")
        r, thumb = member.request("GET", f"/photos/{max(photo_ids(page))}/thumb")
        walls.append((time.monotonic() - began) * 1000)
        if r.status != 200 or not thumb:
            sys.exit(f"the thumbnail answered {r.status}")
        servers.append(log.line(index)[4] / 1000)
    print(f"12-MP JPEG ({len(big) / 1e6:.1f} MB), upload to thumbnail: {statistics.median(walls):.0f} ms "
          f"(server: {statistics.median(servers):.0f} ms for the upload), median of 3")

    # Peak memory while four uploads run at once.
    before = rss_mib(args.pid)
    peak = before
    done = threading.Event()

    def sample():
        nonlocal peak
        while not done.is_set():
            peak = max(peak, rss_mib(args.pid))
            time.sleep(0.005)

    clients = []
    for n in range(4):
        c = Member(args.url, f"one-{n}")
        c.jar, c.csrf = dict(member.jar), member.csrf
        clients.append(c)
    payloads = [jpeg(4000, 3000, 10 + n) for n in range(4)]
    sent = Member.sent
    sampler = threading.Thread(target=sample)
    sampler.start()
    threads = [threading.Thread(target=upload, args=(c, today - datetime.timedelta(days=50 + n), p))
               for n, (c, p) in enumerate(zip(clients, payloads))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    Member.sent = sent + len(threads)  # one request each, counted here rather than from four threads
    time.sleep(0.05)
    done.set()
    sampler.join()
    print(f"4 parallel 12-MP uploads: peak RSS {peak:.1f} MiB (before: {before:.1f} MiB)")

    # A day of 20 photos (2 MP each, to keep the run short): the page's size and time.
    day = today - datetime.timedelta(days=60)
    member.open(f"/day/{day}")
    small = [jpeg(1600, 1200, 20 + n) for n in range(20)]
    for n, payload in enumerate(small):
        upload(member, day, payload, f"IMG_{n}.jpg")
    times = []
    size = 0
    for n in range(21):
        index = Member.sent - start
        r, body = member.request("GET", f"/day/{day}", headers={"Accept-Encoding": "gzip"})
        if r.status != 200 or r.getheader("Content-Encoding") != "gzip":
            sys.exit(f"the day page answered {r.status} {r.getheader('Content-Encoding')}")
        size = len(body)
        times.append(log.line(index)[4])
    print(f"day page with 20 photos: {size} B gzipped, server time {times[0]} µs first, "
          f"{statistics.median(times[1:]):.0f} µs cached (median of 20)")


if __name__ == "__main__":
    main()
