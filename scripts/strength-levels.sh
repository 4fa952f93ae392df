#!/bin/sh
# Measures the strength levels (UCCI `skill`, docs/gui.md) in games, for the
# Elo table of engine/src/strength.rs: neighbouring levels of LEVELS play each
# other, ElephantEye plays level ANCHOR (it fixes where the scale sits), and
# the levels of CHECK play each other to test that the differences add up.
# Every match: ROUNDS encounters (two games each, colours swapped), TC
# (10+0.1), two games at a time, the openings of data/openings/expanded.epd in
# the order of -srand SRAND. Resumable: the same command goes on (-recover).
#   scripts/strength-levels.sh CHARIOT ELEPHANTEYE
# Settings: LEVELS ("0 4 8 12 16 20"), ANCHOR (12), CHECK ("4 12"),
# ROUNDS (50), TC (10+0.1), SRAND (41), LEAGUE (a prebuilt chariot-league).
# Results: levels-A-vs-B.tsv and eleeye-vs-level-N.tsv in the current
# directory, then each match's table (chariot-league -report).
set -eu
chariot=${1:?usage: $0 CHARIOT ELEPHANTEYE}
eleeye=${2:?usage: $0 CHARIOT ELEPHANTEYE}
for b in "$chariot" "$eleeye"; do
    [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }
done
here=$(pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. "$root/scripts/lib.sh"
league=$(league_binary "$root")
cd "$here"
levels=${LEVELS:-0 4 8 12 16 20}
anchor=${ANCHOR:-12}
check=${CHECK:-4 12}

level() { # level N: the -engine of Chariot at level N
    echo "-engine cmd=$chariot name=level-$1 proto=ucci option.skill=$1"
}

play() { # play NAME ENGINE-ARGS...
    name=$1
    shift
    # shellcheck disable=SC2068
    "$league" $@ \
        -each tc="${TC:-10+0.1}" option.hashsize=16 -rounds "${ROUNDS:-50}" \
        -games 2 -concurrency 2 \
        -openings file="$root/data/openings/expanded.epd" order=random \
        -srand "${SRAND:-41}" -results "$name.tsv" -recover -noprogress \
        > "$name.log" 2>&1
}

prev=
for l in $levels; do
    if [ -n "$prev" ]; then
        play "levels-$prev-vs-$l" $(level "$prev") $(level "$l")
    fi
    prev=$l
done
play "eleeye-vs-level-$anchor" \
    -engine cmd="$eleeye" name=ElephantEye proto=ucci option.usebook=false \
    $(level "$anchor")
set -- $check
play "levels-$1-vs-$2" $(level "$1") $(level "$2")
for f in levels-*-vs-*.tsv eleeye-vs-level-*.tsv; do
    echo "== $f"
    "$league" -report "$f"
done
