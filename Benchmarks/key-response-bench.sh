#!/usr/bin/env bash
# Zoom steps as a user sees them, Iro beside eog, feh and qimgv (those installed), on the
# same images in one Xvfb session (1920×1080) under a window manager that maximises the
# window (matchbox, as desktops do): each viewer opens IMAGE, then takes STEPS key presses
# alternating zoom in / zoom out (keypad plus and minus, which every one of them takes).
# Reports, per image and viewer, the median and min/max time to the first changed frame,
# and to the last change (the result complete, animation included).
#
#   Benchmarks/key-response-bench.sh [STEPS] IMAGE...   # VIEWERS="iro eog" picks viewers
#   RENDERERS="cairo gl" also runs Iro and eog with GSK_RENDERER=gl
#   KEYS=1 Benchmarks/key-response-bench.sh 1 IMG.dng IMG.dng …   # one zoom to 100 %, a fresh
#   window each time (the first zoom into a camera RAW develops its sensor's picture)
#   SETTLE=3000 …   # when a result can take over a second with nothing new on screen
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
steps="${1:-10}"; shift || true
[ $# -gt 0 ] || { echo "usage: key-response-bench.sh [STEPS] IMAGE..." >&2; exit 2; }
source "$repo/Benchmarks/display-session.sh" "$steps" "$@"
probe="$repo/.build/key-response-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/key-response-probe.c" -lX11 -lXext -lXtst
maximise_windows
echo "| image | viewer | renderer | first changed frame ms | result complete ms | steps |"
echo "|---|---|---|---|---|---|"
for image in "$@"; do
  for renderer in ${RENDERERS:-cairo}; do
    for viewer in ${VIEWERS:-iro eog feh qimgv}; do
      command -v "$viewer" >/dev/null 2>&1 || [[ "$viewer" == iro* ]] || continue
      case "$viewer" in
        iro) cmd=("$iro" --new-window "$image") ;;
        iro-ref) cmd=("${IRO_REF:?set IRO_REF to the path of the other build of iro}" --new-window "$image") ;;
        eog) cmd=(eog --new-instance "$image") ;;
        feh) cmd=(feh --scale-down --geometry 1920x1080 "$image") ;;
        qimgv) cmd=(qimgv "$image") ;;
        geeqie) cmd=(geeqie "$image") ;;
        gthumb) cmd=(gthumb "$image") ;;
      esac
      [ "$renderer" = cairo ] || [[ "$viewer" == iro* ]] || [ "$viewer" = eog ] || continue
      out="$(GSK_RENDERER=$renderer "$probe" --settle "${SETTLE:-1000}" --steps "$steps" --keys "${KEYS:-KP_Add,KP_Subtract}" -- "${cmd[@]}" 2>/dev/null)"
      echo "| $(basename "$image") | $viewer | $renderer | $(echo "$out" | awk '{print $1}' | median_range) | $(echo "$out" | awk '{print $2}' | median_range) | $steps |"
    done
  done
done
