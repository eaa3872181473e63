#!/usr/bin/env bash
# Frame costs of two builds side by side: the working tree and a git ref (the commit to
# compare against), both release builds with tests, running Tests/IroUITests/FrameBenchmark
# and HueFrameBenchmark alternately (the order flips every round, so neither build always
# runs on a warmer machine), under Xvfb with the cairo renderer. Prints every run's lines,
# then each row's median over the rounds for both builds.
#
#   Benchmarks/frame-compare.sh REF [ROUNDS]        # e.g. HEAD~3 4
#
# The ref is checked out in a worktree under .build-compare/ (left there for the next run).
# Run it on a quiet machine: the benchmarks' frames compete with anything else running.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ref=${1:?usage: $0 REF [ROUNDS]}
rounds=${2:-4}
base="$repo/.build-compare/$(git -C "$repo" rev-parse --short "$ref")"
[ -d "$base" ] || git -C "$repo" worktree add --detach "$base" "$ref" >/dev/null
build() {  # build ROOT: the release test bundle's path
  swift build --package-path "$1" -c release --build-tests -Xswiftc -enable-testing --scratch-path "$1/.build-bench" 2>&1 \
    | sed -u '/prohibited flag/d' | tail -1 >&2
  echo "$(swift build --package-path "$1" -c release --scratch-path "$1/.build-bench" --show-bin-path)/IroPackageTests.xctest"
}
declare -A bundle=([base]=$(build "$base") [tree]=$(build "$repo"))
log=$(mktemp)
export ADW_DISABLE_PORTAL=1 GTK_USE_PORTAL=0 GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1 IRO_BENCH=1 GSK_RENDERER=cairo
for round in $(seq "$rounds"); do
  order="base tree"; [ $((round % 2)) -eq 0 ] && order="tree base"
  for which in $order; do
    echo "== round $round $which" | tee -a "$log"
    for test in FrameBenchmark HueFrameBenchmark; do
      xvfb-run -a -s "-screen 0 1920x1080x24 -nolisten tcp" dbus-run-session -- "${bundle[$which]}" "IroUITests.$test" 2>&1 \
        | grep -E '^(BENCH|hue-step)' | tee -a "$log"
    done
  done
done
python3 - "$log" "$ref" <<'PY'
import re, statistics, sys
rows, current = {}, None
for line in open(sys.argv[1]):
    if m := re.match(r'== round \d+ (\w+)', line):
        current = m.group(1)
    elif m := re.match(r'BENCH (.+?) median ([\d.]+)', line):
        rows.setdefault(m.group(1), {}).setdefault(current, []).append(float(m.group(2)))
    elif m := re.search(r'paint-median=([\d.]+)ms latency-median=([\d.]+)ms', line):
        rows.setdefault('hue-step-cpu paint', {}).setdefault(current, []).append(float(m.group(1)))
        rows.setdefault('hue-step-cpu latency', {}).setdefault(current, []).append(float(m.group(2)))
print(f'\nmedian over the rounds (ms; animated-zoom-fps in frames per second)\n{"row":36} {sys.argv[2]:>10} {"tree":>10}')
for name, runs in rows.items():
    print(f'{name:36} {statistics.median(runs.get("base", [float("nan")])):10.1f} {statistics.median(runs.get("tree", [float("nan")])):10.1f}')
PY
rm -f "$log"
