#!/usr/bin/env bash
# Memory of a long animation playing (BEHAVIOUR A10): a 600-frame 1500×1500 GIF
# (Benchmarks/make-long-gif.py) shown for SECONDS (default 30: one whole loop is 24 s),
# against the same viewer showing the animation's first frame as a still PNG. Prints
# the peak (VmHWM) and the last resident size (VmRSS) of each, and the difference.
# Release build, Xvfb at 1920×1080; eog and qimgv the same way when installed.
#
#   Benchmarks/gif-memory-bench.sh [SECONDS]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-30}"
source "$repo/Benchmarks/display-session.sh" "$seconds"
files="$repo/.build/gif-memory"
mkdir -p "$files"
[ -f "$files/long.gif" ] || /usr/bin/python3 "$repo/Benchmarks/make-long-gif.py" "$files/long.gif" "$files/long.png" >/dev/null

mb() { awk -v key="$2" '$1 == key":" {printf "%.0f", $2 / 1024}' "/proc/$1/status"; }
# Runs the viewer on FILE for `seconds`; prints "peak settled" in MB.
run() {
  local file=$1; shift
  "$@" "$file" >/dev/null 2>&1 & local pid=$!
  sleep "$seconds"
  echo "$(mb $pid VmHWM) $(mb $pid VmRSS)"
  kill $pid; wait $pid 2>/dev/null || true
}
echo "| viewer | still first frame: peak / last | animation after ${seconds} s: peak / last | animation − still (peak) |"
echo "|---|---|---|---|"
for viewer in iro eog qimgv; do
  command -v "$viewer" >/dev/null 2>&1 || [ "$viewer" = iro ] || continue
  case "$viewer" in
    iro) cmd=("$iro" --new-window) ;;
    eog) cmd=(eog --new-instance) ;;
    qimgv) cmd=(qimgv) ;;
  esac
  read -r still_peak still_last < <(run "$files/long.png" "${cmd[@]}")
  read -r anim_peak anim_last < <(run "$files/long.gif" "${cmd[@]}")
  echo "| $viewer | $still_peak / $still_last MB | $anim_peak / $anim_last MB | $((anim_peak - still_peak)) MB |"
done
