#!/bin/sh
# Writes an SPSA file whose start values are the last iteration's of a
# trajectory, rounded to integers (the engine's parameters are integers), so
# that a clock test can play them: tune/clock/spsa-vs-default.sh reads it.
#   tune/spsa/tuned.sh SPSA_FILE TRAJECTORY_CSV > TUNED_FILE
set -eu
spsa=${1:?usage: $0 SPSA_FILE TRAJECTORY_CSV}
csv=${2:?usage: $0 SPSA_FILE TRAJECTORY_CSV}
[ -r "$spsa" ] || { echo "cannot read $spsa" >&2; exit 2; }
[ -r "$csv" ] || { echo "cannot read $csv" >&2; exit 2; }
last=$(tail -n 1 "$csv")
case $last in
iteration*) echo "$csv has no iteration yet" >&2; exit 2 ;;
esac
awk -F', *' -v header="$(head -n 1 "$csv")" -v last="$last" '
BEGIN {
    n = split(header, names, ",")
    split(last, values, ",")
    for (i = 3; i <= n; i++) value[names[i]] = values[i]
    printf "# the values after %d iterations, rounded (tune/spsa/tuned.sh)\n", values[1]
}
/^#/ || NF < 6 { next }
{
    if (!($1 in value)) { print "no column " $1 " in the trajectory" > "/dev/stderr"; exit 2 }
    v = value[$1]
    r = (v < 0) ? -int(-v + 0.5) : int(v + 0.5)
    printf "%s, %d, %s, %s, %s, %s\n", $1, r, $3, $4, $5, $6
}' "$spsa"
