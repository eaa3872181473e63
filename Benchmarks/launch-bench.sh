#!/usr/bin/env bash
# Launch-to-first-frame for Iro beside other viewers, on the same images in the
# same Xvfb session: median (and min/max) of RUNS runs after one warm-up run each.
#
#   Benchmarks/launch-bench.sh [RUNS] IMAGE...
#
# Iro is the release build (swift build -c release). Viewers not installed are
# skipped. Prints a Markdown table.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"; shift || true
if [ $# -eq 0 ]; then
  # 2560×1600 JPEG, 5120×2880 PNG, and a 6400×4000 (25.6 MP) JPEG made from the first.
  large="$repo/.build/large-25mp.jpg"
  [ -f "$large" ] || /usr/bin/python3 "$repo/Benchmarks/make-large-jpeg.py" "$repo/../shared/samples/cups.jpg" "$large"
  set -- "$repo/../shared/samples/cups.jpg" "$repo/../shared/samples/kay-5k.png" "$large"
fi

source "$repo/Benchmarks/display-session.sh" "$runs" "$@"
probe="$repo/.build/first-frame-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/first-frame-probe.c" -lX11 -lXext

median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.1f\n", (a[NR/2]+a[NR/2+1])/2}'; }

viewers=(iro eog gthumb feh)
command_for() {
  case "$1" in
    iro) echo "$iro --new-window";;
    eog) echo "eog --new-instance";;
    gthumb) echo "gthumb";;
    feh) echo "feh --auto-zoom --scale-down -g 1000x720";;
  esac
}

echo "| image | viewer | median ms | min | max | runs |"
echo "|---|---|---|---|---|---|"
for image in "$@"; do
  for viewer in "${viewers[@]}"; do
    bin="$(command_for "$viewer" | cut -d' ' -f1)"
    command -v "$bin" >/dev/null 2>&1 || continue
    # shellcheck disable=SC2046
    "$probe" --settle 1200 -- $(command_for "$viewer") "$image" >/dev/null 2>&1 || true   # warm-up (disk cache)
    times=()
    for _ in $(seq "$runs"); do
      # shellcheck disable=SC2046
      times+=("$("$probe" --settle 1200 -- $(command_for "$viewer") "$image" 2>/dev/null || echo nan)")
    done
    sorted="$(printf '%s\n' "${times[@]}" | grep -v nan | sort -n)"
    echo "| $(basename "$image") | $viewer | $(echo "$sorted" | median) | $(echo "$sorted" | head -1) | $(echo "$sorted" | tail -1) | ${#times[@]} |"
  done
done
