#!/usr/bin/env python3
"""Where the evaluation and a file's labels disagree, by kind of position.

Reads FEN;score;result lines (the tuner's data, e.g. labelled by
chariot-label), asks the engine's `eval` command for the static evaluation
of a random sample of them, and prints the mean of label - evaluation (both
in Red's view) by groups of positions: the material lead (rooks, horses and
cannons), the defenders each side has, the size of the evaluation. A group
whose mean is far from zero is something the fitted weights do not capture.

    scripts/eval-residuals.py ENGINE N DATA [DATA ...]
    scripts/eval-residuals.py --capacity ENGINE N DATA [DATA ...]
    scripts/eval-residuals.py --rival-terms RIVAL ENGINE N DATA [DATA ...]

ENGINE is a chariot binary, N the sample size (positions are drawn with a
fixed seed, so two engines see the same sample).

--capacity asks instead how much of the disagreement a larger evaluation
could take up: it fits the residuals of four fifths of the sample by least
squares with piece-square tables (one per piece kind, as the evaluation
has, then one per bucket: the own king's file, the enemy king's file, the
enemy's defenders, the phase) and prints the rms residual of the other
fifth before and after, by phase (rooks, horses and cannons on the board).
A table that takes off little would add little to the fit. It needs numpy
and scipy (`pip install numpy scipy`).

--rival-terms asks whether another engine's static evaluation knows what
ours misses: RIVAL is a UCI engine whose `eval` prints a table of terms as
Stockfish's classical evaluation did (`|   Mobility | W mg eg | B mg eg |
Total mg eg |`, Pikafish-HCE's does). The residuals of four fifths of the
sample are fitted by least squares to each term's total (middlegame and
endgame), to all of them at once, and, as the control, to our own
evaluation (a residual that grows with the lead is the labels' width, not
knowledge); the rms of the other fifth is printed before and after. A term
that takes off no more than the control holds nothing the fitted weights
have not already learned from the labels. Needs numpy.
"""
import math
import random
import subprocess
import sys
from collections import defaultdict

MIN_GROUP = 200
EVAL_CHUNK = 20000


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


def eval_outputs(engine, hello, fens):
    """(chunk of fens, the engine's output) for each chunk, after `hello`
    (`ucci` or `uci`) and `position fen ...` / `eval` per FEN; in chunks, as
    `eval` prints a breakdown too long to hold for a large sample."""
    for start in range(0, len(fens), EVAL_CHUNK):
        chunk = fens[start:start + EVAL_CHUNK]
        script = f"{hello}\n" + "".join(f"position fen {fen}\neval\n" for fen in chunk) + "quit\n"
        yield chunk, subprocess.run([engine], input=script, capture_output=True, text=True).stdout


def static_evals(engine, fens):
    """The engine's static evaluation of each FEN, in Red's view."""
    evals = []
    for chunk, out in eval_outputs(engine, "ucci", fens):
        finals = [line.split() for line in out.splitlines() if line.startswith("Final score:")]
        if len(finals) != len(chunk):
            sys.exit(f"{engine}: {len(finals)} evaluations for {len(chunk)} positions")
        for fen, words in zip(chunk, finals):
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


PIECE_KINDS = "RNCPAB"
PHASES = ((0, 4), (5, 8), (9, 12))


def pieces_of(board):
    """(piece letter, file, rank) of each piece; rank 0 is Red's back rank."""
    rank, file = 9, 0
    for ch in board:
        if ch == "/":
            rank, file = rank - 1, 0
        elif ch.isdigit():
            file += int(ch)
        else:
            yield ch, file, rank
            file += 1


def phase_of(board):
    return next(i for i, (lo, hi) in enumerate(PHASES) if lo <= sum(board.count(c) for c in "RNCrnc") <= hi)


def capacity(lines, evals):
    """Validation rms of the residual before and after a least-squares fit of
    piece-square tables, plain and by bucket."""
    try:
        import numpy as np
        import scipy.sparse as sparse
        from scipy.sparse.linalg import lsqr
    except ImportError:
        sys.exit("--capacity needs numpy and scipy: pip install numpy scipy")
    tables = ["piece-square", "by own king's file", "by enemy king's file", "by enemy defenders", "by phase"]
    size = len(PIECE_KINDS) * 90
    entries = {t: ([], [], []) for t in tables}
    residuals, phases, evaluations = [], [], []
    for i, ((fen, label, _), evaluation) in enumerate(zip(lines, evals)):
        board = fen.split()[0]
        pieces = list(pieces_of(board))
        king_file = {ch.isupper(): f for ch, f, _ in pieces if ch in "Kk"}
        defenders = {red: sum(1 for ch, _, _ in pieces if ch in ("AB" if red else "ab")) for red in (True, False)}
        phase = phase_of(board)
        for ch, f, r in pieces:
            if ch in "Kk":
                continue
            red = ch.isupper()
            index = PIECE_KINDS.index(ch.upper()) * 90 + (r if red else 9 - r) * 9 + f
            buckets = [0, king_file.get(red, 4) - 3, king_file.get(not red, 4) - 3, defenders[not red], phase]
            for table, bucket in zip(tables, buckets):
                rows, cols, signs = entries[table]
                rows.append(i)
                cols.append(bucket * size + index)
                signs.append(1 if red else -1)
        residuals.append(int(label) - evaluation)
        phases.append(phase)
        evaluations.append(evaluation)
    y, phases, evaluations = np.array(residuals, float), np.array(phases), np.array(evaluations)
    # Decided positions and labels far from the evaluation (a tactic the
    # label's search saw) would steer a least-squares fit; the tuner's sigmoid
    # gives them little weight too.
    usable = (np.abs(evaluations) < 500) & (np.abs(y) < 600)
    validation = usable & (np.arange(len(y)) % 5 == 0)
    train = usable & ~validation
    groups = [("all", validation)] + [
        (f"{lo}-{hi} rooks+horses+cannons", validation & (phases == p)) for p, (lo, hi) in enumerate(PHASES)]
    print(f"{usable.sum()} of {len(y)} positions used (|evaluation| < 500, |label - evaluation| < 600), "
          f"{validation.sum()} of them for validation")
    print("validation rms of label - evaluation, as it is and after a least-squares fit of the table")
    print(f"  {'table':22s}" + "".join(f"{name:>28s}" for name, _ in groups))
    print(f"  {'(none)':22s}" + "".join(f"{y[g].std():19.1f} (n {g.sum():6d})" for _, g in groups))
    for table in tables:
        rows, cols, signs = entries[table]
        x = sparse.csr_matrix((signs, (rows, cols)), shape=(len(y), 5 * size))
        weights = lsqr(x[train], y[train], damp=3.0)[0]
        left = y - x @ weights
        print(f"  {table:22s}" + "".join(f"{left[g].std():28.1f}" for _, g in groups))


