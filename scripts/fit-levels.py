#!/usr/bin/env python3
"""Fits one Elo rating per player to the games of several matches at once
(the strength levels' ladder and their reference matches), by maximum
likelihood, a draw counting half a win. Prints the ratings, then every
match's Elo difference as measured beside the difference of the fitted
ratings, marked when they differ by more than 50; with --table, the ratings
of level-0 .. level-20 as the ELO_OF_LEVEL array of engine/src/strength.rs.

  scripts/fit-levels.py [--anchor NAME=ELO] [--table] RESULTS.tsv ...

RESULTS.tsv are chariot-league -results files (index, pair, white, black,
result, reason). The anchor fixes where the scale sits (by default the first
player named, at 0)."""

import math
import sys
from collections import defaultdict


def read_games(paths):
    """(white, black, white's score) of every game of every file."""
    games = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) < 5:
                    continue
                score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(cols[4])
                if score is None:
                    continue
                games.append((cols[2], cols[3], score))
    return games


def expected(diff):
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def fit(games, fixed=None):
    """Ratings that maximise the likelihood of the games, those of `fixed`
    held (a Newton step for one player at a time until none moves)."""
    fixed = fixed or {}
    players = sorted({p for g in games for p in g[:2]})
    rating = {p: fixed.get(p, 0.0) for p in players}
    # Each player's games as (opponent, the player's score).
    played = defaultdict(list)
    for w, b, s in games:
        played[w].append((b, s))
        played[b].append((w, 1 - s))
    k = math.log(10) / 400.0
    for _ in range(10000):
        moved = 0.0
        for p in players:
            if p in fixed:
                continue
            grad = hess = 0.0
            for o, s in played[p]:
                e = expected(rating[p] - rating[o])
                grad += s - e
                hess += k * e * (1 - e)
            # A player who won or lost every game has no finite rating:
            # each step is capped so that it drifts, not jumps.
            step = max(-50.0, min(50.0, grad / hess)) if hess > 1e-12 else 0.0
            rating[p] += step
            moved = max(moved, abs(step))
        if moved < 1e-3:
            break
    return rating


def fit_in_two_stages(games):
    """The levels first, from their games against each other alone (a
    reference of another kind, such as the full engine at fixed nodes,
    would pull them by how its style fares against theirs); then every
    other player, and a level with a perfect score among the levels, from
    its own games with those ratings held."""
    def is_level(p):
        return level_number(p) is not None

    among = [g for g in games if is_level(g[0]) and is_level(g[1])]
    score = defaultdict(lambda: [0.0, 0])
    for w, b, s in among:
        score[w][0] += s
        score[w][1] += 1
        score[b][0] += 1 - s
        score[b][1] += 1
    bounded = {p for p, (pts, n) in score.items() if 0 < pts < n}
    first = fit([g for g in among if g[0] in bounded and g[1] in bounded])
    return fit(games, fixed=first), set(first)


def measured(games):
    """Per pair of players: games and the first player's score."""
    pairs = defaultdict(lambda: [0, 0.0])
    for w, b, s in games:
        a, c, sa = (w, b, s) if w < b else (b, w, 1 - s)
        pairs[(a, c)][0] += 1
        pairs[(a, c)][1] += sa
    return pairs


def elo_of_score(score):
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1 / score - 1)


def level_number(name):
    return int(name[6:]) if name.startswith("level-") and name[6:].isdigit() else None


def main(argv):
    anchor, anchor_elo, table, paths = None, 0.0, False, []
    args = iter(argv)
    for a in args:
        if a == "--anchor":
            name, _, elo = next(args).partition("=")
            anchor, anchor_elo = name, float(elo)
        elif a == "--table":
            table = True
        else:
            paths.append(a)
    games = read_games(paths)
    if not games:
        sys.exit("no games in " + " ".join(paths))
    anchor = anchor or games[0][0]
    if not any(anchor in g[:2] for g in games):
        sys.exit(f"the anchor {anchor} played no game")
    rating, levels = fit_in_two_stages(games)
    shift = anchor_elo - rating[anchor]
    rating = {p: r + shift for p, r in rating.items()}

    def order(p):
        n = level_number(p)
        return (0, n) if n is not None else (1, p)

    print(f"{len(games)} games, {len(rating)} players, {anchor} at {anchor_elo:g}")
    for p in sorted(rating, key=order):
        stage = "" if p in levels else "  (placed by its games against the others)"
        print(f"  {p:<20} {rating[p]:8.1f}{stage}")
    print("match: measured Elo of the second vs fitted difference")
    worst = 0.0
    rows = []
    for (a, c), (n, sa) in measured(games).items():
        lo, hi = sorted((a, c), key=order)
        rows.append((order(lo), order(hi), lo, hi, n, sa if lo == a else n - sa))
    for _, _, lo, hi, n, score in sorted(rows):
        m = -elo_of_score(score / n)
        f = rating[hi] - rating[lo]
        gap = abs(m - f) if math.isfinite(m) else math.inf
        flag = "  <- over 50" if gap > 50 else ""
        if math.isfinite(gap):
            worst = max(worst, gap)
        print(f"  {lo} -> {hi}: {n} games, measured {m:+.1f}, fitted {f:+.1f}{flag}")
    print(f"largest finite gap: {worst:.1f}")
    if table:
        levels = [rating.get(f"level-{i}") for i in range(21)]
        if None in levels:
            missing = [i for i, r in enumerate(levels) if r is None]
            print(f"no table: no games of level {missing[0]}")
            return
        print("ELO_OF_LEVEL = [" + ", ".join(str(round(r)) for r in levels) + "]")


if __name__ == "__main__":
    main(sys.argv[1:])
