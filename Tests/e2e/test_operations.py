"""Operating Dawn: /metrics, `dawn healthcheck`, `dawn serve --print-config`."""
import os
import re
import socket
import subprocess

from conftest import ROOT, dawn_binary, get, request
from test_accounts import setup_admin
from test_maintenance import dawn_cli

TOKEN = "s3cret-metrics-token-0123"


def metrics(dawn, headers=None):
    return get(dawn, "/metrics", headers)


def samples(text):
    """`name{labels}` → value, for every sample line."""
    found = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, value = line.rsplit(" ", 1)
            found[key] = float(value)
    return found


def test_metrics_are_off_unless_asked_for(fresh_dawn):
    dawn = fresh_dawn()
    assert metrics(dawn).status == 404


def test_metrics_count_requests_by_class_and_time_them(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_METRICS": "1"})
    first = metrics(dawn)
    assert first.status == 200
    assert first.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8"
    assert "# TYPE dawn_http_requests_total counter" in first.body.decode()
    before = samples(first.body.decode())
    for _ in range(3):
        assert get(dawn, "/healthz").status == 200
    assert get(dawn, "/no-such-page").status == 404
    after = samples(metrics(dawn).body.decode())
    # The three health checks and the first scrape itself; the 404.
    assert after['dawn_http_requests_total{class="2xx"}'] - before['dawn_http_requests_total{class="2xx"}'] == 4
    assert after['dawn_http_requests_total{class="4xx"}'] - before['dawn_http_requests_total{class="4xx"}'] == 1
    assert after['dawn_http_requests_total{class="5xx"}'] == 0

    buckets = [(k, v) for k, v in after.items() if k.startswith("dawn_http_request_duration_seconds_bucket")]
    assert buckets[-1][0] == 'dawn_http_request_duration_seconds_bucket{le="+Inf"}'
    counts = [v for _, v in buckets]
    assert counts == sorted(counts), "buckets are cumulative"
    assert counts[-1] == after["dawn_http_request_duration_seconds_count"] >= 5
    assert 0 < after["dawn_http_request_duration_seconds_sum"] < 10
    assert after["dawn_http_open_connections"] >= 1
    assert after["process_resident_memory_bytes"] > 1 << 20
    assert after["process_open_fds"] >= 3
    # What SQLite holds (the instance database is open from the start) and the page cache.
    assert 0 < after["dawn_sqlite_memory_bytes"] < after["process_resident_memory_bytes"]
    assert after["dawn_page_cache_bytes"] >= 0


def test_metrics_count_members_and_their_databases(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_METRICS": "1"})
    assert samples(metrics(dawn).body.decode())["dawn_members"] == 0
    admin = setup_admin(dawn)
    admin.get("/")
    figures = samples(metrics(dawn).body.decode())
    assert figures["dawn_members"] == 1
    assert figures['dawn_database_size_bytes{database="instance"}'] == sum(
        os.path.getsize(os.path.join(dawn.data, f)) for f in ("instance.sqlite", "instance.sqlite-wal")
        if os.path.exists(os.path.join(dawn.data, f)))
    member_sizes = [v for k, v in figures.items() if k.startswith('dawn_database_size_bytes{database="member-')]
    assert len(member_sizes) == 1 and member_sizes[0] > 0


def test_metrics_are_for_loopback_only_without_a_token(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_METRICS": "1", "DAWN_TRUSTED_PROXIES": "127.0.0.1"})
    # Through a proxy on the same machine the peer is loopback, but the client is not.
    for header in ("X-Forwarded-For", "Forwarded", "X-Real-IP", "X-Forwarded-Proto"):
        refused = metrics(dawn, {header: "203.0.113.9"})
        assert refused.status == 403, header
        assert b"dawn_" not in refused.body
    # A token where none is configured opens nothing, and says why.
    r = metrics(dawn, {"Authorization": "Bearer " + TOKEN, "X-Forwarded-For": "203.0.113.9"})
    assert r.status == 403
    assert r.body.startswith(b"/metrics is served to loopback only")


def test_metrics_with_a_token(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_METRICS": "1", "DAWN_METRICS_TOKEN": TOKEN})
    forwarded = {"X-Forwarded-For": "203.0.113.9"}
    assert metrics(dawn, dict(forwarded, Authorization="Bearer " + TOKEN)).status == 200
    for wrong in ("Bearer " + TOKEN[:-1], "Bearer " + TOKEN + "x", "Basic " + TOKEN, TOKEN, "Bearer "):
        r = metrics(dawn, dict(forwarded, Authorization=wrong))
        assert r.status == 401, wrong
        assert r.header("WWW-Authenticate") == 'Bearer realm="dawn-metrics"'
        assert b"dawn_" not in r.body
    assert metrics(dawn, forwarded).status == 401
    # A wrong token is refused from loopback too; no header at all is loopback's right.
    assert metrics(dawn, {"Authorization": "Bearer nope"}).status == 401
    assert metrics(dawn).status == 200


def test_metrics_are_served_before_setup_and_to_get_only(fresh_dawn):
    dawn = fresh_dawn(env={"DAWN_METRICS": "1"})
    assert metrics(dawn).status == 200
    r = request(dawn, b"POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
    assert r.status == 405


def test_a_weak_metrics_token_is_refused_at_start():
    r = subprocess.run([dawn_binary(), "serve", "--port", "0", "--data", "/nonexistent/never-created"],
                       env=dict(os.environ, DAWN_METRICS_TOKEN="short"), capture_output=True, timeout=30)
    assert r.returncode == 2
    assert r.stderr.decode().strip() == "dawn: DAWN_METRICS_TOKEN must be at least 16 visible ASCII characters"
    assert not os.path.exists("/nonexistent/never-created")


def test_healthcheck_answers_for_a_running_server(fresh_dawn):
    dawn = fresh_dawn()
    ok = dawn_cli("healthcheck", "--port", dawn.port)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.decode().strip() == "healthy: /healthz answered 200"
    # The same address through the variables the server reads, a wildcard host meaning loopback.
    env = dict(os.environ, DAWN_HOST="0.0.0.0", DAWN_PORT=str(dawn.port))
    assert subprocess.run([dawn_binary(), "healthcheck"], env=env, capture_output=True, timeout=30).returncode == 0


def test_healthcheck_fails_when_nothing_answers():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # Nobody listens on the port now.
    r = dawn_cli("healthcheck", "--port", port)
    assert r.returncode == 1
    assert re.match(rf"dawn: unhealthy: 127\.0\.0\.1:{port}: connect: Connection refused", r.stderr.decode())


def test_healthcheck_fails_on_a_non_200_or_a_non_http_answer():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(4)
        port = listener.getsockname()[1]
        for answer, message in ((b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n",
                                 "dawn: unhealthy: /healthz answered 503"),
                                (b"SSH-2.0-OpenSSH\r\n", f"dawn: unhealthy: 127.0.0.1:{port} answered something that is not HTTP/1.1")):
            child = subprocess.Popen([dawn_binary(), "healthcheck", "--port", str(port)], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
            conn, _ = listener.accept()
            with conn:
                assert conn.recv(4096).startswith(b"GET /healthz HTTP/1.1\r\n")
                conn.sendall(answer)
            _, err = child.communicate(timeout=30)
            assert child.returncode == 1
            assert err.decode().strip() == message


def test_healthcheck_rejects_bad_arguments():
    assert dawn_cli("healthcheck", "--port", "0").stderr.decode().strip() == \
        "dawn: healthcheck needs the server's port, not 0"
    assert dawn_cli("healthcheck", "--port").returncode == 2
    assert dawn_cli("healthcheck", "--verbose", "x").stderr.decode().strip() == \
        'dawn: unknown option "--verbose" (try: dawn --help)'


def test_print_config_shows_what_is_in_effect_and_masks_secrets(tmp_path):
    data = tmp_path / "data"
    env = dict(os.environ, DAWN_PORT="7070", DAWN_METRICS_TOKEN=TOKEN, DAWN_IDLE_TIMEOUT="2.5")
    r = subprocess.run([dawn_binary(), "serve", "--print-config", "--port", "9090", "--data", str(data),
                        "--trusted-proxy", "10.0.0.2", "--max-body-bytes=4096", "--metrics"],
                       env=env, cwd=ROOT, capture_output=True, timeout=30)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.decode().splitlines()
    assert "DAWN_PORT=9090" in lines  # the flag wins over the variable
    assert f"DAWN_DATA={data}" in lines
    assert "DAWN_TRUSTED_PROXIES=10.0.0.2" in lines
    assert "DAWN_MAX_BODY_BYTES=4096" in lines
    assert "DAWN_IDLE_TIMEOUT=2.5" in lines
    assert "DAWN_METRICS=1" in lines
    assert "DAWN_METRICS_TOKEN=********" in lines
    assert TOKEN not in r.stdout.decode()
    assert not data.exists(), "printing the configuration starts nothing and creates nothing"
