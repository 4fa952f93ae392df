#!/usr/bin/env python3
"""Two builds against the same opponent on the same openings, paired by opening.

chariot-league's results files (-results) hold one line a game: index,
round, Red, Black, result, ending. Two runs with the same -srand play the
same opening in the same round, both colours each. This prints, over the
rounds both runs finished, each build's points and the mean difference of
B's points over A's per opening pair, with its standard error.

    scripts/pair-compare.py [--engine NAME] A.tsv B.tsv [A2.tsv B2.tsv ...]

Files come in pairs of the same openings (A.tsv with B.tsv, A2.tsv with
B2.tsv, ...); NAME is the build's engine name in the files (chariot).
"""
import math
import statistics
import sys

RESULTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}


def points_by_round(path, engine):
    """The engine's points in each round where both games are finished."""
    rounds = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 5:
                sys.exit(f"{path}:{n}: not a results line: {line.strip()[:60]}")
            _, rnd, red, black, result = fields[:5]
            if result not in RESULTS or engine not in (red, black):
                continue
            red_points, black_points = RESULTS[result]
            rounds.setdefault(rnd, []).append(red_points if red == engine else black_points)
    return {rnd: sum(p) for rnd, p in rounds.items() if len(p) == 2}


def main():
    args = sys.argv[1:]
    engine = "chariot"
    if args[:1] == ["--engine"] and len(args) > 1:
        engine, args = args[1], args[2:]
    if not args or len(args) % 2:
        sys.exit(__doc__)
    a_points = b_points = 0.0
    diffs = []
    for a_path, b_path in zip(args[0::2], args[1::2]):
        a, b = points_by_round(a_path, engine), points_by_round(b_path, engine)
        for rnd in sorted(set(a) & set(b), key=int):
            a_points += a[rnd]
            b_points += b[rnd]
            diffs.append(b[rnd] - a[rnd])
    n = len(diffs)
    if n < 2:
        sys.exit(f"{n} opening pairs finished by both: too few to compare")
    mean = sum(diffs) / n
    se = statistics.stdev(diffs) / math.sqrt(n)
    print(f"{n} opening pairs: A {a_points:g}, B {b_points:g} of {2 * n}; "
          f"B - A {mean:+.3f} points a pair (standard error {se:.3f})")


if __name__ == "__main__":
    main()
