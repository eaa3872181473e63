#!/bin/sh
# Compiles po/LANG.po for every language in po/LINGUAS into LOCALE_DIR/LANG/LC_MESSAGES/iro.mo
# and writes a Swift file naming that folder, so that Iro run from .build/ finds them.
# Usage: compile-translations.sh MSGFMT PO_DIR LOCALE_DIR OUTPUT_SWIFT
set -eu
msgfmt=$1 podir=$2 localedir=$3 output=$4
languages=$(sed -e 's/#.*//' "$podir/LINGUAS" | tr -s ' \n' '  ')
list=""
for language in $languages; do
    mkdir -p "$localedir/$language/LC_MESSAGES"
    "$msgfmt" --check -o "$localedir/$language/LC_MESSAGES/iro.mo" "$podir/$language.po"
    list="$list\"$language\", "
done
{
    echo "// Generated at build time from po/LINGUAS; do not edit."
    echo "/// Where the build put Iro's compiled translations, and their languages."
    echo "enum BuiltTranslations {"
    echo "    static let directory = \"$localedir\""
    echo "    static let languages: [String] = [$list]"
    echo "}"
} > "$output.tmp"
mv -f "$output.tmp" "$output"
