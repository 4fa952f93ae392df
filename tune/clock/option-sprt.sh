#!/bin/sh
# One search refinement at a clock: the tune build with the given options
# against the same build at its defaults. SPRT, capped at ROUNDS game pairs;
# resumable (the same command with the same NAME goes on with -recover).
#   tune/clock/option-sprt.sh NAME OPTION=VALUE [OPTION=VALUE ...]
# Settings: TC (10+0.1), ELO0 (0), ELO1 (5), ROUNDS (200), SRAND (61),
# ON_NAME (on) and OFF_NAME (off), the engines' names in the results;
# NODES (a fixed node count a move instead of the clock: a first filter),
# CONCURRENCY (2), TUNE_BIN (target/tune/release/chariot), OFF_BIN (the
# off side's binary, TUNE_BIN unless set: two builds against each other,
# with no options given, test a change that is no option); OFF_OPTIONS
# ("OPTION=VALUE ..." for the off side, none unless set: the tuned search
# against the untuned one, tune/clock/tuned-vs-untuned.sh); ADJUDICATE (1:
# a game ends when both engines see one side 400 or more behind for three
# moves each, or from move 60 both score within 10 for ten moves each; in
# three earlier clock tests, 857 games replayed, that would have been right
# every time it resigned and once wrong in 157 draws, and saved 12-14% of the
# thinking time; 0 plays every game out, as the tests begun before this did).
# Results: tune/clock/NAME.tsv (one line a game) and NAME.pgn.
set -eu
cd "$(dirname "$0")/../.."
name=$1
shift
on=""
for kv in "$@"; do on="$on option.$kv"; done
off=""
for kv in ${OFF_OPTIONS:-}; do off="$off option.$kv"; done
limit="tc=${TC:-10+0.1}"
[ -n "${NODES:-}" ] && limit="nodes=$NODES"
adjudicate=""
[ "${ADJUDICATE:-1}" = 0 ] ||
    adjudicate="-resign movecount=3 score=400 -draw movenumber=60 movecount=10 score=10"
bin=${TUNE_BIN:-target/tune/release/chariot}
# shellcheck disable=SC2086
exec target/release/chariot-league \
  -engine cmd="$bin" name="${ON_NAME:-on}" $on \
  -engine cmd="${OFF_BIN:-$bin}" name="${OFF_NAME:-off}" $off \
  -each proto=uci "$limit" option.Hash=64 \
  -openings file=data/openings/expanded.epd order=random -srand "${SRAND:-61}" \
  -games 2 -rounds "${ROUNDS:-200}" -concurrency "${CONCURRENCY:-2}" \
  -sprt elo0="${ELO0:-0}" elo1="${ELO1:-5}" alpha=0.05 beta=0.05 $adjudicate \
  -pgnout "tune/clock/$name.pgn" -results "tune/clock/$name.tsv" -recover -noprogress
