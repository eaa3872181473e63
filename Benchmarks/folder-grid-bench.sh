#!/usr/bin/env bash
# The folder's grid (BEHAVIOUR H1, H2) in one Xvfb session (1920×1080) under a window
# manager that maximises windows (matchbox), with a desktop cache of its own:
#
#   1. A folder of 10 000 images whose thumbnails are all cached already
#      (Benchmarks/make-thumbnail-cache.py): G pressed in Iro, time to the first changed
#      frame and to the grid's first screen complete (Benchmarks/key-response-probe.c,
#      the screen still for 1 s, its right and bottom edges left out for the scrollbars;
#      STEPS presses, G opening the grid and Esc closing it in turn).
#   2. Memory of Iro's whole process tree (Benchmarks/tree-memory.py: the decoder helpers
#      too) showing one image of that folder, then with its grid open.
#   3. A folder of large JPEGs with no thumbnails cached: how many thumbnails a second Iro
#      makes with its grid open, and gThumb (if installed) browsing the same folder, each
#      timed from its first thumbnail written to its last (files in the cache, polled).
#
#   Benchmarks/folder-grid-bench.sh STEPS FOLDER_10K CACHE_10K FOLDER_LARGE
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
steps="$1" folder="$2" cache="$3" large="$4"
source "$repo/Benchmarks/display-session.sh" "$@"
probe="$repo/.build/key-response-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/key-response-probe.c" -lX11 -lXext -lXtst
maximise_windows
first=$(ls "$folder" | sort -V | sed -n 1p)

echo "## 1. The grid of $(ls "$folder" | wc -l) images, thumbnails cached"
echo "| first changed frame ms | first screen complete ms | presses |"
echo "|---|---|---|"
out="$(XDG_CACHE_HOME="$cache" "$probe" --settle 1000 --no-edges --steps "$steps" --keys g,Escape -- "$iro" --new-window "$folder/$first" 2>/dev/null)"
# Odd presses open the grid; even ones close it.
opened="$(echo "$out" | awk 'NR % 2 == 1')"
echo "| $(echo "$opened" | awk '{print $1}' | median_range) | $(echo "$opened" | awk '{print $2}' | median_range) | $(echo "$opened" | wc -l) |"

echo "## 2. Memory (whole tree, proportional set size, MB)"
XDG_CACHE_HOME="$cache" "$iro" --new-window "$folder/$first" >/dev/null 2>&1 &
pid=$!
wait_until_idle "$pid"
one=$(/usr/bin/python3 "$repo/Benchmarks/tree-memory.py" --now "$pid" | awk '{print $1}')
iro_action folder-overview
wait_until_idle "$pid"
grid=$(/usr/bin/python3 "$repo/Benchmarks/tree-memory.py" --now "$pid" | awk '{print $1}')
kill "$pid"; wait "$pid" 2>/dev/null || true
echo "| one image shown | grid open | above one image |"
echo "|---|---|---|"
echo "| $one | $grid | $(awk -v a="$one" -v b="$grid" 'BEGIN{printf "%.1f", b - a}') |"

echo "## 3. Thumbnails made a second, $(ls "$large" | wc -l) JPEGs of $(/usr/bin/python3 -c "import gi; gi.require_version('GdkPixbuf','2.0'); from gi.repository import GdkPixbuf; f=GdkPixbuf.Pixbuf.get_file_info('$large/$(ls "$large" | sort -V | sed -n 1p)'); print(f'{f[1]}×{f[2]}')"), none cached"
echo "| viewer | thumbnails | seconds, first to last | a second |"
echo "|---|---|---|---|"
# Polls CACHE's thumbnail folders until their count stops growing for 3 s; prints the count
# and the time from the first file to the last. Bash alone (a glob, $EPOCHREALTIME, a read
# that times out): a poll that started find, date and awk every 50 ms took a tenth of a core
# from the viewers on a machine of two.
rate() {
  local cache=$1 count=0 last=-1 since first="" now
  local -a files
  shopt -s nullglob
  exec 9<> <(:)
  since=${EPOCHREALTIME//[!0-9]/}
  while :; do
    files=("$cache"/thumbnails/*/*.png)
    count=${#files[@]}
    now=${EPOCHREALTIME//[!0-9]/}
    [ -z "$first" ] && [ "$count" -gt 0 ] && first=$now
    if [ "$count" != "$last" ]; then last=$count; since=$now; fi
    if [ "$count" -gt 0 ] && (( now - since > 3000000 )); then break; fi
    if (( now - since > 60000000 )); then break; fi
    read -rt 0.02 -u 9 || true
  done
  exec 9>&-
  awk -v c="$count" -v f="${first:-$since}" -v l="$since" 'BEGIN{d = (l - f) / 1e6; printf "%d | %.2f | %.1f", c, d, (d > 0 ? (c - 1) / d : 0)}'
}
for viewer in iro gthumb; do
  command -v "$viewer" >/dev/null 2>&1 || [ "$viewer" = iro ] || continue
  fresh=$(mktemp -d)
  if [ "$viewer" = iro ]; then
    XDG_CACHE_HOME="$fresh" "$iro" --new-window "$large/$(ls "$large" | sort -V | sed -n 1p)" >/dev/null 2>&1 &
    pid=$!
    wait_until_idle "$pid"
    iro_action folder-overview
  else
    XDG_CACHE_HOME="$fresh" HOME="$fresh" gthumb "$large" >/dev/null 2>&1 &
    pid=$!
  fi
  echo "| $viewer | $(rate "$fresh") |"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$fresh"
done
