#!/usr/bin/env bash
# Peak resident memory (VmHWM) of each viewer showing one image, and the peak of the summed
# proportional set size (PSS) of it and the processes it starts (Iro's decoder helpers:
# the pixels they hand over are shared, counted once), maximised to 1920×1080
# as desktops do, once it has settled (no CPU for half a second, after a second and a
# half: Iro decodes the rest of a large image's detail 300 ms after its view rests).
# Iro beside qimgv, eog and feh (those installed), RUNS runs each, interleaved; medians.
# Each image is copied alone into a folder of its own, so that no viewer decodes its
# neighbours ahead (Iro and qimgv do): the cost of the image itself.
#
#   Benchmarks/peak-memory-bench.sh [RUNS] IMAGE…
#
# Iro is the release build; `Benchmarks/make-launch-images.py` makes a set of images.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs=3
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then runs=$1; shift; fi
[ $# -gt 0 ] || { echo "usage: peak-memory-bench.sh [RUNS] IMAGE…" >&2; exit 2; }
source "$repo/Benchmarks/display-session.sh" "$runs" "$@"
maximise_windows

installed_viewers iro qimgv eog feh
results="$(mktemp)"; alone="$(mktemp -d)"; trap 'rm -rf "$results" "$alone"' EXIT
for _ in $(seq "$runs"); do
  for image in "$@"; do
    mkdir -p "$alone/$(basename "$image")"
    copy="$alone/$(basename "$image")/$(basename "$image")"
    cp "$image" "$copy"
    for viewer in "${viewers[@]}"; do
      # shellcheck disable=SC2046
      $(command_for "$viewer") "$copy" >/dev/null 2>&1 & pid=$!
      "$repo/Benchmarks/tree-memory.py" $pid >"$alone/tree" & sampler=$!
      sleep 1.5
      wait_until_idle $pid
      kill $sampler; wait $sampler 2>/dev/null || true
      read -r pss _ <"$alone/tree"
      echo "$(basename "$image") $viewer $(awk '/VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status") $pss" >>"$results"
      kill $pid; wait $pid 2>/dev/null || true
    done
  done
done

header="| image |"; rule="|---|"
for viewer in "${viewers[@]}"; do header+=" $viewer |"; rule+="---|"; done
# Column 3: the viewer's own peak RSS; column 4: the peak of the summed PSS of it and every
# process it started (Iro's decoder helpers), sampled every 10 ms.
for column in 3 4; do
  [ $column = 3 ] && echo "peak RSS of the viewer's process, MiB, median of $runs" \
    || echo "peak PSS of the viewer and the processes it started, summed, MiB, median of $runs"
  echo "$header"; echo "$rule"
  for image in "$@"; do
    name="$(basename "$image")"; row="| $name |"
    for viewer in "${viewers[@]}"; do
      row+=" $(awk -v n="$name" -v v="$viewer" -v c=$column '$1==n && $2==v {print $c}' "$results" | median_range) |"
    done
    echo "$row"
  done
  echo
done
