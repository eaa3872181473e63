#!/usr/bin/env bash
# Launch to first frame, as a user meets it: a cold process, the disk cache warm, a window
# manager that maximises the window on a 1920×1080 screen (matchbox, as desktops do), time
# from exec to the first screen whose window's middle half already shows the settled image
# (first-frame-probe.c). Iro beside feh, qimgv and eog (those installed), interleaved: each
# run opens every image in every viewer in turn, so a slow moment of the machine hits all
# alike. One warm-up round, then RUNS rounds; prints the medians (min–max), Iro's ratio to
# each, their geometric means, and Iro's start-up timeline for each image (IRO_TRACE=1).
#
#   Benchmarks/launch-bench.sh [RUNS] [IMAGE...]   # default 5 runs of make-launch-images.py's set
#   VIEWERS="iro feh" Benchmarks/launch-bench.sh   # fewer viewers
#   SETTLE=3000 …   # for viewers that show nothing new for over 1.2 s while they decode
#
# Iro is the release build (swift build -c release).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"; shift || true
if [ $# -eq 0 ]; then
  mapfile -t images < <(/usr/bin/python3 "$repo/Benchmarks/make-launch-images.py" "$repo/../shared/samples" "$repo/.build/launch-images")
  set -- "${images[@]}"
fi
source "$repo/Benchmarks/display-session.sh" "$runs" "$@"
probe="$repo/.build/first-frame-probe"
gcc -O2 -o "$probe" "$repo/Benchmarks/first-frame-probe.c" -lX11 -lXext
maximise_windows

installed_viewers iro feh qimgv eog
results="$(mktemp)"
for round in $(seq 0 "$runs"); do   # round 0 warms the disk cache
  for image in "$@"; do
    for viewer in "${viewers[@]}"; do
      # shellcheck disable=SC2046
      ms="$("$probe" --settle "${SETTLE:-1200}" -- $(command_for "$viewer") "$image" 2>/dev/null || echo nan)"
      [ "$round" -gt 0 ] && echo "$(basename "$image") $viewer $ms" >>"$results"
    done
  done
done

stats() {  # values → "median min max"
  sort -n | awk '{a[NR]=$1} END {m = NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2; printf "%.0f %.0f %.0f\n", m, a[1], a[NR]}'
}
header="| image |"; rule="|---|"
for viewer in "${viewers[@]}"; do header+=" $viewer |"; rule+="---|"; done
for viewer in "${viewers[@]}"; do [ "$viewer" = iro ] || { header+=" Iro ÷ $viewer |"; rule+="---|"; }; done
echo "$header"; echo "$rule"
declare -A logsum
for image in "$@"; do
  name="$(basename "$image")"; row="| $name |"; declare -A median=()
  for viewer in "${viewers[@]}"; do
    read -r m lo hi < <(awk -v n="$name" -v v="$viewer" '$1==n && $2==v && $3!="nan" {print $3}' "$results" | stats)
    median[$viewer]=$m; row+=" $m ($lo–$hi) |"
  done
  for viewer in "${viewers[@]}"; do
    [ "$viewer" = iro ] && continue
    ratio="$(awk -v a="${median[iro]}" -v b="${median[$viewer]}" 'BEGIN {printf "%.2f", a / b}')"
    row+=" $ratio |"
    logsum[$viewer]="$(awk -v s="${logsum[$viewer]:-0}" -v r="$ratio" 'BEGIN {print s + log(r)}')"
  done
  echo "$row"
done
geo="| geometric mean of the ratios |"
for viewer in "${viewers[@]}"; do geo+=" |"; done
for viewer in "${viewers[@]}"; do
  [ "$viewer" = iro ] || geo+=" $(awk -v s="${logsum[$viewer]}" -v n=$# 'BEGIN {printf "%.2f", exp(s / n)}') |"
done
echo "$geo"
rm -f "$results"

echo
echo "Iro's start-up timeline (ms since exec; one run each, IRO_TRACE=1):"
echo
for image in "$@"; do
  trace="$(IRO_TRACE=1 "$probe" --settle 1200 -- "$iro" --new-window "$image" 2>&1 >/dev/null | grep '^iro-trace' || true)"
  echo "- $(basename "$image"): $(echo "$trace" | sed -E 's/^iro-trace +([0-9.]+) ms +(.*)$/\2 \1/; s/: [^ ]*\/[^ ]*//' | paste -sd ';' | sed 's/;/; /g')"
done
