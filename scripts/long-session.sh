#!/usr/bin/env bash
# A long analysis session as a GUI runs it: `go infinite` with T threads for M
# minutes, `isready` every few seconds (each must be answered), the resident
# memory sampled each minute, then `stop` and the time to bestmove.
#
#   scripts/long-session.sh [minutes] [threads] [hashMB]
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES=${1:-10}
THREADS=${2:-2}
HASH=${3:-256}
cargo build --release -q -p chariot
python3 - target/release/chariot "$MINUTES" "$THREADS" "$HASH" <<'PY'
import queue, subprocess, sys, threading, time

binary, minutes, threads, hash_mb = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
lines = queue.Queue()
threading.Thread(target=lambda: [lines.put((time.monotonic(), l.rstrip())) for l in p.stdout], daemon=True).start()

def send(cmd):
    p.stdin.write(cmd + "\n")
    p.stdin.flush()

def wait_for(prefix, timeout):
    end = time.monotonic() + timeout
    count = 0
    while time.monotonic() < end:
        try:
            t, l = lines.get(timeout=max(0.0, end - time.monotonic()))
        except queue.Empty:
            break
        count += 1
        if l.startswith(prefix):
            return t, l, count
    return None, None, count

def rss_kib():
    with open(f"/proc/{p.pid}/status") as f:
        for l in f:
            if l.startswith("VmRSS:"):
                return int(l.split()[1])

send("ucci")
assert wait_for("ucciok", 10)[0], "no ucciok"
send(f"setoption threads {threads}")
send(f"setoption hashsize {hash_mb}")
send("position startpos")
send("go infinite")
start = time.monotonic()
worst_ready = 0.0
info_lines = 0
next_minute = 60
samples = []
while time.monotonic() - start < minutes * 60:
    sent = time.monotonic()
    send("isready")
    t, l, n = wait_for("readyok", 5)
    info_lines += n - 1
    if t is None:
        print("FAIL: isready not answered within 5 s")
        sys.exit(1)
    worst_ready = max(worst_ready, t - sent)
    elapsed = time.monotonic() - start
    if elapsed >= next_minute:
        samples.append((round(elapsed / 60), rss_kib()))
        print(f"minute {samples[-1][0]:3}: RSS {samples[-1][1] / 1024:.1f} MiB", flush=True)
        next_minute += 60
    time.sleep(2)
print(f"end of session ({(time.monotonic() - start) / 60:.1f} min): RSS {rss_kib() / 1024:.1f} MiB", flush=True)
sent = time.monotonic()
send("stop")
t, l, n = wait_for("bestmove", 10)
info_lines += n
print(f"stop -> bestmove: {(t - sent) * 1000:.1f} ms ({l})")
print(f"worst isready -> readyok: {worst_ready * 1000:.1f} ms")
print(f"output lines during the session: {info_lines} ({info_lines / (minutes * 60):.2f} per second)")
send("quit")
p.wait(timeout=10)
PY
