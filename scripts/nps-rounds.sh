#!/usr/bin/env bash
# Nodes per second of several engines' `bench` side by side: each round runs
# every binary once, in turn, so the host's swings hit all of them alike, and
# each engine's figure is read off its own bench ("Nodes/second"). Prints, per
# binary, its median nodes/s and its median ratio to the first binary's run of
# the same round (the first round is a warm-up and left out).
#   scripts/nps-rounds.sh ROUNDS BINARY... [-- BENCH ARGS]
#   e.g. CORE=0 scripts/nps-rounds.sh 12 pikafish old/chariot new/chariot -- 64 1 13
# Both engines' bench take Stockfish's arguments (hash, threads, limit,
# positions, limit kind), so the same positions can be given to each:
#   ... -- 64 1 13 data/bench/bench-30.fen depth
# Any binary whose bench prints "Nodes/second : N" will do (Pikafish-HCE's and
# Stockfish's do). With CORE=n every run is pinned to that core (taskset).
set -euo pipefail
rounds=${1:?usage: $0 ROUNDS BINARY... [-- BENCH ARGS]}
shift
bins=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    bins+=("$1")
    shift
done
[ $# -gt 0 ] && shift
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(64 1 13)
[ ${#bins[@]} -ge 2 ] || { echo "give at least two binaries" >&2; exit 2; }
for bin in "${bins[@]}"; do
    [ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 2; }
done
pin=()
[ -n "${CORE:-}" ] && pin=(taskset -c "$CORE")

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for ((r = 0; r <= rounds; r++)); do
    for i in "${!bins[@]}"; do
        nps=$("${pin[@]}" "${bins[$i]}" bench "${args[@]}" 2>&1 |
            awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}')
        [ -n "$nps" ] || { echo "no Nodes/second from ${bins[$i]}" >&2; exit 1; }
        # Round 0 warms the caches and the clock up; it is not counted.
        [ "$r" -gt 0 ] && echo "$nps" >>"$tmp/$i"
    done
done
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "bench ${args[*]}, $rounds rounds (after one warm-up), ratios to ${bins[0]} round by round"
for i in "${!bins[@]}"; do
    m=$(median <"$tmp/$i")
    if [ "$i" -eq 0 ]; then
        printf '%-40s median %s nodes/s\n' "${bins[$i]}" "$m"
    else
        ratios=$(paste "$tmp/$i" "$tmp/0" | awk '{printf "%.3f\n", $1 / $2}')
        lo=$(sort -g <<<"$ratios" | head -n 1)
        hi=$(sort -g <<<"$ratios" | tail -n 1)
        printf '%-40s median %s nodes/s, ratio median %.3f (%s-%s)\n' \
            "${bins[$i]}" "$m" "$(median <<<"$ratios")" "$lo" "$hi"
    fi
done
