# Shared by bench/load and bench/soak (sourced, not run): installs wrk if missing,
# builds the release binary, starts it on a free loopback port with a fresh data
# folder, and signs a member in with some history, as bench/run does.
# Sets: BIN, work, DAWN_PID, D (base URL), SESSION ("Cookie: …"), GZ.

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v wrk >/dev/null; then
  apt-get update -qq -o DPkg::Lock::Timeout=120 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=120 wrk >/dev/null
fi

swift build -c release --static-swift-stdlib 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
BIN=.build/release/dawn
work=$(mktemp -d)
DAWN_PID=
cleanup() {
  [ -n "${HELPER_PID:-}" ] && kill "$HELPER_PID" 2>/dev/null
  [ -n "$DAWN_PID" ] && kill "$DAWN_PID" 2>/dev/null && wait "$DAWN_PID" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# The helpers hold over a thousand sockets: raise this shell's soft limit (the server
# raises its own to the hard limit).
ulimit -n "$(ulimit -Hn)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PORT=$(free_port)
D="http://127.0.0.1:$PORT"
GZ="Accept-Encoding: gzip"

# Every client here is 127.0.0.1: bench/load holds over 1,200 connections from it and
# bench/soak about 100, far over the 64 one client address may hold by default. The
# benchmarks measure the server under load, not that cap: lift it (set it to test the cap).
export DAWN_MAX_CONNECTIONS_PER_CLIENT=${DAWN_MAX_CONNECTIONS_PER_CLIENT:-4096}
"$BIN" serve --port "$PORT" --data "$work/data" >"$work/dawn.log" 2>"$work/dawn.err" &
DAWN_PID=$!
for _ in $(seq 100); do curl -sf "$D/healthz" >/dev/null && break; sleep 0.1; done

# A member with some history, signed in: the day page is what a family opens all day.
jar="$work/cookies"
csrf() { grep -o 'name="csrf" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//'; }
token=$(curl -sf -c "$jar" -b "$jar" "$D/setup" | csrf)
curl -sf -c "$jar" -b "$jar" -o /dev/null --data-urlencode "csrf=$token" -d "username=bench&display_name=Bench" \
  -d "password=bench-password-1&password_again=bench-password-1&time_zone=Europe/Rome" "$D/setup"
for back in 1 2 3 5 8 13; do
  day=$(date -u -d "-$back days" +%F)
  token=$(curl -sf -b "$jar" "$D/day/$day" | csrf)
  curl -sf -b "$jar" -o /dev/null --data-urlencode "csrf=$token" -d "note=walked+the+dog" "$D/day/$day/notes"
  curl -sf -b "$jar" -o /dev/null --data-urlencode "csrf=$token" -d "entry=A+good+day." "$D/day/$day/entry"
done
SESSION="Cookie: dawn_session=$(awk '$6 == "dawn_session" {print $7}' "$jar")"

rss_kib() { awk '/VmRSS/ {print $2}' "/proc/$DAWN_PID/status"; }
open_fds() { ls "/proc/$DAWN_PID/fd" | wc -l; }
