#!/usr/bin/env bash
# Reading a PDF down its pages (BEHAVIOUR G11), as a user sees it: each viewer opens the
# bench's 352-page book showing its pages stacked (Iro with continuous pages chosen, evince
# and zathura as they open), maximised under matchbox on 1920×1080, then takes STEPS key
# presses, KEYS alternating (Page Down and Page Up by default: the next page's top, or the
# next screen). For each viewer, the median and min/max time from the key to the first
# changed frame and to the last change (the pages in view drawn), key-response-probe.c's.
#
#   Benchmarks/continuous-scroll-bench.sh [STEPS] [KEYS]     # default 10 Page_Down,Page_Up
#   VIEWERS="iro evince" Benchmarks/continuous-scroll-bench.sh 20 Down,Down
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
steps="${1:-10}"; keys="${2:-Page_Down,Page_Up}"
source "$repo/Benchmarks/display-session.sh" "$@"
# Iro's choices start from a configuration of this run's: continuous pages on.
export XDG_CONFIG_HOME="$(mktemp -d)"; trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
mkdir -p "$XDG_CONFIG_HOME/iro"
printf '[window]\ncontinuous-pages=true\n' >"$XDG_CONFIG_HOME/iro/window-state.ini"
book="$repo/.build/bench-pdfs/book.pdf"
if [ ! -s "$book" ]; then
  gcc -O2 -o "$repo/.build/make-bench-pdfs" "$repo/Benchmarks/make-bench-pdfs.c" $(pkg-config --cflags --libs cairo gdk-pixbuf-2.0)
  "$repo/.build/make-bench-pdfs" "$repo/../shared/samples" "$repo/.build/bench-pdfs"
fi
probe="$repo/.build/key-response-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/key-response-probe.c" -lX11 -lXext -lXtst
maximise_windows
echo "| viewer | first changed frame ms | pages drawn ms | steps ($keys) |"
echo "|---|---|---|---|"
for viewer in ${VIEWERS:-iro evince zathura}; do
  command -v "$viewer" >/dev/null 2>&1 || [ "$viewer" = iro ] || continue
  case "$viewer" in
    iro) cmd=("$iro" --new-window "$book") ;;
    evince) cmd=(evince "$book") ;;
    zathura) cmd=(zathura "$book") ;;
  esac
  out="$("$probe" --settle 1000 --steps "$steps" --keys "$keys" -- "${cmd[@]}" 2>/dev/null)"
  echo "| $viewer | $(echo "$out" | awk '{print $1}' | median_range) | $(echo "$out" | awk '{print $2}' | median_range) | $steps |"
done
