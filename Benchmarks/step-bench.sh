#!/usr/bin/env bash
# Stepping through a folder as a user sees it, Iro beside eog, feh and qimgv (those that are
# installed): each viewer opens the first
# of 21 JPEGs and takes STEPS presses of Right, under a window manager that maximises the
# window (as desktops do) on a 1920×1080 screen. Reports the time from each key press to
# the next image complete on the screen (the screen still for a second after), median and
# range, for a folder of 24-megapixel JPEGs and one of 4-megapixel JPEGs. Each step comes
# a second after the last change, so Iro's neighbours have been decoded ahead.
#
#   Benchmarks/step-bench.sh [STEPS]          # default 20; VIEWERS="iro feh" picks viewers
#   IRO_REF=../before/.build/release/iro VIEWERS="iro iro-ref" Benchmarks/step-bench.sh   # two builds
#   FOLDERS=/path/to/raws Benchmarks/step-bench.sh   # other folders (their first file by name)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
steps="${1:-20}"
source "$repo/Benchmarks/display-session.sh" "$steps"
samples="$repo/../shared/samples"
folders="$repo/.build/step-bench"
[ -d "$folders/24mp" ] || /usr/bin/python3 "$repo/Benchmarks/make-photo-folder.py" "$samples" "$folders/24mp" 6000 4000 >/dev/null
[ -d "$folders/4mp" ] || /usr/bin/python3 "$repo/Benchmarks/make-photo-folder.py" "$samples" "$folders/4mp" 2448 1632 >/dev/null
probe="$repo/.build/key-response-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/key-response-probe.c" -lX11 -lXext -lXtst
maximise_windows
echo "| folder | viewer | key to the next image complete, ms | first change, ms | steps |"
echo "|---|---|---|---|---|"
for folder in ${FOLDERS:-24mp 4mp}; do
  for viewer in ${VIEWERS:-iro eog feh qimgv}; do
    command -v "$viewer" >/dev/null 2>&1 || [[ "$viewer" == iro* ]] || continue
    if [ -d "$folder" ]; then first="$(find "$folder" -maxdepth 1 -type f | sort | head -1)"; else first="$folders/$folder/photo-1.jpg"; fi
    case "$viewer" in
      iro) cmd=("$iro" --new-window "$first") ;;
      iro-ref) cmd=("${IRO_REF:?set IRO_REF to the path of the other build of iro}" --new-window "$first") ;;
      eog) cmd=(eog --new-instance "$first") ;;
      feh) cmd=(feh --scale-down --auto-zoom --version-sort --start-at "$first" "$(dirname "$first")") ;;
      qimgv) cmd=(qimgv "$first") ;;
      geeqie) cmd=(geeqie "$first") ;;
      gthumb) cmd=(gthumb "$first") ;;
    esac
    out="$("$probe" --settle 1000 --steps "$steps" --keys Right -- "${cmd[@]}" 2>/dev/null)"
    echo "| $folder | $viewer | $(echo "$out" | awk '{print $2}' | median_range) | $(echo "$out" | awk '{print $1}' | median_range) | $steps |"
  done
done
