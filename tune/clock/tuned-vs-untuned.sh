#!/bin/sh
# The issue's measure of the search tuning: the tune build at its defaults
# (the SPSA values) plus the given options, against the same build with the
# hand-set values the tuning began from (the start column of
# tune/spsa/search-12k.spsa, and the hand-set values of parameters the SPSA
# run left out that clock tests changed since: TIME_BASE 60, or
# UNTUNED_TIME_BASE to compare the search alone), at 10 s + 0.1 s; SPRT
# elo0=0 elo1=5, at most ROUNDS game pairs (200). Resumable.
#   tune/clock/tuned-vs-untuned.sh NAME [OPTION=VALUE ...]
# The environment of option-sprt.sh (TC, SRAND, ROUNDS, ...) applies.
set -eu
cd "$(dirname "$0")/../.."
name=$1
shift
untuned=$(tune/spsa/start-options.sh tune/spsa/search-12k.spsa)
untuned="$untuned TIME_BASE=${UNTUNED_TIME_BASE:-60}"
ON_NAME=tuned OFF_NAME=untuned OFF_OPTIONS="$untuned" exec tune/clock/option-sprt.sh "$name" "$@"
