#!/bin/sh
# Many refinements measured at once at a clock (chariot-league -screen,
# docs/league.md): the tune build plays itself, each game pair with every
# switch of FILE on for one side and off for the other by a random sign.
# Resumable: the same command goes on from FILE's pairs file.
#   tune/clock/screen.sh FILE
# Settings: TC (10+0.1), PAIRS (1000), SRAND (71), CONCURRENCY (2),
# TUNE_BIN (target/tune/release/chariot). Games are adjudicated as in
# option-sprt.sh. Results: FILE's name with .pairs.csv.
set -eu
cd "$(dirname "$0")/../.."
file=$1
[ -r "$file" ] || { echo "cannot read $file" >&2; exit 2; }
exec target/release/chariot-league \
  -engine cmd="${TUNE_BIN:-target/tune/release/chariot}" proto=uci option.Hash=64 \
  -each tc="${TC:-10+0.1}" \
  -openings file=data/openings/expanded.epd order=random -srand "${SRAND:-71}" \
  -resign movecount=3 score=400 -draw movenumber=60 movecount=10 score=10 \
  -screen "$file" pairs="${PAIRS:-1000}" -concurrency "${CONCURRENCY:-2}" -recover -noprogress
