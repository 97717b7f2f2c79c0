"""The HTTP server through a real socket: framing, keep-alive, pipelining, limits, compression."""
import gzip
import re
import socket
import time

from conftest import Reader, get, request

H = "Host: localhost\r\n"


def test_healthz_has_date_length_and_charset(dawn):
    r = get(dawn, "/healthz")
    assert r.status == 200 and r.body == b"ok\n"
    assert r.header("Content-Length") == "3"
    assert r.header("Content-Type") == "text/plain; charset=utf-8"
    assert re.fullmatch(r"\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT", r.header("Date"))
    assert r.header("X-Content-Type-Options") == "nosniff"


def test_html_pages_carry_security_headers(dawn):
    r = get(dawn, "/setup")
    assert r.status == 200
    assert r.header("Content-Type") == "text/html; charset=utf-8"
    csp = r.header("Content-Security-Policy")
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert r.header("Referrer-Policy") == "same-origin"
    assert r.header("X-Content-Type-Options") == "nosniff"


def test_gzip_when_accepted_and_not_when_refused(dawn):
    plain = get(dawn, "/_test/big?bytes=20000")
    assert plain.header("Content-Encoding") is None and len(plain.body) == 20000
    assert plain.header("Vary") == "Accept-Encoding"
    zipped = get(dawn, "/_test/big?bytes=20000", {"Accept-Encoding": "br, gzip"})
    assert zipped.header("Content-Encoding") == "gzip"
    assert zipped.header("Vary") == "Accept-Encoding"
    assert int(zipped.header("Content-Length")) == len(zipped.body) < 2000
    assert gzip.decompress(zipped.body) == plain.body
    for refusal in ["gzip;q=0", "identity", "br", "*;q=0", "gzip;q=0, *"]:
        r = get(dawn, "/_test/big?bytes=20000", {"Accept-Encoding": refusal})
        assert r.header("Content-Encoding") is None, refusal
    small = get(dawn, "/_test/big?bytes=500", {"Accept-Encoding": "gzip"})
    assert small.header("Content-Encoding") is None, "bodies under 1 KiB are not compressed"


def test_keep_alive_serves_many_requests_on_one_connection(dawn):
    with dawn.connect() as s:
        reader = Reader(s)
        for _ in range(5):
            s.sendall(f"GET /healthz HTTP/1.1\r\n{H}\r\n".encode())
            r = reader.read()
            assert r.status == 200 and r.header("Connection") is None
        s.sendall(f"GET /healthz HTTP/1.1\r\n{H}Connection: close\r\n\r\n".encode())
        assert reader.read().header("Connection") == "close"
        assert reader.closed()


