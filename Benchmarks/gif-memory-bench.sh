#!/usr/bin/env bash
# Memory of a long animation playing (BEHAVIOUR A10): a 600-frame 1500×1500 GIF
# (Benchmarks/make-long-gif.py) shown for SECONDS (default 30: one whole loop is 24 s),
# against the same viewer showing the animation's first frame as a still PNG. Prints
# the peak (VmHWM) and the last resident size (VmRSS) of each, and the difference.
# Release build, Xvfb at 1920×1080; eog and qimgv the same way when installed (VIEWERS
# picks). With `webp`, the same animation as an animated WebP (made with gif2webp, from the
# webp tools).
#
#   Benchmarks/gif-memory-bench.sh [SECONDS] [gif|webp]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-30}"
format="${2:-gif}"
source "$repo/Benchmarks/display-session.sh" "$seconds" "$format"
files="$repo/.build/gif-memory"
mkdir -p "$files"
[ -f "$files/long.gif" ] || /usr/bin/python3 "$repo/Benchmarks/make-long-gif.py" "$files/long.gif" "$files/long.png" >/dev/null
[ "$format" = gif ] || [ -f "$files/long.webp" ] || gif2webp -quiet -mixed "$files/long.gif" -o "$files/long.webp"
# Each file alone in a folder: the viewers that decode a folder's neighbours ahead would
# otherwise measure the other files too.
for file in long.png "long.$format"; do
  mkdir -p "$files/alone-${file##*.}" && ln -sf "$files/$file" "$files/alone-${file##*.}/$file"
done

mb() { awk -v key="$2" '$1 == key":" {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
# Runs the viewer on FILE for `seconds`; prints "peak settled" in MB.
run() {
  local file=$1; shift
  "$@" "$file" >/dev/null 2>&1 & local pid=$!
  "$repo/Benchmarks/tree-memory.py" $pid >"$files/tree" & local sampler=$!
  sleep "$seconds"
  kill $sampler; wait $sampler 2>/dev/null || true
  echo "$(mb $pid VmHWM) $(mb $pid VmRSS) $(cut -d' ' -f1 "$files/tree")"
  kill $pid; wait $pid 2>/dev/null || true
  sleep 1 # the bus lets the instance's name go; the next launch must not hand over to it
}
# Peak and last resident size of the viewer's process; then the peak of the summed PSS of
# it and the processes it started (Iro's decoder helpers, which compose the frames).
echo "| viewer | still first frame: peak / last | animation after ${seconds} s: peak / last | animation − still (peak) | with helpers, PSS: still / animation |"
echo "|---|---|---|---|---|"
for viewer in ${VIEWERS:-iro eog qimgv}; do
  command -v "$viewer" >/dev/null 2>&1 || [ "$viewer" = iro ] || continue
  case "$viewer" in
    iro) cmd=("$iro" --new-window) ;;
    eog) cmd=(eog --new-instance) ;;
    qimgv) cmd=(qimgv) ;;
  esac
  read -r still_peak still_last still_tree < <(run "$files/alone-png/long.png" "${cmd[@]}")
  read -r anim_peak anim_last anim_tree < <(run "$files/alone-$format/long.$format" "${cmd[@]}")
  echo "| $viewer | $still_peak / $still_last MB | $anim_peak / $anim_last MB | $((anim_peak - still_peak)) MB | $still_tree / $anim_tree MB |"
done
