#!/usr/bin/env bash
# Where the single-thread search spends its time, counted in instructions by
# callgrind (repeatable: the same binary and input give the same counts,
# whatever else the machine runs). Builds the release binary with line tables
# into target/prof, runs `chariot bench 16 1 DEPTH` under callgrind and prints
# the functions by their own and their inclusive counts.
#   scripts/profile.sh [depth=9] [binary]
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-9}
bin=${2:-}
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
if [ -z "$bin" ]; then
    CARGO_PROFILE_RELEASE_DEBUG=line-tables-only \
        cargo build --release -q -p chariot --target-dir target/prof
    bin=target/prof/release/chariot
fi
out="$(mktemp -d)/callgrind.out"
valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" bench 16 1 "$depth" 2>&1 |
    grep -E 'Nodes searched|Collected'
echo "== own instructions"
callgrind_annotate "$out" 2>/dev/null | grep -E '^ *[0-9,]+ +\(' | head -n 25
echo "== inclusive"
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -E '^ *[0-9,]+ +\(' |
    grep -v -E 'rayon|std::|pthread|call_once' | head -n 20
echo "profile kept in $out (callgrind_annotate --auto=yes $out for the lines)"
