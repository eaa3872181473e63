#!/bin/sh
# Compiles the GResource bundle and writes it as a Swift source file holding it in base64
# (see EmbedResources.swift for why).
# Usage: embed-resources.sh GLIB_COMPILE_RESOURCES MANIFEST SOURCE_DIR OUTPUT_SWIFT
set -eu
compiler=$1 manifest=$2 sourcedir=$3 output=$4
bundle="$output.gresource"
"$compiler" --sourcedir="$sourcedir" --target="$bundle" "$manifest"
{
    echo "// Generated at build time from $(basename "$manifest"); do not edit."
    echo "/// Iro's GResource bundle (stylesheet, icons), base64-encoded."
    printf 'let embeddedResourceBundle = "'
    base64 -w0 "$bundle"
    echo '"'
} > "$output.tmp"
mv -f "$output.tmp" "$output"
rm -f "$bundle"
