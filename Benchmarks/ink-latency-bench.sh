#!/usr/bin/env bash
# Markup's pen as a user sees it (BEHAVIOUR I): from the pointer moving with the button held to
# the ink on screen, measured with the key benchmarks' XTest probe (key-response-probe --draw)
# in one Xvfb session (1920×1080) under a window manager that maximises the window. Iro opens
# IMAGE, M turns markup on, then STEPS drags along rows of the probe's sampled grid.
#
#   Benchmarks/ink-latency-bench.sh [STEPS] IMAGE...
#   KEYS=1,m …   # at 100 % (the keys are pressed once, in order, before the drags)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
steps="${1:-10}"; shift || true
[ $# -gt 0 ] || { echo "usage: ink-latency-bench.sh [STEPS] IMAGE..." >&2; exit 2; }
source "$repo/Benchmarks/display-session.sh" "$steps" "$@"
probe="$repo/.build/key-response-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/key-response-probe.c" -lX11 -lXext -lXtst
maximise_windows
echo "| image | pointer to ink, first changed frame ms | ink complete ms | steps |"
echo "|---|---|---|---|"
for image in "$@"; do
  out="$(GSK_RENDERER=cairo "$probe" --settle "${SETTLE:-800}" --steps "$steps" --no-edges --draw --keys "${KEYS:-m}" -- "$iro" --new-window "$image" 2>/dev/null)"
  echo "| $(basename "$image") | $(echo "$out" | awk '{print $1}' | median_range) | $(echo "$out" | awk '{print $2}' | median_range) | $steps |"
done