def test_http10_closes_unless_keep_alive_is_asked(dawn):
    with dawn.connect() as s:
        s.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
        reader = Reader(s)
        assert reader.read().status == 200
        assert reader.closed()
    with dawn.connect() as s:
        s.sendall(b"GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        reader = Reader(s)
        assert reader.read().header("Connection") == "keep-alive"
        s.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
        assert reader.read().status == 200


def test_pipelined_requests_are_answered_in_order(dawn):
    with dawn.connect() as s:
        s.sendall((f"GET /_test/sleep?ms=300 HTTP/1.1\r\n{H}\r\n"
                   f"GET /nope HTTP/1.1\r\n{H}\r\n"
                   f"GET /_test/big?bytes=7 HTTP/1.1\r\n{H}\r\n"
                   f"HEAD /healthz HTTP/1.1\r\n{H}\r\n"
                   f"GET /healthz HTTP/1.1\r\n{H}Connection: close\r\n\r\n").encode())
        reader = Reader(s)
        first = reader.read()
        assert (first.status, first.body) == (200, b"slept 300 ms\n")
        assert reader.read().status == 404
        assert reader.read().body == b"Dawn ke"
        head = reader.read(head_request=True)
        assert head.status == 200 and head.header("Content-Length") == "3"
        last = reader.read()
        assert last.body == b"ok\n"
        assert reader.closed()


def test_head_keeps_length_and_sends_no_body(dawn):
    with dawn.connect() as s:
        s.sendall(f"HEAD /setup HTTP/1.1\r\n{H}\r\nGET /healthz HTTP/1.1\r\n{H}Connection: close\r\n\r\n".encode())
        reader = Reader(s)
        head = reader.read(head_request=True)
        full = get(dawn, "/setup")
        assert head.status == 200 and int(head.header("Content-Length")) == len(full.body)
        # If HEAD had sent a body, this would read its bytes as the next status line.
        assert reader.read().body == b"ok\n"


def expect_error(dawn, raw, status):
    with dawn.connect() as s:
        s.sendall(raw)
        reader = Reader(s)
        r = reader.read()
        assert r.status == status, (raw[:120], r)
        assert r.header("Connection") == "close"
        assert reader.closed(), "the connection is closed after a parse error"
        return r


def test_request_line_over_8k_is_414(dawn):
    expect_error(dawn, b"GET /" + b"a" * 8300 + b" HTTP/1.1\r\n" + H.encode() + b"\r\n", 414)


def test_request_line_over_8k_is_414_before_its_end_arrives(dawn):
    with dawn.connect() as s:
        s.sendall(b"GET /" + b"a" * 9000)
        assert Reader(s).read().status == 414


def test_header_block_over_16k_is_431(dawn):
    fields = "".join(f"X-Filler-{i}: {'v' * 400}\r\n" for i in range(45))
    expect_error(dawn, f"GET / HTTP/1.1\r\n{H}{fields}\r\n".encode(), 431)


def test_more_than_100_fields_is_431_and_100_is_fine(dawn):
    ninety_nine = "".join(f"X-F{i}: 1\r\n" for i in range(98))  # + Host + Connection = 100
    assert request(dawn, f"GET /healthz HTTP/1.1\r\n{H}{ninety_nine}Connection: close\r\n\r\n".encode()).status == 200
    too_many = "".join(f"X-F{i}: 1\r\n" for i in range(101))
    expect_error(dawn, f"GET /healthz HTTP/1.1\r\n{H}{too_many}\r\n".encode(), 431)


def test_body_over_1mib_is_413_without_sending_the_body(dawn):
    with dawn.connect() as s:
        s.sendall(f"POST /_test/echo HTTP/1.1\r\n{H}Content-Type: application/x-www-form-urlencoded\r\n"
                  f"Content-Length: {1024 * 1024 + 1}\r\n\r\n".encode())
        started = time.time()
        r = Reader(s).read()
        assert r.status == 413
        assert time.time() - started < 2, "413 comes as soon as the header says so"


def test_chunked_body_over_1mib_is_413(dawn):
    chunk = b"a" * 65536
    with dawn.connect() as s:
        s.sendall(f"POST /_test/echo HTTP/1.1\r\n{H}Content-Type: application/x-www-form-urlencoded\r\n"
                  f"Transfer-Encoding: chunked\r\n\r\n".encode())
        try:
            for _ in range(17):
                s.sendall(b"10000\r\n" + chunk + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        assert Reader(s).read().status == 413


def test_framing_errors(dawn):
    cases = [
        (f"POST /_test/echo HTTP/1.1\r\n{H}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc", 400),
        (f"POST /_test/echo HTTP/1.1\r\n{H}Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc", 400),
        (f"POST /_test/echo HTTP/1.1\r\n{H}Content-Length: 3, 3\r\n\r\nabc", 400),
        (f"POST /_test/echo HTTP/1.1\r\n{H}Content-Length: -3\r\n\r\nabc", 400),
        (f"POST /_test/echo HTTP/1.1\r\n{H}Content-Length: 0x3\r\n\r\nabc", 400),
        (f"POST /_test/echo HTTP/1.1\r\n{H}Transfer-Encoding: gzip\r\n\r\n", 501),
        (f"POST /_test/echo HTTP/1.1\r\n{H}Transfer-Encoding: chunked, gzip\r\n\r\n", 501),
        (f"GET / HTTP/1.1\nHost: localhost\n\n", 400),
        (f"GET / HTTP/1.1\r\n{H}X-A: 1\r\n folded\r\n\r\n", 400),
        (f"GET / HTTP/1.1\r\n{H}X-A : 1\r\n\r\n", 400),
        (f"GET / HTTP/1.1\r\n{H}X-A: 1\x01\r\n\r\n", 400),
        (f"GET / HTTP/1.1\r\n{H}X\x7fA: 1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        (f"GET / HTTP/1.1\r\n{H}{H}\r\n", 400),
        (f"GET / HTTP/2.0\r\n{H}\r\n", 505),
        (f"GET / HTTP/1.1x\r\n{H}\r\n", 400),
        (f"BREW / HTTP/1.1\r\n{H}\r\n", 501),
        (f"G(T / HTTP/1.1\r\n{H}\r\n", 400),
        (f"GET  / HTTP/1.1\r\n{H}\r\n", 400),
        (f"GET http://evil/ HTTP/1.1\r\n{H}\r\n", 400),
    ]
    for raw, status in cases:
        expect_error(dawn, raw.encode("latin-1"), status)


def test_known_method_on_wrong_route_is_405_with_allow(dawn):
    r = request(dawn, f"POST /healthz HTTP/1.1\r\n{H}Content-Length: 0\r\nConnection: close\r\n\r\n".encode())
    assert r.status == 405
    assert r.header("Allow") == "GET, HEAD"
    r = request(dawn, f"DELETE /_test/echo HTTP/1.1\r\n{H}Connection: close\r\n\r\n".encode())
    assert r.status == 405 and r.header("Allow") == "POST"


def post_form(dawn, body, content_type="application/x-www-form-urlencoded"):
    body = body if isinstance(body, bytes) else body.encode()
    return request(dawn, f"POST /_test/echo HTTP/1.1\r\n{H}Content-Type: {content_type}\r\n"
                         f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)


def test_forms_are_decoded_strictly(dawn):
    ok = post_form(dawn, "note=Caff%C3%A8+al+bar&empty=&flag")
    assert ok.status == 200 and ok.body.decode() == "note=Caffè al bar\nempty=\nflag=\n"
    for bad in ["a=%", "a=%4", "a=%zz", "a=%C3%28", "a=%C0%AF", "a=%ED%A0%80", "a=%00"]:
        r = post_form(dawn, bad)
        assert r.status == 400, bad
        assert r.header("Content-Type") == "text/html; charset=utf-8"
    assert post_form(dawn, "&".join(f"f{i}=1" for i in range(257))).status == 400
    assert post_form(dawn, "&".join(f"f{i}=1" for i in range(256))).status == 200
    assert post_form(dawn, "a=1", "text/plain").status == 415


def test_bad_query_string_is_400(dawn):
    assert get(dawn, "/_test/big?bytes=%zz").status == 400


def test_chunked_request_body_is_accepted(dawn):
    body = b"5\r\nnote=\r\n3;ext=1\r\nhi%\r\n2\r\n21\r\n0\r\nX-Trailer: 1\r\n\r\n"
    r = request(dawn, f"POST /_test/echo HTTP/1.1\r\n{H}Content-Type: application/x-www-form-urlencoded\r\n"
                      f"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n".encode() + body)
    assert r.status == 200 and r.body == b"note=hi!\n"


def test_byte_by_byte_request_is_served(dawn):
    with dawn.connect() as s:
        for b in f"GET /healthz HTTP/1.1\r\n{H}Connection: close\r\n\r\n".encode():
            s.send(bytes([b]))
        assert Reader(s).read().body == b"ok\n"


def test_access_log_line_has_no_query(dawn):
    get(dawn, "/_test/big?bytes=11&secret=hunter2")
    line = dawn.wait_for_log(r"^GET /_test/big 200 11 \d+us$")
    assert line is not None, dawn.lines[-5:]
    assert not any("hunter2" in l for l in dawn.lines)


def test_expect_100_continue_is_answered_before_the_body(dawn):
    with dawn.connect() as s:
        s.sendall(f"POST /_test/echo HTTP/1.1\r\n{H}Content-Type: application/x-www-form-urlencoded\r\n"
                  f"Content-Length: 3\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n".encode())
        reader = Reader(s)
        interim = reader.read()
        assert interim.status == 100
        s.sendall(b"a=1")
        assert reader.read().body == b"a=1\n"


def test_expect_100_continue_with_too_large_body_gets_413_not_100(dawn):
    with dawn.connect() as s:
        s.sendall(f"POST /_test/echo HTTP/1.1\r\n{H}Content-Length: {2 << 20}\r\nExpect: 100-continue\r\n\r\n".encode())
        assert Reader(s).read().status == 413
