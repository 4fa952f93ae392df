#!/bin/sh
# What a second thread is worth in games: an engine with THREADS threads
# (default 2) against the same engine with one, 10 s + 0.1 s, 64 MB each, one
# game at a time and no pondering (so only one engine searches at any moment
# and the many-thread side has every core), the openings of
# data/openings/expanded.epd in the order of -srand 31, colours swapped.
# Resumable: the same command goes on where it stopped (-recover).
#   scripts/thread-elo.sh BINARY NAME [uci|ucci]
# Works for any UCI engine with a Threads option (Pikafish-HCE too) and for
# Chariot under UCCI (option threads). Settings: ROUNDS (100 encounters, 200
# games), TC (10+0.1), SRAND (31), THREADS (2), LEAGUE (a prebuilt
# chariot-league).
# Results: NAME.tsv and NAME.pgn in the current directory.
set -eu
bin=${1:?usage: $0 BINARY NAME [uci|ucci]}
name=${2:?usage: $0 BINARY NAME [uci|ucci]}
proto=${3:-uci}
[ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 2; }
here=$(pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. "$root/scripts/lib.sh"
league=$(league_binary "$root")
cd "$here"
if [ "$proto" = ucci ]; then t=threads; h=hashsize; else t=Threads; h=Hash; fi
n=${THREADS:-2}
exec "$league" \
    -engine cmd="$bin" name="threads-$n" proto="$proto" "option.$t=$n" "option.$h=64" \
    -engine cmd="$bin" name=threads-1 proto="$proto" "option.$t=1" "option.$h=64" \
    -each tc="${TC:-10+0.1}" -rounds "${ROUNDS:-100}" -games 2 -concurrency 1 \
    -openings file="$root/data/openings/expanded.epd" order=random -srand "${SRAND:-31}" \
    -pgnout "$name.pgn" -results "$name.tsv" -recover
