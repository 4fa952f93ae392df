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

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
# A move (ICCS, H2-E2), with the comment that follows it if any.
MOVE_NOTE = re.compile(r"([A-I][0-9]-[A-I][0-9])(?:\s*\{([^}]*)\})?")
NOTE = re.compile(r"^(?:([+-](?:M\d+|\d+\.\d+))(?:/(\d+))?\s+)?(\d+\.\d+)s$")
BUCKET = 10


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


def main(paths):
    # engine -> bucket -> [moves, seconds, depth sum, moves with a depth]
    stats = defaultdict(lambda: defaultdict(lambda: [0, 0.0, 0, 0]))
    used = defaultdict(list)  # engine -> seconds used per game
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for tags, body in games(text):
            black_first = tags.get("FEN", "").split()[1:2] == ["b"]
            names = [tags.get("Red", "?"), tags.get("Black", "?")]
            per_game = defaultdict(float)
            for i, (_move, note) in enumerate(MOVE_NOTE.findall(body)):
                m = NOTE.match(note.strip()) if note else None
                if not m:
                    continue  # the final comment, or a note of another form
                side = (i + black_first) % 2
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
    main(sys.argv[1:])
