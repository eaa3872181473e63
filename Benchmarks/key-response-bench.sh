#!/usr/bin/env bash
# Zoom steps as a user sees them, Iro beside eog, on the same image in the same
# Xvfb session (1920×1080): each viewer opens IMAGE, then takes STEPS key presses
# alternating zoom in / zoom out (keypad plus and minus in both). Reports, per viewer, the
# median and min/max time to the first changed frame and to the last change.
#
#   Benchmarks/key-response-bench.sh IMAGE [STEPS]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
image="${1:?usage: key-response-bench.sh IMAGE [STEPS]}"; steps="${2:-10}"
source "$repo/Benchmarks/display-session.sh" "$image" "$steps"
probe="$repo/.build/key-response-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/key-response-probe.c" -lX11 -lXext -lXtst
stats() {  # column → "median (min–max)"
  sort -n | awk '{a[NR]=$1} END {m = NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2; printf "%.0f (%.0f–%.0f)", m, a[1], a[NR]}'
}
echo "| viewer | renderer | first changed frame ms | result complete ms | steps |"
echo "|---|---|---|---|---|"
for renderer in cairo gl; do
  for viewer in iro eog; do
    command -v "$viewer" >/dev/null 2>&1 || [ "$viewer" = iro ] || continue
    cmd=("$iro" --new-window "$image"); [ "$viewer" = eog ] && cmd=(eog --new-instance "$image")
    out="$(GSK_RENDERER=$renderer "$probe" --settle 1000 --steps "$steps" --keys KP_Add,KP_Subtract -- "${cmd[@]}" 2>/dev/null)"
    echo "| $viewer | $renderer | $(echo "$out" | awk '{print $1}' | stats) | $(echo "$out" | awk '{print $2}' | stats) | $steps |"
  done
done
