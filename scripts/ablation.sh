#!/usr/bin/env bash
# What each search feature is worth: for every feature named (default: all
# that the hidden option `ablate` knows), a self-play match of the current release build
# against itself with that one feature switched off, at a fixed node count so
# that the result does not depend on the machine's load.
#   scripts/ablation.sh [feature ...]
# Settings by environment: NODES (default 20000), ROUNDS (game pairs per
# feature, default 50), CONCURRENCY (default 2), HASH (MB, default 16),
# OPENINGS (default data/openings/openings.epd),
# OUT (directory for the logs and PGN, default target/ablation).
# A positive Elo means the feature pays: the full engine beat the one without it.
set -euo pipefail
root="$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)"
cd "$root"
nodes=${NODES:-20000}
rounds=${ROUNDS:-50}
concurrency=${CONCURRENCY:-2}
hash=${HASH:-16}
out=${OUT:-$root/target/ablation}
. "$root/scripts/lib.sh"
openings="$(default_openings "$root")"
features=("$@")
if [ ${#features[@]} -eq 0 ]; then
    features=(nullmove nullverify lmr rfp razoring futility seepruning lmp iir checkext counter conthist lmrcont aspiration delta singular correction)
fi
cargo build --release -p chariot -p chariot-league >&2
# Copies, so that a rebuild while the matches run does not change the players.
mkdir -p "$out/bin"
cp "$root/target/release/chariot" "$root/target/release/chariot-league" "$out/bin/"
bin="$out/bin/chariot"
printf '%-12s %s\n' feature "result of full vs without (games, score, Elo with 95% interval)"
for f in "${features[@]}"; do
    log="$out/$f.log"
    rm -f "$out/$f.tsv"
    "$out/bin/chariot-league" \
        -engine cmd="$bin" name=full \
        -engine cmd="$bin" name="no-$f" option.ablate="$f" \
        -each nodes="$nodes" option.hashsize="$hash" \
        -openings file="$openings" order=sequential \
        -rounds "$rounds" -games 2 -concurrency "$concurrency" \
        -results "$out/$f.tsv" -pgnout "$out/$f.pgn" >"$log" 2>&1 || {
        echo "ablation: the match for $f failed, see $log" >&2
        continue
    }
    printf '%-12s %s\n' "$f" "$(grep -E '^Elo|Score of|games' "$log" | tail -2 | tr '\n' ' ')"
done
