#!/usr/bin/env bash
# Memory of Iro with a PDF open (BEHAVIOUR G1: pages are read lazily): the same typeset book
# cut to 2 pages and grown to 2000, each opened alone, settled (its first page shown, the
# sidebar's thumbnails in view made), then in continuous pages (BEHAVIOUR G11). Iro's own
# resident size (VmRSS) and peak (VmHWM), and the decoder helpers' resident size, the median
# of RUNS launches. Release build, in Xvfb at 1920×1080 (display-session.sh).
#
#   Benchmarks/document-memory-bench.sh [RUNS]     # default 3
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-3}"
source "$repo/Benchmarks/display-session.sh" "$@"
# Iro's remembered choices (one page or continuous, the sidebar) start from the defaults.
export XDG_CONFIG_HOME="$(mktemp -d)"; trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
out="$repo/.build/bench-pdfs"
mkdir -p "$out"
if [ ! -s "$out/book.pdf" ]; then
  gcc -O2 -o "$repo/.build/make-bench-pdfs" "$repo/Benchmarks/make-bench-pdfs.c" $(pkg-config --cflags --libs cairo gdk-pixbuf-2.0)
  "$repo/.build/make-bench-pdfs" "$repo/../shared/samples" "$out"
fi
book="$out/book.pdf"   # 352 pages
[ -s "$out/two.pdf" ] || qpdf --empty --pages "$book" 1-2 -- "$out/two.pdf"
[ -s "$out/two-thousand.pdf" ] || qpdf --empty --pages "$book" "$book" "$book" "$book" "$book" "$book" 1-240 -- "$out/two-thousand.pdf"

kb() { awk -v key="$2:" '$1 == key {print $2}' "/proc/$1/status"; }
# The resident size of every process under PID (the decoder helpers), in KB.
helpers_kb() {
  local total=0 child
  for child in $(pgrep -P "$1" || true) $(for c in $(pgrep -P "$1" || true); do pgrep -P "$c" || true; done); do
    total=$((total + $(kb "$child" VmRSS 2>/dev/null || echo 0)))
  done
  echo $total
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }

for pdf in two two-thousand; do
  : >"$out/mem-$pdf"
  for _ in $(seq "$runs"); do
    "$iro" --new-window "$out/$pdf.pdf" & pid=$!
    wait_until_idle $pid
    single="$(kb $pid VmRSS) $(kb $pid VmHWM) $(helpers_kb $pid)"
    iro_action continuous-pages
    wait_until_idle $pid
    echo "$single $(kb $pid VmRSS) $(kb $pid VmHWM) $(helpers_kb $pid)" >>"$out/mem-$pdf"
    kill $pid; wait $pid 2>/dev/null || true
  done
  pages=$(qpdf --show-npages "$out/$pdf.pdf")
  printf '%5d pages: one page: Iro %s MB (peak %s MB), helpers %s MB; continuous: Iro %s MB (peak %s MB), helpers %s MB\n' "$pages" \
    $(for column in 1 2 3 4 5 6; do cut -d' ' -f$column "$out/mem-$pdf" | median | awk '{printf "%.0f ", $1 / 1024}'; done)
done
