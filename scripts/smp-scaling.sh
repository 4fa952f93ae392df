#!/usr/bin/env bash
# SMP scaling table: `chariot bench --json` with 1, 2, 4, ... threads up to the
# core count (or the counts given with THREADS="1 2 8 32"); prints nodes, nps
# and time to depth against one thread, keeps every run's JSON line in
# smp-scaling.jsonl and draws smp-scaling.png with gnuplot (installed from the
# distribution's packages when it is missing and we are root with apt-get;
# otherwise the plot is skipped with a message, the table still printed).
#   scripts/smp-scaling.sh [depth] [hashMB]
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-11}
hash=${2:-64}
cargo build --release -q -p chariot
bin=target/release/chariot
cores=$(nproc)
if [ -z "${THREADS:-}" ]; then
  THREADS=""
  t=1
  while [ "$t" -le "$cores" ]; do THREADS="$THREADS $t"; t=$((t * 2)); done
fi
out=$(mktemp -d)
: > smp-scaling.jsonl
field() { grep -o "\"$1\":[0-9]*" <<<"$2" | head -1 | cut -d: -f2; }
printf "%-8s %12s %12s %10s %10s\n" threads nodes nps nps-x ttd-x
base_nps=""
base_ms=""
for t in $THREADS; do
  json=$("$bin" bench "$hash" "$t" "$depth" --json | tail -1)
  echo "$json" >> smp-scaling.jsonl
  nodes=$(field nodes "$json")
  nps=$(field nps "$json")
  ms=$(field time_ms "$json")
  [ -z "$base_nps" ] && base_nps=$nps && base_ms=$ms
  npsx=$(awk -v a="$nps" -v b="$base_nps" 'BEGIN {printf "%.2f", a / b}')
  ttdx=$(awk -v a="$base_ms" -v b="$ms" 'BEGIN {printf "%.2f", a / b}')
  printf "%-8s %12s %12s %10s %10s\n" "$t" "$nodes" "$nps" "$npsx" "$ttdx" | tee -a "$out/table.txt"
done
if ! command -v gnuplot >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing gnuplot from the distribution's packages ..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gnuplot-nox) >/dev/null 2>&1 || true
fi
if command -v gnuplot >/dev/null 2>&1; then
  gnuplot <<PLOT
set terminal png size 640,400
set output "smp-scaling.png"
set title "chariot bench $hash MB, depth $depth"
set xlabel "threads"; set ylabel "speed-up vs 1 thread"; set key left top
set logscale x 2; set logscale y 2
plot "$out/table.txt" using 1:4 with linespoints title "nodes/s", "$out/table.txt" using 1:5 with linespoints title "time to depth", x title "ideal" dashtype 2
PLOT
  echo "plot written to smp-scaling.png, runs to smp-scaling.jsonl"
else
  echo "no gnuplot (apt-get install gnuplot-nox): plot skipped; runs in smp-scaling.jsonl"
fi
