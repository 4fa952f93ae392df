#!/usr/bin/env python3
"""Time and depth per engine from a chariot-league PGN.

chariot-league writes after each move what its engine said of it, as
cutechess does: `{+0.22/17 0.336s}` (score in pawns from the mover's view,
depth, time taken). This prints, for each engine, the mean time and depth
of its moves by move number (in buckets of ten), and how much of its clock
each game used, so that two engines' use of a clock can be set side by
side.

    scripts/pgn-notes.py match.pgn [more.pgn ...]
"""
import re
import sys
from collections import defaultdict
from statistics import median

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
# A move (ICCS, H2-E2), with the comment that follows it if any.
MOVE_NOTE = re.compile(r"([A-I][0-9]-[A-I][0-9])(?:\s*\{([^}]*)\})?")
NOTE = re.compile(r"^(?:([+-](?:M\d+|\d+\.\d+))(?:/(\d+))?\s+)?(\d+\.\d+)s$")
BUCKET = 10
DRIFT_MOVES = (1, 5, 10, 15, 20, 30)
MATE_PAWNS = 99.0
TURNED = 1.5


def games(text):
    """Each game as (tags, movetext)."""
    tags, body = {}, []
    for line in text.splitlines():
        m = TAG.match(line.strip())
        if m:
            if body:
                yield tags, " ".join(body)
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            body.append(line.strip())
    if body:
        yield tags, " ".join(body)


def pawns(score):
    """A note's score in pawns; a mate counts as MATE_PAWNS."""
    if "M" in score:
        return MATE_PAWNS if score[0] == "+" else -MATE_PAWNS
    return float(score)


def noted_moves(tags, body):
    """(ply from the game's start, side that moved (0 Red, 1 Black), the
    note's match) of each move with a note of the engine's form."""
    black_first = tags.get("FEN", "").split()[1:2] == ["b"]
    for i, (_move, note) in enumerate(MOVE_NOTE.findall(body)):
        m = NOTE.match(note.strip()) if note else None
        if m:  # else the final comment, or a note of another form
            yield i, (i + black_first) % 2, m


def scored_moves(tags, body):
    """(side, score in pawns from the mover's view) of each noted move."""
    for _ply, side, m in noted_moves(tags, body):
        if m.group(1):
            yield side, pawns(m.group(1))


def drift(engine, paths):
    """The two engines' own scores of ENGINE's games, from ENGINE's side."""
    # result -> move number -> ([ENGINE's scores], [the opponent's, turned to ENGINE's side])
    at = defaultdict(lambda: defaultdict(lambda: ([], [])))
    turning, sudden, counts = [], 0, defaultdict(int)
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for tags, body in games(text):
            names = [tags.get("Red", "?"), tags.get("Black", "?")]
            if engine not in names:
                continue
            ours = names.index(engine)
            moves_first = (ours == 0) != (tags.get("FEN", "").split()[1:2] == ["b"])
            points = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5)}.get(tags.get("Result"))
            if points is None:
                continue
            result = {1: "won", 0: "lost", 0.5: "drawn"}[points[ours]]
            counts[result] += 1
            mine, theirs = [], []  # each engine's own scores, in its move order
            for side, score in scored_moves(tags, body):
                (mine if side == ours else theirs).append(score)
            for n in DRIFT_MOVES:
                if len(mine) >= n and len(theirs) >= n:
                    at[result][n][0].append(mine[n - 1])
                    at[result][n][1].append(-theirs[n - 1])
            if result == "lost" and theirs and theirs[-1] >= TURNED:
                # the opponent's n-th move answers ENGINE's move n (or n + 1 when it moved first)
                first = len(theirs)
                while first > 0 and theirs[first - 1] >= TURNED:
                    first -= 1
                turning.append(max(1, first + 1 if moves_first else first))
            if result == "won":
                for i in range(len(theirs)):
                    window = theirs[i:i + 4]
                    if window[0] >= -0.5 and min(window[1:], default=0) <= -TURNED:
                        sudden += 1
                        break
    if not counts:
        sys.exit(f"no finished games of {engine} found")
    print(f"{engine}: won {counts['won']}, drawn {counts['drawn']}, lost {counts['lost']}")
    print(f"median scores in pawns, both from {engine}'s side (its own; the opponent's)")
    for result in ("won", "drawn", "lost"):
        row = "  ".join(
            f"move {n}: {median(at[result][n][0]):+.2f}; {median(at[result][n][1]):+.2f}"
            for n in DRIFT_MOVES if at[result][n][0])
        print(f"  {result:5} {row}")
    if turning:
        spans = [(1, 15), (16, 40), (41, 10_000)]
        split = ", ".join(f"{sum(lo <= t <= hi for t in turning)} in moves {lo}-{hi if hi < 10_000 else ''}"
                          for lo, hi in spans)
        print(f"turning points of the {len(turning)} losses with the opponent at +{TURNED} at the end: "
              f"median move {median(turning):.0f} ({split})")
    print(f"sudden misses among the {counts['won']} wins: {sudden}")


def main(paths):
    # engine -> bucket -> [moves, seconds, depth sum, moves with a depth]
    stats = defaultdict(lambda: defaultdict(lambda: [0, 0.0, 0, 0]))
    used = defaultdict(list)  # engine -> seconds used per game
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for tags, body in games(text):
            names = [tags.get("Red", "?"), tags.get("Black", "?")]
            per_game = defaultdict(float)
            for i, side, m in noted_moves(tags, body):
                engine = names[side]
                seconds = float(m.group(3))
                bucket = i // (2 * BUCKET)
                row = stats[engine][bucket]
                row[0] += 1
                row[1] += seconds
                if m.group(2):
                    row[2] += int(m.group(2))
                    row[3] += 1
                per_game[engine] += seconds
            for engine, seconds in per_game.items():
                used[engine].append(seconds)
    if not stats:
        sys.exit("no move comments found (a PGN of chariot-league with notes is needed)")
    for engine in sorted(stats):
        games_used = used[engine]
        print(f"{engine}: {len(games_used)} games, "
              f"{sum(games_used) / len(games_used):.1f} s a game on average")
        print("  moves      count  mean time  mean depth")
        for bucket in sorted(stats[engine]):
            n, seconds, depth, with_depth = stats[engine][bucket]
            lo = bucket * BUCKET + 1
            depth_text = f"{depth / with_depth:10.1f}" if with_depth else "         -"
            print(f"  {lo:3}-{lo + BUCKET - 1:<3}  {n:8}  {seconds / n:8.3f}s  {depth_text}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--drift":
        if len(sys.argv) < 4:
            sys.exit(__doc__)
        drift(sys.argv[2], sys.argv[3:])
    else:
        main(sys.argv[1:])
