# Shell helpers sourced by the scripts in this folder.

# Prints the openings file to use: $OPENINGS if set, else
# shared/openings/openings.epd beside the repository $1 or one of its
# ancestors. Fails with a message when there is none.
default_openings() {
    local file="${OPENINGS:-}"
    if [ -z "$file" ]; then
        local dir="$1"
        while [ "$dir" != "/" ] && [ ! -f "$dir/shared/openings/openings.epd" ]; do
            dir="$(dirname "$dir")"
        done
        file="$dir/shared/openings/openings.epd"
    fi
    if [ ! -f "$file" ]; then
        echo "no openings file at $file (set OPENINGS=...)" >&2
        return 2
    fi
    echo "$file"
}
