#!/bin/sh
# Chariot against another UCI engine (Pikafish-HCE, built by hand outside the
# repository) under the conditions of the earlier rival matches (now through
# UCI, so that mates show in the move notes): 10 s + 0.1 s,
# 64 MB, one thread each, the openings of data/openings/expanded.epd in the
# order of -srand 21, colours swapped, two games at a time. Resumable: the
# same command goes on where it stopped (-recover).
#   scripts/vs-rival.sh RIVAL_BINARY NAME [OPTION=VALUE ...]
# OPTION=VALUE pairs are set on Chariot; search parameters need the tune
# build (TUNE=1 builds and plays it). Settings: ROUNDS (50 encounters, 100
# games), TC (10+0.1), SRAND (21), CHARIOT and LEAGUE (prebuilt binaries),
# SHARD (K/N: only every N-th encounter from the K-th; scripts/ab-vs-rival.sh).
# Results: NAME.tsv and NAME.pgn in the current directory (the PGN carries
# each move's score, depth and time: scripts/pgn-notes.py NAME.pgn).
set -eu
rival=${1:?usage: $0 RIVAL_BINARY NAME [OPTION=VALUE ...]}
name=${2:?usage: $0 RIVAL_BINARY NAME [OPTION=VALUE ...]}
shift 2
[ -x "$rival" ] || { echo "not an executable: $rival" >&2; exit 2; }
here=$(pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. "$root/scripts/lib.sh"
# CHARIOT and LEAGUE name prebuilt binaries; otherwise both are built here.
league=$(league_binary "$root")
if [ -n "${CHARIOT:-}" ]; then
    chariot=$CHARIOT
elif [ -n "${TUNE:-}" ]; then
    cargo build --release -q -p chariot --features tune --target-dir target/tune
    chariot=$root/target/tune/release/chariot
else
    cargo build --release -q -p chariot
    chariot=$root/target/release/chariot
fi
# Chariot's table is 64 MB, as the rival's, unless a Hash=N is given.
hash="option.Hash=64"
options=""
for kv in "$@"; do
    case $kv in [Hh][Aa][Ss][Hh]=*) hash="" ;; esac
    options="$options option.$kv"
done
cd "$here"
# shellcheck disable=SC2086
exec "$league" \
    -engine cmd="$chariot" name=chariot proto=uci $hash $options \
    -engine cmd="$rival" name=rival proto=uci option.Hash=64 \
    -each tc="${TC:-10+0.1}" -rounds "${ROUNDS:-50}" -games 2 -concurrency 2 \
    -openings file="$root/data/openings/expanded.epd" order=random -srand "${SRAND:-21}" \
    -pgnout "$name.pgn" -results "$name.tsv" -recover ${SHARD:+-shard "$SHARD"}
