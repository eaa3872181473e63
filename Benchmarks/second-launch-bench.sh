#!/usr/bin/env bash
# Second launch to new frame: how long `iro SECOND` takes to show SECOND while Iro
# already runs and shows FIRST (the second process hands the file over D-Bus to
# the running instance, which opens it as a new tab of its window), beside eog doing
# the same (`eog FIRST` running, then `eog SECOND`: eog is single-instance too, but
# opens SECOND in a new window of the running instance; that is its behaviour, and
# what its users get). Same Xvfb, same D-Bus session, same environment for both.
#
#   Benchmarks/second-launch-bench.sh [RUNS] [FIRST SECOND]
#
# Defaults: 5 runs, ../shared/samples/cups.jpg then ../shared/samples/autumn.jpg
# (two visually different photos; the bench skips, saying so, without them).
#
# Method (Benchmarks/second-frame-probe.c): for each run, start the viewer on
# FIRST; the probe waits until its window is up and the screen has been still for
# 1.5 s, takes that screen as the baseline, starts the second launch (t = 0) and
# samples a 48×48 grid of screen pixels every ~2 ms until the screen has been still
# for 1.5 s; the result is the earliest sample from which the middle half of the
# topmost window kept its final colours (first-frame-probe.c's rule). Then the
# viewer is ended. Each viewer runs once to warm the disk cache, then RUNS times.
# The pointer is parked in the screen's corner so no hover overlay shows.
#
# Iro is the release build (swift build -c release). Prints a Markdown table with
# the median, min and max. CPU timings are noisy when other work shares the
# machine: compare medians and minimums, and rerun on a quiet machine.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"; shift || true
[ $# -ge 2 ] || set -- "$repo/../shared/samples/cups.jpg" "$repo/../shared/samples/autumn.jpg"
for image in "$1" "$2"; do
  if [ ! -r "$image" ]; then
    echo "second-launch-bench: skipped: $image not found (../shared/samples is absent?)"
    exit 0
  fi
done
first="$(realpath "$1")"; second="$(realpath "$2")"

source "$repo/Benchmarks/display-session.sh" "$runs" "$first" "$second"
probe="$repo/.build/second-frame-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/second-frame-probe.c" -lX11 -lXext
command -v xdotool >/dev/null 2>&1 && xdotool mousemove 1919 1079 || true

median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.1f\n", (a[NR/2]+a[NR/2+1])/2}'; }

# VIEWERS="iro iro-ref eog" (IRO_REF=path/to/another/iro): a change beside the build before it.
installed_viewers iro eog
command_for() {
  case "$1" in
    iro) echo "$iro";;
    iro-ref) echo "${IRO_REF:?set IRO_REF to the path of the other build of iro}";;
    eog) echo "eog";;
  esac
}
how_for() {
  case "$1" in
    iro*) echo "new tab in the running window";;
    eog) echo "new window of the running instance";;
  esac
}

all=()
viewer_pid=""
stop_viewer() {
  [ -n "$viewer_pid" ] || return 0
  kill "$viewer_pid" 2>/dev/null || true
  wait "$viewer_pid" 2>/dev/null || true
  viewer_pid=""
}
trap stop_viewer EXIT

# One run: the viewer on FIRST (its own process, the primary instance), then the
# probe times the second launch. Prints the time in ms or "nan".
one_run() {
  local cmd; cmd="$(command_for "$1")"
  # shellcheck disable=SC2086
  $cmd "$first" >/dev/null 2>&1 &
  viewer_pid=$!
  local t
  # shellcheck disable=SC2086
  t="$("$probe" --quiet 1500 --settle 1500 -- $cmd "$second" 2>/dev/null || echo nan)"
  if ! kill -0 "$viewer_pid" 2>/dev/null; then t=nan; fi   # the first one must still run
  stop_viewer
  echo "$t"
}

echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start; $(basename "$first") shown, then $(basename "$second") launched"
echo "iro: $iro, built $(date -r "$iro" '+%F %T') (not rebuilt here: run swift build -c release --product iro first)"
echo
echo "| second launch | viewer | opens it as | median ms | min | max | runs |"
echo "|---|---|---|---|---|---|---|"
# Runs alternate between the viewers, so that a slower spell of the machine costs each alike.
for viewer in "${viewers[@]}"; do one_run "$viewer" >/dev/null; done   # warm-up (disk cache)
declare -A times_of
for _ in $(seq "$runs"); do
  for viewer in "${viewers[@]}"; do times_of[$viewer]+="$(one_run "$viewer") "; done
done
for viewer in "${viewers[@]}"; do
  read -r -a times <<< "${times_of[$viewer]}"
  sorted="$(printf '%s\n' "${times[@]}" | grep -v nan | sort -n || true)"
  ok="$(printf '%s\n' "$sorted" | grep -c . || true)"
  if [ "$ok" -eq 0 ]; then
    echo "| $(basename "$second") | $viewer | $(how_for "$viewer") | nan | | | 0/${#times[@]} |"
    continue
  fi
  echo "| $(basename "$second") | $viewer | $(how_for "$viewer") | $(echo "$sorted" | median) | $(echo "$sorted" | head -1) | $(echo "$sorted" | tail -1) | $ok/${#times[@]} |"
  all+=("$viewer: ${times[*]}")
done
echo
echo "every run (ms, in order): $(IFS=';'; echo "${all[*]}" | sed 's/;/; /g')"
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at end"