RIVAL_TERMS = ("Material", "Pieces", "Mobility", "Threats")


def rival_terms(rival, fens):
    """Each position's term totals (middlegame, endgame) from the rival's
    `eval` table, in Red's view; None where it gives none (in check)."""
    rows = []
    for chunk, out in eval_outputs(rival, "uci", fens):
        chunk_rows, current = [], {}
        for line in out.splitlines():
            cells = [c.strip() for c in line.split("|")]
            if len(cells) == 6 and cells[1] in RIVAL_TERMS:
                try:
                    current[cells[1]] = tuple(float(v) for v in cells[4].split())
                except ValueError:
                    pass
            elif line.startswith("Final evaluation"):
                complete = "none" not in line and all(t in current for t in RIVAL_TERMS)
                chunk_rows.append(current if complete else None)
                current = {}
        # checked per chunk, as static_evals does, so that a position the
        # rival skipped cannot shift the rows of the chunks after it
        if len(chunk_rows) != len(chunk):
            sys.exit(f"{rival}: {len(chunk_rows)} evaluations for {len(chunk)} positions")
        rows += chunk_rows
    return rows


def rival_capacity(rival, lines, evals):
    """Validation rms of the residual before and after a least-squares fit of
    the rival's term totals."""
    try:
        import numpy as np
    except ImportError:
        sys.exit("--rival-terms needs numpy: pip install numpy")
    rows = rival_terms(rival, [fen for fen, _, _ in lines])
    x, y = [], []
    for (fen, label, _), evaluation, row in zip(lines, evals, rows):
        residual = int(label) - evaluation
        # as --capacity: decided positions and tactics the label's search saw left out
        if row is None or abs(evaluation) >= 500 or abs(residual) >= 600:
            continue
        x.append([v for t in RIVAL_TERMS for v in row[t]] + [evaluation / 100])
        y.append(residual)
    x, y = np.array(x), np.array(y, float)
    validation = np.arange(len(y)) % 5 == 0
    print(f"{len(y)} positions used (|evaluation| < 500, |label - evaluation| < 600, not in check), "
          f"{validation.sum()} for validation; rms of label - evaluation there {y[validation].std():.1f}")
    print("fitted to                   rms after   weights (middlegame, endgame) per pawn of the term")
    own = 2 * len(RIVAL_TERMS)
    fits = [(t, [2 * i, 2 * i + 1]) for i, t in enumerate(RIVAL_TERMS)]
    # a residual that grows with the lead is the labels' width, not knowledge:
    # our own evaluation is the control
    fits += [("all four", list(range(own))), ("our evaluation (control)", [own]),
             ("all four and ours", list(range(own + 1)))]
    for name, cols in fits:
        a = np.column_stack([x[:, cols], np.ones(len(y))])
        w = np.linalg.lstsq(a[~validation], y[~validation], rcond=None)[0]
        left = y[validation] - a[validation] @ w
        print(f"  {name:26s} {left.std():9.1f}   " + " ".join(f"{v:+.1f}" for v in w[:-1]))


def main():
    args = sys.argv[1:]
    capacity_mode = bool(args) and args[0] == "--capacity"
    if capacity_mode:
        args = args[1:]
    rival = None
    if args[:1] == ["--rival-terms"]:
        if len(args) < 2:
            sys.exit(__doc__)
        rival, args = args[1], args[2:]
    if len(args) < 3:
        sys.exit(__doc__)
    engine, n, paths = args[0], int(args[1]), args[2:]
    lines = read_lines(paths)
    random.seed(1)
    random.shuffle(lines)
    lines = lines[:n]
    evals = static_evals(engine, [fen for fen, _, _ in lines])
    if capacity_mode:
        capacity(lines, evals)
        return
    if rival:
        rival_capacity(rival, lines, evals)
        return
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
