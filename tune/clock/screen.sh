#!/bin/sh
# Many refinements measured at once at a clock (chariot-league -screen,
# docs/league.md): the tune build plays itself, each game pair with every
# switch of FILE on for one side and off for the other by a random sign;
# or, with RIVAL (another engine's binary), plays each pair against the
# rival, and each switch reads as the pairs with it on against those with
# it off. Resumable: the same command goes on from FILE's pairs file.
#   tune/clock/screen.sh FILE
# Settings: TC (10+0.1), PAIRS (1000), SRAND (71), CONCURRENCY (2),
# TUNE_BIN (target/tune/release/chariot), RIVAL. Self-play games are
# adjudicated as in option-sprt.sh; games against the rival are played out,
# as scripts/vs-rival.sh plays them. Results: FILE's name with .pairs.csv
# (.vs-rival.pairs.csv against the rival).
set -eu
cd "$(dirname "$0")/../.."
file=$1
[ -r "$file" ] || { echo "cannot read $file" >&2; exit 2; }
csv="${file%.txt}.pairs.csv"
rival=""
adjudicate="-resign movecount=3 score=400 -draw movenumber=60 movecount=10 score=10"
if [ -n "${RIVAL:-}" ]; then
    [ -x "$RIVAL" ] || { echo "not an executable: $RIVAL" >&2; exit 2; }
    csv="${file%.txt}.vs-rival.pairs.csv"
    rival="-engine cmd=$RIVAL name=rival proto=uci option.Hash=64"
    adjudicate=""
fi
# shellcheck disable=SC2086
exec target/release/chariot-league \
  -engine cmd="${TUNE_BIN:-target/tune/release/chariot}" proto=uci option.Hash=64 $rival \
  -each tc="${TC:-10+0.1}" \
  -openings file=data/openings/expanded.epd order=random -srand "${SRAND:-71}" $adjudicate \
  -screen "$file" pairs="${PAIRS:-1000}" csv="$csv" -concurrency "${CONCURRENCY:-2}" -recover -noprogress
