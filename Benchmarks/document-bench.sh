#!/usr/bin/env bash
# Opening a PDF, as a user meets it: exec to the first page settled on screen, maximised
# under matchbox on 1920×1080, Iro beside evince, zathura (zathura-pdf-poppler), qpdfview and
# mupdf (those installed), interleaved (launch-bench.sh's method and probe). The PDFs are
# made here (make-bench-pdfs.c): a 352-page text book and a 30-page scan (photos at 200 dpi).
#
#   Benchmarks/document-bench.sh [RUNS]        # default 5
#   VIEWERS="iro zathura" Benchmarks/document-bench.sh 3
#
# Iro is the release build (swift build -c release).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
out="$repo/.build/bench-pdfs"
mkdir -p "$out"
if [ ! -s "$out/scanned.pdf" ]; then
  gcc -O2 -o "$repo/.build/make-bench-pdfs" "$repo/Benchmarks/make-bench-pdfs.c" $(pkg-config --cflags --libs cairo gdk-pixbuf-2.0)
  "$repo/.build/make-bench-pdfs" "$repo/../shared/samples" "$out"
fi
VIEWERS="${VIEWERS:-iro evince zathura qpdfview mupdf}" exec "$repo/Benchmarks/launch-bench.sh" "$runs" "$out/book.pdf" "$out/scanned.pdf"
