#!/usr/bin/env bash
# Compares the speed of two chariot binaries side by side: `bench` runs
# alternate between them (so machine noise hits both alike) and the median
# nodes per second of each is printed, with their ratio; the best run of each
# too, the figure least touched by other load on a shared host.
#   scripts/nps-compare.sh OLD_BINARY NEW_BINARY [runs=7] [hash_mb=64] [depth=12]
# With CORE=n set, every run is pinned to that core (taskset), so a match or
# build on the other cores disturbs it less.
set -euo pipefail
old=${1:?usage: $0 OLD_BINARY NEW_BINARY [runs] [hash_mb] [depth]}
new=${2:?usage: $0 OLD_BINARY NEW_BINARY [runs] [hash_mb] [depth]}
runs=${3:-7}
hash=${4:-64}
depth=${5:-12}
for bin in "$old" "$new"; do
    [ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 2; }
done

pin=()
if [ -n "${CORE:-}" ]; then
    pin=(taskset -c "$CORE")
fi
nps() { "${pin[@]}" "$1" bench "$hash" 1 "$depth" 2>&1 | awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}'; }
nodes() { "$1" bench "$hash" 1 "$depth" 2>&1 | awk -F: '/Nodes searched/ {gsub(/ /, "", $2); print $2}'; }
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
best() { sort -n | tail -n 1; }

a=() b=()
for ((i = 0; i < runs; i++)); do
    a+=("$(nps "$old")")
    b+=("$(nps "$new")")
done
ma=$(printf '%s\n' "${a[@]}" | median)
mb=$(printf '%s\n' "${b[@]}" | median)
echo "bench $hash 1 $depth, $runs alternating runs each"
echo "old: median $ma nps (${a[*]}), $(nodes "$old") nodes"
echo "new: median $mb nps (${b[*]}), $(nodes "$new") nodes"
xa=$(printf '%s\n' "${a[@]}" | best)
xb=$(printf '%s\n' "${b[@]}" | best)
awk -v a="$ma" -v b="$mb" -v c="$xa" -v d="$xb" \
    'BEGIN {printf "new/old: %.3f (medians), %.3f (best runs)\n", b / a, d / c}'
