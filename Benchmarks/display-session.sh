# Sourced by the benchmarks that run viewers on a screen, after they have read their
# arguments:
#
#   source "$repo/Benchmarks/display-session.sh" ARGS…
#
# The first time, runs the calling script again with ARGS inside a D-Bus session of its own
# and a 1920×1080×24 Xvfb, leaving out the bus's chatter (it tries to start portals, which
# cannot run headless). Inside, it sets up the environment every viewer runs in (X11, no
# portals, no accessibility bus, GSettings in memory so that eog and gThumb do not read a
# user's remembered window state) and `$iro`, the release build, built if missing. Needs
# `repo` set to the repository's root. Also defines `maximise_windows`, `median_range`,
# `wait_until_idle PID`, `iro_action NAME`, `installed_viewers` and `command_for`.
if [ -z "${IRO_BENCH_INNER:-}" ]; then
  export IRO_BENCH_INNER=1
  exec dbus-run-session -- xvfb-run -a -s "-screen 0 1920x1080x24 -nolisten tcp" "$0" "$@" \
    2> >(grep --line-buffered -v -E 'dbus-daemon|portal|cannot open display|pw.conf|max threads value|^\s*$' >&2)
fi
source "$repo/meson-helpers/env.sh"
# IRO_BIN: another build to measure (an earlier commit's, beside this one).
iro="${IRO_BIN:-$repo/.build/release/iro}"
[ -x "$iro" ] || swift build --package-path "$repo" -c release --product iro >/dev/null
export ADW_DISABLE_PORTAL=1 GTK_USE_PORTAL=0 GDK_BACKEND=x11 NO_AT_BRIDGE=1 GTK_A11Y=none GSETTINGS_BACKEND=memory

# Waits until process PID's CPU time stops growing (its decoding done), up to 5 minutes.
wait_until_idle() {
  local pid=$1 last=-1 now
  for _ in $(seq 600); do
    sleep 0.5
    now=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    [ "$now" = "$last" ] && break
    last=$now
  done
}

# Asks Iro's first window for an action over D-Bus (GtkApplicationWindow exports them).
iro_action() {
  gdbus call --session --dest io.github.iroviewer.Iro --object-path /io/github/iroviewer/Iro/window/1 \
    --method org.gtk.Actions.Activate "$1" '[]' '{}' >/dev/null
}

# The toolkit floor, built when asked for.
toolkit_floor="$repo/.build/toolkit-floor"
if [[ " ${VIEWERS:-} " == *" toolkit-floor "* ]]; then
  gcc -O2 -o "$toolkit_floor" "$repo/Benchmarks/toolkit-floor.c" $(pkg-config --cflags --libs libadwaita-1)
fi

# Sets `viewers` to those of DEFAULT… (or of $VIEWERS) that are installed, Iro always.
installed_viewers() {
  viewers=()
  for viewer in ${VIEWERS:-$*}; do
    [[ "$viewer" == iro* || "$viewer" == toolkit-floor ]] || command -v "$viewer" >/dev/null 2>&1 && viewers+=("$viewer")
  done
}

# How each viewer is started on one image, maximised where it has a say: `$(command_for
# VIEWER) IMAGE`.
command_for() {
  case "$1" in
    iro) echo "$iro --new-window";;
    # Iro decoding in its own process, not in the sandboxed helper (what the helper costs).
    iro-in-process) echo "env IRO_DECODER=in-process $iro --new-window";;
    # Another build of Iro (IRO_REF=path/to/iro): a change measured against the code before it.
    iro-ref) echo "${IRO_REF:?set IRO_REF to the path of the other build of iro} --new-window";;
    # The least a GTK 4 + libadwaita program does to show the photo (Benchmarks/toolkit-floor.c).
    toolkit-floor) echo "$toolkit_floor";;
    feh) echo "feh --scale-down --geometry 1920x1080";;
    qimgv) echo "qimgv";;
    eog) echo "eog --new-instance";;
    # Viewers that read JPEG XL, JPEG 2000 or camera RAW on Debian 12 (geeqie: all three;
    # gThumb: RAW, through LibRaw).
    geeqie) echo "geeqie";;
    gthumb) echo "gthumb";;
    # Document viewers (Benchmarks/document-bench.sh).
    evince) echo "evince";;
    zathura) echo "zathura";;
    qpdfview) echo "qpdfview --unique";;
    mupdf) echo "mupdf";;
  esac
}

# Starts a window manager that maximises every window, as desktops do (without one the
# window is never resized and a cost goes unseen). It ends with the X server.
maximise_windows() {
  matchbox-window-manager -use_titlebar no &
  sleep 0.5
}

# A column of numbers → "median (min–max)".
median_range() {
  sort -n | awk '{a[NR]=$1} END {m = NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2; printf "%.0f (%.0f–%.0f)", m, a[1], a[NR]}'
}
