#!/usr/bin/env bash
# What watching costs the search: the nodes per second of a SECONDS-long
# analysis of the start position by `chariot serve` (one search thread,
# 64 MB), alone and with BROWSERS headless Chromium pages connected, in
# alternating runs; prints each run and the ratio of the medians.
#
#   scripts/serve-nps.sh [ROUNDS] [SECONDS] [BROWSERS]      (3 60 2)
#
# The server (its search thread and its web thread) is confined to the last
# CPU and the browsers to the others, so that the browsers' own drawing, which
# on a workstation happens on another machine, does not take the search's
# CPU: what is measured is the server's work for them (the state, the
# WebSocket messages), which shares the search's CPU. Needs chromium, python3
# and taskset; CHARIOT (target/release/chariot, built when missing) is the
# engine. A timing run: nothing else may run beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-60}
browsers=${3:-2}
chariot=${CHARIOT:-target/release/chariot}
[ -x "$chariot" ] || cargo build --release -q -p chariot --bin chariot
browser=""
for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null; then browser="$(command -v "$b")"; break; fi
done
[ -n "$browser" ] || { echo "no chromium (Debian package chromium)" >&2; exit 2; }
cpus=$(nproc)
[ "$cpus" -ge 2 ] || { echo "needs two CPUs: one for the server, one for the browsers" >&2; exit 2; }
server_cpu=$((cpus - 1))
browser_cpus="0-$((cpus - 2))"

work="$(mktemp -d)"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    sleep 0.5
    rm -rf "$work"
}
trap cleanup EXIT

# One run: prints the analysis's nodes per second after `seconds`.
run() { # run BROWSERS
    local n=$1 out="$work/serve.out" url
    taskset -c "$server_cpu" "$chariot" serve --port 0 --threads 1 --hash 64 >"$out" 2>&1 &
    local server=$!
    pids+=("$server")
    url=""
    for _ in $(seq 100); do
        url="$(sed -n 's/^chariot serve: \(http:[^ ]*\).*/\1/p' "$out" | head -n 1)"
        [ -n "$url" ] && break
        sleep 0.1
    done
    [ -n "$url" ] || { echo "chariot serve did not start:" >&2; cat "$out" >&2; exit 1; }
    local opened=()
    for i in $(seq "$n"); do
        taskset -c "$browser_cpus" "$browser" --headless=new --no-sandbox --disable-gpu \
            --no-first-run --user-data-dir="$work/profile-$i" --remote-debugging-port=0 \
            "$url" >/dev/null 2>&1 &
        opened+=($!)
        pids+=($!)
    done
    sleep "$seconds"
    python3 - "$url" "$n" <<'EOF'
import json, sys, urllib.request
url, wanted = sys.argv[1], int(sys.argv[2])
reply = urllib.request.urlopen(url.split("?")[0].rstrip("/") + "/api/state")
state = json.load(reply)
connected = int(reply.headers.get("x-browsers", "0"))
if connected != wanted:
    sys.exit(f"{connected} browsers connected, not {wanted}")
print(state["nodes"] * 1000 // max(state["time_ms"], 1), connected)
EOF
    for p in "${opened[@]}"; do kill "$p" 2>/dev/null || true; done
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    sleep 1
}

alone=()
watched=()
for r in $(seq "$rounds"); do
    run 0 >"$work/run"
    read -r a _ <"$work/run"
    run "$browsers" >"$work/run"
    read -r w c <"$work/run"
    echo "round $r: alone $a nodes/s, with $c browsers $w nodes/s, ratio $(python3 -c "print(f'{$w / $a:.4f}')")"
    alone+=("$a")
    watched+=("$w")
done
python3 - "${alone[*]}" "${watched[*]}" <<'EOF'
import statistics, sys
alone = [int(x) for x in sys.argv[1].split()]
watched = [int(x) for x in sys.argv[2].split()]
ratios = sorted(w / a for a, w in zip(alone, watched))
print(f"median alone {statistics.median(alone):.0f} nodes/s, with browsers {statistics.median(watched):.0f}; "
      f"ratio of medians {statistics.median(watched) / statistics.median(alone):.4f}, "
      f"ratios {' '.join(f'{r:.4f}' for r in ratios)}")
EOF
