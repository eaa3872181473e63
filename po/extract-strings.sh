#!/bin/sh
# Writes Iro's translation template (default po/iro.pot) from the files po/POTFILES lists:
# Swift's tr/trn/trc/trNoop calls, read as C (their string literals are C's when they hold no
# interpolation), then the desktop entry and the metainfo (xgettext's own rules for them).
# Usage: po/extract-strings.sh [OUTPUT.pot]
set -eu
po=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$po")
output=${1:-$po/iro.pot}
cd "$repo"
files=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' po/POTFILES)
swift_files=$(printf '%s\n' $files | grep '\.swift$')
data_files=$(printf '%s\n' $files | grep -v '\.swift$')
common="--package-name=iro --msgid-bugs-address=https://github.com/iroviewer/iro/issues --from-code=UTF-8 --add-comments=TRANSLATORS: --no-wrap"
# shellcheck disable=SC2086
xgettext $common --language=C --keyword= --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2 --keyword=trNoop \
    -o "$output" $swift_files
# shellcheck disable=SC2086
xgettext $common --join-existing -o "$output" $data_files
