#!/usr/bin/env bash
# Builds the match runner and Chariot (release) and runs chariot-league with
# the arguments given; without arguments, prints the runner's help.
# Example, a league of Chariot against another UCCI engine:
#   scripts/league.sh -engine cmd=target/release/chariot name=Chariot \
#       -engine cmd=/opt/eleeye/ELEEYE name=ElephantEye proto=ucci \
#       -each tc=10+0.1 -league -rounds 10 -pgnout league.pgn
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
(cd "$root" && cargo build --release -q -p chariot -p chariot-league)
if [ "$#" -eq 0 ]; then
    exec "$target/release/chariot-league" -help
fi
exec "$target/release/chariot-league" "$@"
