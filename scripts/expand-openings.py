#!/usr/bin/env python3
"""Expands an openings file by two plies for self-play tests.

For every FEN, the engine's best first moves (multipv 6, depth 8, at most 4
within 40 centipawns of the best) and to each its best replies (multipv 4,
at most 3 within 40 centipawns, none more than 120 off level) are played;
the resulting positions are printed, one FEN a line, sorted and without
duplicates. The 60 shared openings give 684 positions with the build of
6c2d6b5.

    scripts/expand-openings.py target/release/chariot data/openings/openings.epd > book.epd
"""
import subprocess
import sys

if len(sys.argv) != 3:
    raise SystemExit(__doc__)
eng = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): eng.stdin.write(s + "\n"); eng.stdin.flush()
def until(p):
    out = []
    while True:
        l = eng.stdout.readline()
        if not l:
            raise SystemExit("the engine closed its output")
        out.append(l.strip())
        if l.startswith(p): return out
send("uci"); until("uciok")
def multipv(fen, moves, n, depth):
    send(f"setoption name MultiPV value {n}")
    send(f"position fen {fen} moves {' '.join(moves)}" if moves else f"position fen {fen}")
    send(f"go depth {depth}")
    lines = until("bestmove")
    best = {}
    for l in lines:
        w = l.split()
        if w[:1] == ["info"] and "multipv" in w and "pv" in w and "cp" in w:
            i = int(w[w.index("multipv")+1]); s = int(w[w.index("cp")+1]); m = w[w.index("pv")+1]
            best[i] = (s, m)
    return [best[i] for i in sorted(best)]
def fen_of(fen, moves):
    send(f"position fen {fen} moves {' '.join(moves)}"); send("d"); send("isready")
    for l in until("readyok"):
        if l.startswith("FEN: "): return l[5:]
out = set()
for fen in open(sys.argv[2]):
    fen = fen.split(";")[0].strip()
    if not fen: continue
    first = multipv(fen, [], 6, 8)
    top = first[0][0]
    for s, m in first[:4]:
        if s < top - 40: continue
        replies = multipv(fen, [m], 4, 8)
        rt = replies[0][0]
        for s2, m2 in replies[:3]:
            if s2 < rt - 40 or abs(s2) > 120: continue
            out.add(fen_of(fen, [m, m2]))
    print(len(out), file=sys.stderr)
send("quit")
for f in sorted(out): print(f)
