#!/bin/sh
# The SPSA values (tune/spsa/search.tuned.spsa) against the defaults at 10 s + 0.1 s,
# same tune build on both sides; SPRT elo0=0 elo1=5, at most 400 games. Resumable.
cd "$(dirname "$0")/../.."
# shellcheck disable=SC2046
ON_NAME=spsa OFF_NAME=default ROUNDS=200 exec tune/clock/option-sprt.sh spsa-vs-default \
  $(grep -v '^#' tune/spsa/search.tuned.spsa | awk -F', *' '{printf "%s=%s ", $1, $2}')
