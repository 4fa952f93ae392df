#!/bin/sh
# SPSA values against the defaults at 10 s + 0.1 s, the same tune build on
# both sides; SPRT elo0=0 elo1=5, at most 400 games. Resumable.
#   tune/clock/spsa-vs-default.sh [TUNED_FILE [NAME]]
# TUNED_FILE (default tune/spsa/search.tuned.spsa, the 3,000-node run) is an
# SPSA file whose start values are the tuned ones (tune/spsa/tuned.sh writes
# one from a trajectory); NAME (default spsa-vs-default) names the results.
# The environment of option-sprt.sh (TUNE_BIN, CONCURRENCY, ROUNDS) applies.
cd "$(dirname "$0")/../.."
tuned=${1:-tune/spsa/search.tuned.spsa}
name=${2:-spsa-vs-default}
[ -r "$tuned" ] || { echo "cannot read $tuned" >&2; exit 2; }
# shellcheck disable=SC2046
ON_NAME=spsa OFF_NAME=default ROUNDS=${ROUNDS:-200} exec tune/clock/option-sprt.sh "$name" \
  $(tune/spsa/start-options.sh "$tuned")
