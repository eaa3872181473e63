#!/bin/sh
# Compile Iro's GResource bundle outside meson (e.g. for `swift run`, tests, CI).
# Usage: compile-resources.sh SRC_DIR OUT_FILE
#   SRC_DIR   the repository root (the folder holding data/)
#   OUT_FILE  where to write the .gresource bundle
# The app looks for the bundle in $IRO_GRESOURCE when it is not installed.
set -eu

if [ "$#" -ne 2 ]; then
    echo "usage: $0 SRC_DIR OUT_FILE" >&2
    exit 2
fi

src_dir=$1
out_file=$2
app_id=io.github.iroviewer.Iro

out_dir=$(dirname -- "$out_file")
mkdir -p -- "$out_dir"

exec glib-compile-resources \
    --sourcedir="$src_dir/data" \
    --target="$out_file" \
    "$src_dir/data/$app_id.gresource.xml"
