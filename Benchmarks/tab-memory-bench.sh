#!/usr/bin/env bash
# What twenty tabs cost and what closing them gives back: Iro opens twenty copies of IMAGE
# (as `iro ~/Pictures/*.jpg` would), every tab is shown once (win.next-tab), nineteen are
# closed (win.close-tab), and the resident size (VmRSS) is taken at each step once the
# process stops using CPU; beside it, a fresh launch showing IMAGE alone. Release build,
# 1920×1080, under a window manager that maximises the window.
#
#   Benchmarks/tab-memory-bench.sh IMAGE [COUNT]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
image="${1:?usage: tab-memory-bench.sh IMAGE [COUNT]}"; count="${2:-20}"
source "$repo/Benchmarks/display-session.sh" "$image" "$count"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
maximise_windows
extension="${image##*.}"
for i in $(seq -w 1 "$count"); do cp "$image" "$tmp/photo-$i.$extension"; done

# A row: the process's memory and CPU time once its CPU time stops growing.
measure() {
  wait_until_idle "$1"
  printf '| %s | %s MB | %s MB | %s s |\n' "$2" "$(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status")" \
    "$(awk '/VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$1/status")" \
    "$(awk -v t="$(getconf CLK_TCK)" '{printf "%.1f", ($14 + $15) / t}' "/proc/$1/stat")"
}
echo "| step | resident | peak so far | CPU time so far |"
echo "|---|---|---|---|"
"$iro" --new-window "$tmp/photo-01.$extension" & pid=$!
measure $pid "fresh launch, one image"
kill $pid; wait $pid 2>/dev/null || true
"$iro" --new-window "$tmp"/photo-*."$extension" & pid=$!
measure $pid "$count tabs opened"
for _ in $(seq 2 "$count"); do iro_action next-tab; sleep 0.3; done
measure $pid "every tab shown once"
iro_action next-tab # back to the first
for _ in $(seq 2 "$count"); do iro_action close-tab; sleep 0.1; done
measure $pid "$((count - 1)) closed, one left"
kill $pid; wait $pid 2>/dev/null || true
