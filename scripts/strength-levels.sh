#!/bin/sh
# Measures the strength levels (UCCI `skill`, docs/gui.md) in games and fits
# the Elo table of engine/src/strength.rs to them. Each word of MATCHES is a
# match A-B between two players:
#   N      Chariot at level N (0-20; 20 is the full engine)
#   ee     ElephantEye (it fixes where the scale sits)
#   nK     the full engine at K nodes a move, whatever its clock says (a
#          fixed reference)
# The default is the set behind the table in engine/src/strength.rs: the
# ladder of neighbours 0-1 .. 19-20, levels two apart (and some four
# apart) to test that the steps add up, the full engine at fixed nodes
# against two levels each, and ElephantEye against levels ANCHOR and 20.
# Every match: ROUNDS encounters (two games each, colours
# swapped), TC (10+0.1), 16 MB, two games at a time, the openings of
# data/openings/expanded.epd in the order of -srand SRAND. Resumable: the
# same command goes on (-recover). At the end, scripts/fit-levels.py fits
# one rating per player to all the games of the directory, placed so that
# SCALE holds (level 0 at 600).
#   scripts/strength-levels.sh CHARIOT ELEPHANTEYE
# Settings: MATCHES, ANCHOR (19), SCALE (level-0=600), ROUNDS (50), TC (10+0.1),
# SRAND (41), LEAGUE (a prebuilt chariot-league).
# Results: A-vs-B.tsv in the current directory, and fit.txt.
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
anchor=${ANCHOR:-19}
if [ -z "${MATCHES:-}" ]; then
    MATCHES=""
    for l in $(seq 0 19); do MATCHES="$MATCHES $l-$((l + 1))"; done
    for l in 0 2 4 6 8 10 12 14 16 3 5 7 15 17; do
        MATCHES="$MATCHES $l-$((l + 2))"
    done
    for l in 0 4 8 12; do MATCHES="$MATCHES $l-$((l + 4))"; done
    MATCHES="$MATCHES n512-6 n512-8 n2048-9 n2048-13 n8192-12 n8192-17"
    MATCHES="$MATCHES n32768-15 n32768-19 ee-$anchor ee-20"
fi

engine() { # engine PLAYER: the -engine arguments of a player
    case $1 in
    ee) echo "-engine cmd=$eleeye name=ElephantEye proto=ucci option.usebook=false" ;;
    n*) echo "-engine cmd=$chariot name=nodes-${1#n} proto=ucci nodes=${1#n}" ;;
    *) echo "-engine cmd=$chariot name=level-$1 proto=ucci option.skill=$1" ;;
    esac
}

for m in $MATCHES; do
    a=${m%-*}
    b=${m#*-}
    name=$a-vs-$b
    # shellcheck disable=SC2046
    "$league" $(engine "$a") $(engine "$b") \
        -each tc="${TC:-10+0.1}" option.hashsize=16 -rounds "${ROUNDS:-50}" \
        -games 2 -concurrency 2 \
        -openings file="$root/data/openings/expanded.epd" order=random \
        -srand "${SRAND:-41}" -results "$name.tsv" -recover -noprogress \
        > "$name.log" 2>&1
    echo "$name: $(tail -n 4 "$name.log" | grep ' vs ' || true)"
done
python3 "$root/scripts/fit-levels.py" --anchor "${SCALE:-level-0=600}" \
    --table ./*-vs-*.tsv | tee fit.txt
