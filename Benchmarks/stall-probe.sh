#!/usr/bin/env bash
# Main-loop stalls while a 100-megapixel JPEG loads, whether closing its tab stops
# the decode (BEHAVIOUR A6), and while a folder of 10 000 images is listed (F1). Builds
# the tests in release and runs the gated benchmark Tests/IroUITests/StallProbeBenchmark.swift
# RUNS times (default 3) under Xvfb with the cairo renderer; prints its "STALL …" lines.
# TEST picks one of its tests (e.g. testMainLoopGapsWhileA10000ImageFolderLists).
#
#   Benchmarks/stall-probe.sh [RUNS] [TEST]
#
# Environment: IRO_BENCH_SCRATCH (default .build-bench), GSK_RENDERER (default cairo).
# Run it on a quiet machine: on two cores the decode threads and Xvfb compete with the
# main thread, and each gap also says how much of it the main thread actually ran.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${IRO_BENCH_SCRATCH:-$repo/.build-bench}
runs=${1:-3}
filter=IroUITests.StallProbeBenchmark${2:+/$2}
swift build --package-path "$repo" -c release --build-tests -Xswiftc -enable-testing --scratch-path "$scratch" 2>&1 \
  | sed -u '/prohibited flag/d' | tail -1
bundle="$(swift build --package-path "$repo" -c release --scratch-path "$scratch" --show-bin-path)/IroPackageTests.xctest"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load: $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$runs"); do
  echo "== run $run"
  ADW_DISABLE_PORTAL=1 GTK_USE_PORTAL=0 GTK_A11Y=none NO_AT_BRIDGE=1 IRO_BENCH=1 \
  GSK_RENDERER=${GSK_RENDERER:-cairo} \
    xvfb-run -a -s "-screen 0 1920x1080x24 -nolisten tcp" dbus-run-session -- \
    "$bundle" "$filter" 2>&1 | grep -E '^STALL|error:|failed' || true
done
