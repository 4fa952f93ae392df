#!/usr/bin/env bash
# Nodes per second with T threads against one thread, for several engines side
# by side: each round runs every binary's bench with one thread and then with
# T, in turn, so the host's swings hit all of them alike; a binary's ratio is
# read pair by pair within a round. Prints, per binary, the median ratio and
# each round's (the first round is a warm-up and left out).
#   scripts/bench-scaling.sh ROUNDS BINARY... [-- HASH_MB THREADS DEPTH]
#   e.g. scripts/bench-scaling.sh 5 target/release/chariot pikafish -- 64 2 13
# Any binary whose `bench HASH THREADS DEPTH` prints "Nodes/second : N" will do
# (Pikafish-HCE's and Stockfish's do). Nothing else should run meanwhile.
set -euo pipefail
rounds=${1:?usage: $0 ROUNDS BINARY... [-- HASH_MB THREADS DEPTH]}
shift
bins=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    bins+=("$1")
    shift
done
[ $# -gt 0 ] && shift
hash=${1:-64}
threads=${2:-2}
depth=${3:-13}
[ ${#bins[@]} -ge 1 ] || { echo "give at least one binary" >&2; exit 2; }
for bin in "${bins[@]}"; do
    [ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 2; }
done
nps() {
    "$1" bench "$hash" "$2" "$depth" 2>&1 | awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}'
}
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for ((r = 0; r <= rounds; r++)); do
    for i in "${!bins[@]}"; do
        one=$(nps "${bins[$i]}" 1)
        many=$(nps "${bins[$i]}" "$threads")
        [ -n "$one" ] && [ -n "$many" ] || { echo "no Nodes/second from ${bins[$i]}" >&2; exit 1; }
        # Round 0 warms the caches and the clock up; it is not counted.
        if [ "$r" -gt 0 ]; then
            awk -v a="$many" -v b="$one" 'BEGIN {printf "%.3f\n", a / b}' >>"$tmp/$i"
            echo "round $r ${bins[$i]}: $one nodes/s with 1 thread, $many with $threads"
        fi
    done
done
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "bench $hash MB, depth $depth: nodes/s with $threads threads / 1 thread, $rounds rounds"
for i in "${!bins[@]}"; do
    printf "%-40s median %s  (%s)\n" "${bins[$i]}" "$(median <"$tmp/$i")" "$(tr '\n' ' ' <"$tmp/$i")"
done
