#!/usr/bin/env bash
# Installs Iro with meson into a temporary prefix and checks what a desktop sees
# (BEHAVIOUR E1, E2, E5): the desktop entry and metainfo validate and are translated, the MIME database
# offers Iro for PNG, and `gio open` on a PNG starts Iro showing it.
# Prints one line per check and "install: N passed, M failed".
set -uo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
passed=0; failed=0
check() {  # check NAME COMMAND…
  local name="$1"; shift
  if "$@" >"$tmp/out" 2>&1; then echo "PASS $name"; passed=$((passed + 1))
  else echo "FAIL $name"; sed 's/^/    /' "$tmp/out" | tail -20; failed=$((failed + 1)); fi
}

check "meson setup" meson setup "$tmp/build" "$repo" --prefix "$prefix" -Dspm_scratch="$repo/.build"
check "meson install (swift build -c release)" meson install -C "$tmp/build"
if [ "$failed" -gt 0 ]; then echo "install: $passed passed, $failed failed"; exit 1; fi
app="io.github.iroviewer.Iro"
check "binary installed" test -x "$prefix/bin/iro"
check "decoder helper installed where iro looks for it" test -x "$prefix/libexec/iro/iro-decoder"
check "iro --version" bash -c "'$prefix/bin/iro' --version | grep -qx 'Iro 0.1.0'"
check "desktop-file-validate" desktop-file-validate "$prefix/share/applications/$app.desktop"
check "appstreamcli validate --no-net" appstreamcli validate --no-net "$prefix/share/metainfo/$app.metainfo.xml"
check "MimeType lists PNG and JPEG from gdk-pixbuf" bash -c "grep '^MimeType=' '$prefix/share/applications/$app.desktop' | grep -q 'image/png;' && grep '^MimeType=' '$prefix/share/applications/$app.desktop' | grep -q 'image/jpeg;'"
check "MimeType lists PDF (documents, BEHAVIOUR G1)" bash -c "grep '^MimeType=' '$prefix/share/applications/$app.desktop' | grep -q 'application/pdf;'"
check "icons installed" test -f "$prefix/share/icons/hicolor/scalable/apps/$app.svg" -a -f "$prefix/share/icons/hicolor/symbolic/apps/$app-symbolic.svg"
check "desktop database refreshed by post-install" test -f "$prefix/share/applications/mimeinfo.cache"
check "settings schema installed and compiled" bash -c "gsettings --schemadir '$prefix/share/glib-2.0/schemas' list-keys $app | grep -qx window-width"
# Translations (BEHAVIOUR E5): the catalogue, the desktop entry and metainfo merged, and the
# installed binary reading the installed catalogue (what it says is what gettext(1) finds there).
check "Japanese catalogue installed" test -f "$prefix/share/locale/ja/LC_MESSAGES/iro.mo"
check "desktop entry translated" grep -q '^Comment\[ja\]=' "$prefix/share/applications/$app.desktop"
check "metainfo translated" grep -q '<summary xml:lang="ja">' "$prefix/share/metainfo/$app.metainfo.xml"
installed_says_in_japanese() {
  local english="Show the version and exit" japanese
  japanese=$(LANGUAGE= LC_ALL=ja_JP.UTF-8 TEXTDOMAINDIR="$prefix/share/locale" gettext -d iro "$english")
  [ "$japanese" != "$english" ] || { echo "the catalogue has no translation of “$english”"; return 1; }
  env -u LANGUAGE LC_ALL=ja_JP.UTF-8 "$prefix/bin/iro" --help | tee /dev/stderr | grep -qF "$japanese"
}
check "installed iro --help in Japanese from the installed catalogue" installed_says_in_japanese

# A desktop that knows only this prefix (and the system's MIME database).
export XDG_DATA_DIRS="$prefix/share:/usr/share" XDG_DATA_HOME="$tmp/data-home" XDG_CONFIG_HOME="$tmp/config-home"
export PATH="$prefix/bin:$PATH"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
check "gio mime image/png lists Iro" bash -c "gio mime image/png | grep -q '$app.desktop'"
check "Iro can be made the default" bash -c "gio mime image/png $app.desktop && gio mime image/png | grep -q 'Default application for “image/png”: $app.desktop'"

python3 - "$tmp/shown.png" <<'PY'
import struct, sys, zlib
w, h = 64, 48
raw = b''.join(b'\x00' + bytes([200, 40, 160]) * w for _ in range(h))
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
open(sys.argv[1], 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                              + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
PY
gio_open_shows_iro() {
  # The window titled shown.png must belong to the installed binary (its _NET_WM_PID).
  ADW_DISABLE_PORTAL=1 GTK_USE_PORTAL=0 GDK_BACKEND=x11 dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    gio open "$1" &
    for _ in $(seq 300); do
      if wid=$(xdotool search --name "^shown.png$" 2>/dev/null | head -1) && [ -n "$wid" ]; then
        pid=$(xdotool getwindowpid "$wid")
        exe=$(readlink -f "/proc/$pid/exe")
        kill "$pid"
        [ "$exe" = "$(readlink -f "$2/bin/iro")" ] && exit 0
        echo "the window belongs to $exe"; exit 1
      fi
      sleep 0.1
    done
    echo "no window titled shown.png within 30 s"; exit 1' _ "$tmp/shown.png" "$prefix"
}
check "gio open shown.png starts Iro showing it" gio_open_shows_iro

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
