#!/usr/bin/env bash
# SMP scaling table: `chariot bench` with 1, 2, 4, ... threads up to the core
# count; prints nps and time-to-depth against one thread, and a PNG plot when
# gnuplot is installed.
#   scripts/smp-scaling.sh [depth] [hashMB]
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-11}
hash=${2:-64}
cargo build --release -q -p chariot
bin=target/release/chariot
cores=$(nproc)
out=$(mktemp -d)
printf "%-8s %12s %12s %10s %10s\n" threads nodes nps nps-x ttd-x
t=1
base_nps=""
base_ms=""
while [ "$t" -le "$cores" ]; do
  "$bin" bench "$hash" "$t" "$depth" > "$out/bench-$t.txt"
  nodes=$(awk -F': ' '/Nodes searched/ {print $2}' "$out/bench-$t.txt")
  nps=$(awk -F': ' '/Nodes\/second/ {print $2}' "$out/bench-$t.txt")
  ms=$(awk -F': ' '/Total time/ {print $2}' "$out/bench-$t.txt")
  [ -z "$base_nps" ] && base_nps=$nps && base_ms=$ms
  npsx=$(awk -v a="$nps" -v b="$base_nps" 'BEGIN {printf "%.2f", a / b}')
  ttdx=$(awk -v a="$base_ms" -v b="$ms" 'BEGIN {printf "%.2f", a / b}')
  printf "%-8s %12s %12s %10s %10s\n" "$t" "$nodes" "$nps" "$npsx" "$ttdx" | tee -a "$out/table.txt"
  t=$((t * 2))
done
if command -v gnuplot >/dev/null 2>&1; then
  gnuplot <<PLOT
set terminal png size 640,400
set output "smp-scaling.png"
set xlabel "threads"; set ylabel "speed-up vs 1 thread"; set key left top
plot "$out/table.txt" using 1:4 with linespoints title "nps", "$out/table.txt" using 1:5 with linespoints title "time to depth", x title "ideal" dashtype 2
PLOT
  echo "plot written to smp-scaling.png"
fi
