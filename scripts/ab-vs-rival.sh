#!/bin/sh
# Two Chariot builds (or settings), A and B, against the same rival on the
# same openings, taking turns: shard 0 of N of A's match, then shard 0 of
# B's, then shard 1 of each, and so on (scripts/vs-rival.sh with SHARD=K/N;
# a shard is every N-th encounter). Each pair of turns is played within
# minutes, so a machine that runs faster or slower from one day to the next
# (the rival's depth on moves 1-10 moved by more than a ply between runs of
# the same build) moves both alike; runs on different days do not pair so.
# Resumable: the same command skips the shards already played and goes on.
#   scripts/ab-vs-rival.sh RIVAL_BINARY A_NAME B_NAME
# Settings: CHARIOT_A, CHARIOT_B (binaries; by default the release build),
# OPTIONS_A, OPTIONS_B (OPTION=VALUE words for scripts/vs-rival.sh), SHARDS
# (10), and vs-rival.sh's ROUNDS, TC, SRAND, LEAGUE. Results, in the current
# directory: A_NAME.sKofN.tsv and B_NAME.sKofN.tsv (K = 0 .. N-1, N = SHARDS)
# with their PGNs; at the end, both reports and the paired difference.
set -eu
rival=${1:?usage: $0 RIVAL_BINARY A_NAME B_NAME}
a=${2:?usage: $0 RIVAL_BINARY A_NAME B_NAME}
b=${3:?usage: $0 RIVAL_BINARY A_NAME B_NAME}
shards=${SHARDS:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
case $shards in '' | *[!0-9]*) echo "SHARDS must be a whole number, not $shards" >&2; exit 2 ;; esac
[ "$shards" -ge 1 ] || { echo "SHARDS must be at least 1" >&2; exit 2; }
[ "$a" != "$b" ] || { echo "A and B need different names" >&2; exit 2; }
# Every shard's results file of NAME, in order.
files() {
    i=0
    while [ "$i" -lt "$shards" ]; do
        echo "$1.s${i}of$shards.tsv"
        i=$((i + 1))
    done
}
k=0
while [ "$k" -lt "$shards" ]; do
    # shellcheck disable=SC2086
    CHARIOT=${CHARIOT_A:-} SHARD=$k/$shards "$root/scripts/vs-rival.sh" "$rival" "$a.s${k}of$shards" ${OPTIONS_A:-}
    # shellcheck disable=SC2086
    CHARIOT=${CHARIOT_B:-} SHARD=$k/$shards "$root/scripts/vs-rival.sh" "$rival" "$b.s${k}of$shards" ${OPTIONS_B:-}
    k=$((k + 1))
done
. "$root/scripts/lib.sh"
league=$(league_binary "$root")
both=$(mktemp -d)
trap 'rm -rf "$both"' EXIT
for side in a b; do
    if [ "$side" = a ]; then n=$a; else n=$b; fi
    # shellcheck disable=SC2046
    "$league" -report $(files "$n")
    # shellcheck disable=SC2046
    cat $(files "$n") > "$both/$side.tsv"
done
python3 "$root/scripts/pair-compare.py" "$both/a.tsv" "$both/b.tsv"
