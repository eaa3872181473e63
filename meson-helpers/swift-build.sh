#!/bin/sh
# Build one SwiftPM product and copy it to where meson expects it.
# Usage: swift-build.sh SWIFT SRC_ROOT SCRATCH CONFIG PRODUCT OUTPUT
#   SWIFT     the swift driver
#   SRC_ROOT  the package root (holds Package.swift)
#   SCRATCH   SwiftPM's scratch (build) directory, inside meson's build dir
#   CONFIG    debug or release
#   PRODUCT   the executable product to build
#   OUTPUT    the file to write (meson's @OUTPUT@)
set -eu

if [ "$#" -ne 6 ]; then
    echo "usage: $0 SWIFT SRC_ROOT SCRATCH CONFIG PRODUCT OUTPUT" >&2
    exit 2
fi

swift=$1
src_root=$2
scratch=$3
config=$4
product=$5
output=$6

"$swift" build \
    --package-path "$src_root" \
    --scratch-path "$scratch" \
    -c "$config" \
    --product "$product"

bin_path=$("$swift" build \
    --package-path "$src_root" \
    --scratch-path "$scratch" \
    -c "$config" \
    --show-bin-path)

# Copy to a temporary name first so an interrupted copy never leaves a
# truncated binary that looks up to date.
cp -- "$bin_path/$product" "$output.tmp"
mv -f -- "$output.tmp" "$output"
