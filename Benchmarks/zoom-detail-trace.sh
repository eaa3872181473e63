#!/usr/bin/env bash
# The time from a zoom key to the image shown with the detail it asked for, from Iro's own
# trace (IRO_TRACE=1): Iro opens IMAGE maximised on a 1920×1080 screen, the window is left
# for 4 s (the hue capsule's fade over, the first decode done), KEY is pressed (default 1:
# 100 %), and the trace's last decode request and "image shown" after it are read. RUNS
# fresh windows. For a camera RAW whose preview holds less than 100 %, this is the sensor's
# picture developed.
#
#   Benchmarks/zoom-detail-trace.sh [RUNS] IMAGE [KEY]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs=5
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then runs=$1; shift; fi
image="${1:?usage: zoom-detail-trace.sh [RUNS] IMAGE [KEY]}"; key="${2:-1}"
source "$repo/Benchmarks/display-session.sh" "$runs" "$image" "$key"
maximise_windows
log="$(mktemp)"; trap 'rm -f "$log"' EXIT
echo "| run | key at, ms | request received | image shown | key to shown, ms |"
echo "|---|---|---|---|---|"
for run in $(seq "$runs"); do
  IRO_TRACE=1 "$iro" --new-window "$image" 2>"$log" &
  pid=$!
  sleep 4
  pressed="$(awk '{print $1 * 1000}' /proc/uptime)"
  started="$(awk -v t="$(awk '{print $22}' "/proc/$pid/stat")" -v hz="$(getconf CLK_TCK)" 'BEGIN {print t / hz * 1000}')"
  xdotool key "$key"
  sleep 4
  kill "$pid"; wait "$pid" 2>/dev/null || true
  at="$(awk -v p="$pressed" -v s="$started" 'BEGIN {printf "%.0f", p - s}')"
  # The first request and image after the key (trace times are ms since exec).
  read -r received shown < <(awk -v at="$at" '/iro-trace/ && $2 + 0 > at {
      if ($0 ~ /request .* received/ && !r) r = $2
      if ($0 ~ /image shown/ && r && !s) s = $2 }
    END {print r + 0, s + 0}' "$log")
  echo "| $run | $at | $received | $shown | $(awk -v s="$shown" -v a="$at" 'BEGIN {printf "%.0f", s - a}') |"
done
