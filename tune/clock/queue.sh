#!/bin/sh
# Runs the clock tests listed in tune/clock/queue.txt one after another, each
# with option-sprt.sh (same settings, same environment variables). A test is
# done when its NAME.log exists (the summary the run printed); an unfinished
# one goes on where it stopped (-recover). So the same command, started again
# after an interruption, takes up the queue where it was.
#   tune/clock/queue.sh            # DRY=1 prints what it would run
set -eu
cd "$(dirname "$0")"
# The tests need the tune build of this checkout (new parameters included).
[ -n "${DRY:-}" ] || (cd ../.. && cargo build --release -q -p chariot-league &&
    cargo build --release -q -p chariot --features tune --target-dir target/tune)
grep -v '^#' queue.txt | while read -r name options; do
    [ -n "$name" ] || continue
    if [ -e "$name.log" ]; then
        echo "done:    $name ($(grep -o 'Elo difference [^)]*)' "$name.log" | head -n 1))"
        continue
    fi
    echo "running: $name $options"
    [ -n "${DRY:-}" ] && continue
    # shellcheck disable=SC2086
    ./option-sprt.sh "$name" $options > "$name.out" 2>&1 && mv "$name.out" "$name.log"
done
