#!/usr/bin/env python3
"""How deep a UCI engine gets in a fixed number of nodes, position by position.

Each position (one FEN a line) is searched from an empty table (`ucinewgame`)
with `go nodes N`, one thread, 64 MB; the depth of the last complete iteration
(the last `info ... depth D ... pv` that is not a bound) is counted. Prints
the mean and median depth. Nodes, not time: the figure is the same on a busy
machine, so engines can be set side by side while other jobs run.

    scripts/depth-at-nodes.py ENGINE NODES FEN_FILE [OPTION=VALUE ...]

OPTION=VALUE pairs are set with `setoption` (a tune build's search
parameters, say). `data/positions/midgame-59.fen` holds 59 positions from
games at 10 s + 0.1 s.
"""
import re
import statistics
import subprocess
import sys

DEPTH = re.compile(r" depth (\d+)")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    engine, nodes, fen_file = sys.argv[1], sys.argv[2], sys.argv[3]
    if not nodes.isdigit() or int(nodes) == 0:
        sys.exit(f"NODES must be a positive whole number, not {nodes!r}")
    nodes = int(nodes)
    options = sys.argv[4:]
    try:
        with open(fen_file) as f:
            fens = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    except OSError as e:
        sys.exit(f"cannot read {fen_file}: {e.strerror}")
    if not fens:
        sys.exit(f"no positions in {fen_file}")
    try:
        proc = subprocess.Popen(
            [engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
    except OSError as e:
        sys.exit(f"cannot start {engine}: {e.strerror}")

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def read_until(prefix):
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:
                sys.exit(f"{engine} ended before '{prefix}'")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    send("uci")
    read_until("uciok")
    send("setoption name Hash value 64")
    send("setoption name Threads value 1")
    for kv in options:
        name, sep, value = kv.partition("=")
        if not sep:
            sys.exit(f"not OPTION=VALUE: {kv}")
        send(f"setoption name {name} value {value}")
    depths = []
    for fen in fens:
        send("ucinewgame")
        send("isready")
        read_until("readyok")
        send("position fen " + fen)
        send(f"go nodes {nodes}")
        depth = 0
        for line in read_until("bestmove"):
            if " pv " in line and "bound" not in line:
                m = DEPTH.search(line)
                if m:
                    depth = int(m.group(1))
        depths.append(depth)
    send("quit")
    proc.wait()
    label = " ".join(options) or "defaults"
    print(
        f"{label}: {len(depths)} positions, {nodes} nodes each: "
        f"mean depth {statistics.mean(depths):.2f}, median {statistics.median(depths)}"
    )


if __name__ == "__main__":
    main()
