#!/usr/bin/env bash
# The fuzzing step of CI (a few minutes in all):
#   1. replays the committed seed corpus (Fuzz/corpus) through the ordinary build of
#      `iro-fuzz` — the same code path as the fuzzer, no libFuzzer needed — with GLib
#      criticals made fatal, as the test suite runs;
#   2. replays the decoder protocol's seed conversations (Fuzz/protocol-corpus) through
#      `iro-protocol-fuzz`;
#   3. runs the libFuzzer build for IRO_CI_FUZZ_SECONDS (default 60) from the corpus, and
#      the protocol's for IRO_CI_PROTOCOL_FUZZ_SECONDS (default 30).
# Exits non-zero if a seed crashes or the fuzzer finds a crash, a hang (> 10 s) or an
# input needing > 4 GB; reproducers are left in Fuzz/work/artifacts/.
#
#   Fuzz/ci-fuzz.sh                 (from anywhere; IRO_BUILD_SCRATCH picks the scratch
#                                    path of the replay build, default .build, so it
#                                    reuses what `swift test` built)
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${IRO_BUILD_SCRATCH:-$repo/.build}
seconds=${IRO_CI_FUZZ_SECONDS:-60}
quiet() { sed -u '/prohibited flag/d'; }
status=0

echo "== Fuzz corpus replay (iro-fuzz, ordinary build)"
if swift build --package-path "$repo" --scratch-path "$scratch" --product iro-fuzz 2>&1 | quiet; then
  bin="$(swift build --package-path "$repo" --scratch-path "$scratch" --show-bin-path)/iro-fuzz"
  # One file at a time, so a crash names its input.
  count=0
  for seed in "$repo"/Fuzz/corpus/*; do
    count=$((count + 1))
    if ! out=$(G_DEBUG=fatal-criticals timeout 60 "$bin" "$seed" 2>&1); then
      echo "FAIL: $seed"
      echo "$out" | tail -20 | sed 's/^/    /'
      status=1
    fi
  done
  echo "replayed $count seeds"
else
  echo "FAIL: could not build iro-fuzz"
  status=1
fi

echo "== Protocol corpus replay (iro-protocol-fuzz, ordinary build)"
if swift build --package-path "$repo" --scratch-path "$scratch" --product iro-protocol-fuzz 2>&1 | quiet; then
  bin="$(swift build --package-path "$repo" --scratch-path "$scratch" --show-bin-path)/iro-protocol-fuzz"
  for seed in "$repo"/Fuzz/protocol-corpus/*; do
    if ! out=$(G_DEBUG=fatal-criticals timeout 60 "$bin" "$seed" 2>&1); then
      echo "FAIL: $seed"
      echo "$out" | tail -20 | sed 's/^/    /'
      status=1
    fi
  done
  echo "replayed $(ls "$repo"/Fuzz/protocol-corpus | wc -l) conversations"
else
  echo "FAIL: could not build iro-protocol-fuzz"
  status=1
fi

echo "== libFuzzer for $seconds s"
# Plain -sanitize=fuzzer on the system gdk-pixbuf: the configuration that builds
# anywhere in seconds. (By hand: IRO_FUZZ_SANITIZE=address and an instrumented
# gdk-pixbuf, see Fuzz/README.md.)
IRO_FUZZ_PIXBUF=0 bash "$repo/Fuzz/run-fuzz.sh" "$seconds" || status=1
echo "== libFuzzer on the decoder protocol for ${IRO_CI_PROTOCOL_FUZZ_SECONDS:-30} s"
IRO_FUZZ_TARGET=protocol bash "$repo/Fuzz/run-fuzz.sh" "${IRO_CI_PROTOCOL_FUZZ_SECONDS:-30}" || status=1

[ $status -eq 0 ] && echo "Fuzzing passed." || echo "Fuzzing FAILED."
exit $status
