#!/bin/sh
# The start column of an SPSA file as the engine's options, NAME=VALUE on one
# line. The files' SINGULAR_MARGIN (in plies) is SINGULAR_DEPTH_MARGIN (in
# hundredths) in the engine since fa37f85.
#   tune/spsa/start-options.sh FILE
set -eu
grep -v '^#' "$1" | awk -F', *' '
    $1 == "SINGULAR_MARGIN" { printf "SINGULAR_DEPTH_MARGIN=%d ", $2 * 100; next }
    NF >= 2 { printf "%s=%s ", $1, $2 }'
