#!/usr/bin/env bash
# SPRT of the current build against the previous commit's build.
#
# The previous commit is HEAD~1 when the work tree is clean, else HEAD (so
# uncommitted changes are tested against the last commit); BASE=<rev>
# overrides it. The previous build is made in a temporary git worktree with
# its own target directory (kept under target/sprt-base for reuse).
#
# Settings by environment: TC (default 10+0.1), ELO0 (0), ELO1 (5),
# ALPHA (0.05), BETA (0.05), ROUNDS (game pairs at most, 20000),
# OPENINGS (default data/openings/openings.epd),
# CONCURRENCY (default: the runner's, cores / threads). Further arguments go
# to chariot-league, e.g. `-each option.hashsize=64`.
set -euo pipefail
root="$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
if [ -n "${BASE:-}" ]; then
    base="$BASE"
elif git diff --quiet HEAD --; then
    base="HEAD~1"
else
    base="HEAD"
fi
base_rev="$(git rev-parse --short "$base")"
. "$root/scripts/lib.sh"
openings="$(default_openings "$root")"

tmp="$(mktemp -d)"
cleanup() {
    git -C "$root" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true
    rm -rf "$tmp"
}
trap cleanup EXIT

echo "== building the current tree"
cargo build --release -q -p chariot -p chariot-league
cp "$target/release/chariot" "$tmp/chariot-new"

echo "== building $base ($base_rev) in a temporary worktree"
git worktree add -q --detach "$tmp/base" "$base"
(cd "$tmp/base" && CARGO_TARGET_DIR="$target/sprt-base" cargo build --release -q -p chariot --bin chariot)
cp "$target/sprt-base/release/chariot" "$tmp/chariot-old"

stamp="$(date -u +%Y%m%d-%H%M%S)"
out="$target/sprt-$stamp"
mkdir -p "$out"
echo "== SPRT: new vs $base_rev, games in $out"
args=(
    -engine "cmd=$tmp/chariot-new" name=new
    -engine "cmd=$tmp/chariot-old" "name=$base_rev"
    -each "tc=${TC:-10+0.1}" proto=ucci
    -openings "file=$openings" order=random -srand "$RANDOM"
    -rounds "${ROUNDS:-20000}" -games 2
    -sprt "elo0=${ELO0:-0}" "elo1=${ELO1:-5}" "alpha=${ALPHA:-0.05}" "beta=${BETA:-0.05}"
    -ratinginterval 20
    -pgnout "$out/games.pgn" -results "$out/results.tsv"
    -event "SPRT new vs $base_rev"
)
if [ -n "${CONCURRENCY:-}" ]; then
    args+=(-concurrency "$CONCURRENCY")
fi
"$target/release/chariot-league" "${args[@]}" "$@"
