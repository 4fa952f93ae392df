#!/usr/bin/env python3
"""Where the evaluation and a file's labels disagree, by kind of position.

Reads FEN;score;result lines (the tuner's data, e.g. labelled by
chariot-label), asks the engine's `eval` command for the static evaluation
of a random sample of them, and prints the mean of label - evaluation (both
in Red's view) by groups of positions: the material lead (rooks, horses and
cannons), the defenders each side has, the size of the evaluation. A group
whose mean is far from zero is something the fitted weights do not capture.

    scripts/eval-residuals.py ENGINE N DATA [DATA ...]

ENGINE is a chariot binary, N the sample size (positions are drawn with a
fixed seed, so two engines see the same sample).
"""
import math
import random
import subprocess
import sys
from collections import defaultdict

MIN_GROUP = 200


def read_lines(paths):
    lines = []
    for path in paths:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                fields = line.split(";")
                if len(fields) != 3:
                    sys.exit(f"{path}:{n}: not FEN;score;result: {line[:60]}")
                lines.append(fields)
    return lines


def static_evals(engine, fens):
    """The engine's static evaluation of each FEN, in Red's view."""
    script = "ucci\n" + "".join(f"position fen {fen}\neval\n" for fen in fens) + "quit\n"
    out = subprocess.run([engine], input=script, capture_output=True, text=True).stdout
    finals = [line.split() for line in out.splitlines() if line.startswith("Final score:")]
    if len(finals) != len(fens):
        sys.exit(f"{engine}: {len(finals)} evaluations for {len(fens)} positions")
    evals = []
    for fen, words in zip(fens, finals):
        score = int(words[2])
        evals.append(score if fen.split()[1] == "w" else -score)
    return evals


def groups_of(board, evaluation, residual):
    """(group, key, the residual as that group counts it) for one position."""
    def count(ch):
        return board.count(ch)

    rooks = count("R") - count("r")
    minors = count("N") + count("C") - count("n") - count("c")
    yield ("material lead: rooks, horses+cannons", (rooks, minors), residual)
    defenders = (count("A") + count("B"), count("a") + count("b"))
    yield ("defenders (advisors+elephants): Red, Black", defenders, residual)
    # read in the evaluation's direction: + means the label leans further the same way
    toward = residual if evaluation >= 0 else -residual
    yield ("|evaluation| in hundreds (sign of the evaluation)", min(abs(evaluation) // 100, 6), toward)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    engine, n, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    lines = read_lines(paths)
    random.seed(1)
    random.shuffle(lines)
    lines = lines[:n]
    evals = static_evals(engine, [fen for fen, _, _ in lines])
    groups = defaultdict(list)
    residuals = []
    for (fen, label, _), evaluation in zip(lines, evals):
        d = int(label) - evaluation
        residuals.append(d)
        for name, key, value in groups_of(fen.split()[0], evaluation, d):
            groups[(name, key)].append(value)
    rms = math.sqrt(sum(d * d for d in residuals) / len(residuals))
    print(f"{len(residuals)} positions: mean label - evaluation {sum(residuals) / len(residuals):+.1f}, rms {rms:.1f}")
    last = None
    for (name, key), values in sorted(groups.items()):
        if len(values) < MIN_GROUP:
            continue
        if name != last:
            print(name)
            last = name
        mean = sum(values) / len(values)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        print(f"  {str(key):12s} n {len(values):7d}  mean {mean:+7.1f}  se {sd / math.sqrt(len(values)):5.1f}")


if __name__ == "__main__":
    main()
