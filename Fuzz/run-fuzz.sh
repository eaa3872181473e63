#!/usr/bin/env bash
# Fuzzes Iro's decoding front door with libFuzzer for SECONDS (default 60), or with
# IRO_FUZZ_TARGET=protocol Iro's side of the decoder helper's protocol.
#
#   Fuzz/run-fuzz.sh SECONDS [libFuzzer options…]
#
# Builds the `iro-fuzz` product (`iro-protocol-fuzz`) with -sanitize=fuzzer -DFUZZING (release, in its own
# scratch folder so it never disturbs the ordinary build), copies the committed seed
# corpus (Fuzz/corpus; Fuzz/protocol-corpus) into a working corpus (Fuzz/work/corpus,
# Fuzz/work/protocol/corpus, kept between runs so
# each run starts from what the last one found), and runs it. A crash, a timeout
# (one input > 10 s) or an input needing > 4 GB leaves its reproducer in
# Fuzz/work/artifacts/ and makes this script exit non-zero. The log of the run is
# Fuzz/work/last-run.log. See Fuzz/README.md.
#
# Environment:
#   IRO_FUZZ_TARGET    decoding (default) or protocol
#   IRO_FUZZ_SCRATCH   scratch path of the libFuzzer build (default .build-fuzz[-SANITIZER])
#   IRO_FUZZ_WORK      working folder (default Fuzz/work)
#   IRO_FUZZ_SANITIZE  extra sanitizer, e.g. "address" (builds -sanitize=fuzzer,address)
#   IRO_FUZZ_JOBS      parallel fuzzing processes (default 1; libFuzzer's -fork=N)
#   IRO_FUZZ_STRICT=1  GLib criticals abort (they are logged but tolerated otherwise)
#   IRO_FUZZ_PIXBUF_DIR  a gdk-pixbuf built with coverage by Fuzz/build-instrumented-pixbuf.sh
#                      (default .build-fuzz/gdk-pixbuf-cov[-SANITIZER]); used when it exists,
#                      so the fuzzer sees inside the loaders. IRO_FUZZ_PIXBUF=0: don't.
set -euo pipefail
seconds=${1:-60}
shift || true
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${IRO_FUZZ_SCRATCH:-$repo/.build-fuzz${IRO_FUZZ_SANITIZE:+-$IRO_FUZZ_SANITIZE}}
case "${IRO_FUZZ_TARGET:-decoding}" in
  decoding) product=iro-fuzz; seeds=$repo/Fuzz/corpus; work=${IRO_FUZZ_WORK:-$repo/Fuzz/work};;
  protocol) product=iro-protocol-fuzz; seeds=$repo/Fuzz/protocol-corpus; work=${IRO_FUZZ_WORK:-$repo/Fuzz/work/protocol};;
  *) echo "run-fuzz: IRO_FUZZ_TARGET is decoding or protocol" >&2; exit 2;;
esac
sanitizers=fuzzer${IRO_FUZZ_SANITIZE:+,$IRO_FUZZ_SANITIZE}
flags=(-c release --package-path "$repo" --scratch-path "$scratch" --product "$product"
       -Xswiftc "-sanitize=$sanitizers" -Xswiftc -DFUZZING
       # The toolchain's lld: gold stops with an internal error linking iro-protocol-fuzz.
       -Xswiftc -use-ld=lld
       # libFuzzer's hooks must be visible to an instrumented libgdk_pixbuf loaded at run time.
       -Xlinker --export-dynamic)

echo "== building $product with -sanitize=$sanitizers (scratch: $scratch)"
swift build "${flags[@]}" 2>&1 | sed -u '/prohibited flag/d'
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "run-fuzz: build failed" >&2; exit 2; }
bin="$(swift build "${flags[@]}" --show-bin-path)/$product"

mkdir -p "$work/corpus" "$work/artifacts"
run=$(date +%Y%m%d-%H%M%S)
prefix="$work/artifacts/$run-"
cp -n "$seeds/"* "$work/corpus/" 2>/dev/null || true

pixbuf=${IRO_FUZZ_PIXBUF_DIR:-$repo/.build-fuzz/gdk-pixbuf-cov${IRO_FUZZ_SANITIZE:+-$IRO_FUZZ_SANITIZE}}
if [ "${IRO_FUZZ_PIXBUF:-1}" != 0 ] && [ -e "$pixbuf/lib/libgdk_pixbuf-2.0.so.0" ]; then
  echo "== using the instrumented gdk-pixbuf in $pixbuf"
  export LD_LIBRARY_PATH="$pixbuf/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export GDK_PIXBUF_MODULE_FILE="$pixbuf/loaders.cache"
else
  echo "== system gdk-pixbuf (uninstrumented: the fuzzer sees Iro's code only; see Fuzz/build-instrumented-pixbuf.sh)"
fi
if [[ $sanitizers == *address* ]]; then
  # GLib, fontconfig and the loaders keep caches for the life of the process: not leaks.
  set -- -detect_leaks=0 "$@"
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
fi

jobs=()
if [ "${IRO_FUZZ_JOBS:-1}" -gt 1 ]; then jobs=(-fork="$IRO_FUZZ_JOBS" -ignore_crashes=0); fi

echo "== fuzzing for $seconds s: $bin"
set +e
# Warnings from gdk-pixbuf's loaders about the damaged files are expected by the
# thousand; the harness drops everything below "critical".
"$bin" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
       -artifact_prefix="$prefix" -print_final_stats=1 "${jobs[@]}" "$@" \
       "$work/corpus" 2>&1 | tee "$work/last-run.log" | grep -E --line-buffered \
       '^(INFO: Seed|INFO: Loaded|#[0-9]+[[:space:]]+(INITED|pulse|DONE)|Done |stat::|==[0-9]+==|SUMMARY|.*ERROR|.*Test unit written|.*deadly signal|artifact_prefix|\[libFuzzer)'
status=${PIPESTATUS[0]}
set -e
echo "== libFuzzer exited with $status; log: $work/last-run.log"
if [ "$status" -ne 0 ] || compgen -G "$prefix*" >/dev/null; then
  echo "run-fuzz: FAILED; reproducers:" >&2
  ls -l "$prefix"* >&2 2>/dev/null || true
  echo "replay one with: $bin FILE   (or the debug replay tool: swift build --product $product; .build/debug/$product FILE)" >&2
  exit 1
fi
