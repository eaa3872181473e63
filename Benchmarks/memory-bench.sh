#!/usr/bin/env bash
# Peak memory (VmHWM) and settled memory (VmRSS) of Iro with one large image open (at
# best fit, as it opens, and then zoomed to 100 %, which decodes every pixel), and with
# twenty large images in tabs; release build, in Xvfb at 1920×1080, the renderer left to
# Iro's own choice as on a user's machine. eog on the same image, for scale.
#
#   Benchmarks/memory-bench.sh LARGE.jpg
#
# The twenty are copies of LARGE.jpg under different names (each decoded on its own).
# Zooming uses the window's actions over D-Bus (GtkApplicationWindow exports them).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
image="${1:?usage: memory-bench.sh LARGE.jpg}"
source "$repo/Benchmarks/display-session.sh" "$image"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for i in $(seq -w 1 20); do cp "$image" "$tmp/photo-$i.jpg"; done

# Prints the process's memory once its CPU time stops growing (all decoding done).
measure() {
  wait_until_idle "$1"
  echo "$2 $(awk '/VmHWM|VmRSS/ {printf "%s %.0f MB  ", $1, $2 / 1024}' "/proc/$1/status")"
}
zoom_to_100() { iro_action zoom-reset; }
px=$(/usr/bin/python3 -c "import gi; gi.require_version('GdkPixbuf','2.0'); from gi.repository import GdkPixbuf; f,w,h=GdkPixbuf.Pixbuf.get_file_info('$image'); print(w*h)")
echo "image: $(basename "$image"), $((px / 1000000)) MP, decoded RGB $((px * 3 / 1048576)) MB, RGBA $((px * 4 / 1048576)) MB (MB = MiB here)"
"$iro" --new-window "$repo/data/sample-chart.png" & pid=$!
measure $pid "Iro, the small sample chart:"
kill $pid; wait $pid 2>/dev/null || true
"$iro" --new-window "$tmp/photo-01.jpg" & pid=$!
measure $pid "Iro, one image at best fit:"
zoom_to_100
measure $pid "  then zoomed to 100 %:"
kill $pid; wait $pid 2>/dev/null || true
"$iro" --new-window "$tmp"/photo-*.jpg & pid=$!
measure $pid "Iro, twenty images:"
kill $pid; wait $pid 2>/dev/null || true
if command -v eog >/dev/null; then
  eog --new-instance "$tmp/photo-01.jpg" & pid=$!
  measure $pid "eog, one image:"
  kill $pid; wait $pid 2>/dev/null || true
fi
