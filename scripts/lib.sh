# Shell helpers sourced by the scripts in this folder.

# Prints the openings file to use: $OPENINGS if set, else the repository's
# data/openings/openings.epd ($1 is the repository). Fails with a message
# when there is none.
default_openings() {
    local file="${OPENINGS:-$1/data/openings/openings.epd}"
    if [ ! -f "$file" ]; then
        echo "no openings file at $file (set OPENINGS=...)" >&2
        return 2
    fi
    echo "$file"
}

# Prints the chariot-league binary to use: $LEAGUE if set (a prebuilt one, say
# of a commit built apart while the tree changes), else the repository's
# release build, built first ($1 is the repository).
league_binary() {
    if [ -n "${LEAGUE:-}" ]; then
        echo "$LEAGUE"
    else
        (cd "$1" && cargo build --release -q -p chariot-league) || return 2
        echo "$1/target/release/chariot-league"
    fi
}
