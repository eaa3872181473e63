#!/usr/bin/env bash
# Builds gdk-pixbuf — the very version installed — with libFuzzer's coverage
# instrumentation, so that the fuzzer sees which paths inside the loaders an input
# reaches (without it, it only sees Iro's own Swift code, and gdk-pixbuf is a black box).
#
#   Fuzz/build-instrumented-pixbuf.sh [SOURCE-FOLDER]
#
# Without a source folder, fetches the installed version's Debian source with
# `apt-get source` (through a private deb-src list; the system's apt configuration is
# not touched). All loaders are built in (png, jpeg, gif, bmp, ico, ani, tiff, pnm, tga,
# xpm, xbm, icns, qtif); the SVG and WebP loaders, which are separate projects, come
# from the system, uninstrumented. Output: .build-fuzz/gdk-pixbuf-cov/, which
# Fuzz/run-fuzz.sh uses when it exists (IRO_FUZZ_PIXBUF=0 turns that off).
# IRO_FUZZ_SANITIZE=address builds it with AddressSanitizer as well (into
# .build-fuzz/gdk-pixbuf-cov-address/), for use with the same setting of run-fuzz.sh:
# then an overflow inside a loader is caught where it happens, not only if it crashes.
# Needs meson, ninja, dpkg-dev and the gdk-pixbuf build dependencies (libglib2.0-dev,
# libpng-dev, libjpeg-dev, libtiff-dev), all present where Iro builds.
set -euo pipefail
source_arg=${1:-}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${IRO_FUZZ_PIXBUF_DIR:-$repo/.build-fuzz/gdk-pixbuf-cov${IRO_FUZZ_SANITIZE:+-$IRO_FUZZ_SANITIZE}}
sanitize=fuzzer-no-link${IRO_FUZZ_SANITIZE:+,$IRO_FUZZ_SANITIZE}
clang=${CC:-$(dirname "$(readlink -f "$(command -v swift)")")/clang}
mkdir -p "$out"

source_dir=$source_arg
if [ -z "$source_dir" ]; then
  version=$(dpkg-query -W -f '${Version}' libgdk-pixbuf-2.0-0)
  apt="$out/apt"
  mkdir -p "$apt/lists/partial" "$apt/src"
  . /etc/os-release
  cat > "$apt/sources.list" <<LIST
deb-src http://deb.debian.org/debian $VERSION_CODENAME main
deb-src http://deb.debian.org/debian $VERSION_CODENAME-updates main
deb-src http://deb.debian.org/debian-security $VERSION_CODENAME-security main
LIST
  opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$apt/lists")
  apt-get "${opts[@]}" update -qq
  (cd "$apt/src" && apt-get "${opts[@]}" source -qq "gdk-pixbuf=$version")
  source_dir=$(ls -d "$apt/src"/gdk-pixbuf-*/ | head -1)
fi

echo "== building $source_dir with $clang -fsanitize=$sanitize into $out/build"
rm -rf "$out/build"
CC="$clang" CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=$sanitize" \
  meson setup "$out/build" "$source_dir" -Dbuiltin_loaders=all -Db_lundef=false \
  -Dintrospection=disabled -Dman=false -Dgtk_doc=false -Ddocs=false -Dtests=false -Dinstalled_tests=false \
  -Dpng=enabled -Djpeg=enabled -Dtiff=enabled --wrap-mode=nodownload >"$out/setup.log"
ninja -C "$out/build" >"$out/build.log"

# The loaders that are not built in: the system's SVG and WebP modules.
system_cache=$(pkg-config --variable=gdk_pixbuf_cache_file gdk-pixbuf-2.0)
python3 - "$system_cache" "$out/loaders.cache" <<'PY'
import sys
blocks = open(sys.argv[1]).read().split('\n\n')
keep = [b for b in blocks if 'pixbufloader-svg' in b or 'pixbufloader-webp' in b]
open(sys.argv[2], 'w').write('\n\n'.join(keep) + '\n\n')
PY
ln -sf build/gdk-pixbuf "$out/lib"
echo "== done: LD_LIBRARY_PATH=$out/lib GDK_PIXBUF_MODULE_FILE=$out/loaders.cache"
