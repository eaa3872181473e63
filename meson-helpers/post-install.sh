#!/bin/sh
# Refresh the icon, desktop-entry and GSettings schema caches after `meson install`.
# Usage: post-install.sh [DATADIR]   (default: $MESON_INSTALL_PREFIX/share)
# meson skips this script for DESTDIR (staged/packaging) installs; packagers'
# triggers do the same work there.
set -eu

datadir=${1:-${MESON_INSTALL_PREFIX:-/usr/local}/share}

if command -v gtk4-update-icon-cache >/dev/null 2>&1; then
    if [ -d "$datadir/icons/hicolor" ]; then
        echo "Updating icon cache in $datadir/icons/hicolor"
        gtk4-update-icon-cache -q -t -f "$datadir/icons/hicolor"
    fi
fi

if command -v glib-compile-schemas >/dev/null 2>&1; then
    if [ -d "$datadir/glib-2.0/schemas" ]; then
        echo "Compiling GSettings schemas in $datadir/glib-2.0/schemas"
        glib-compile-schemas "$datadir/glib-2.0/schemas"
    fi
fi

if command -v update-desktop-database >/dev/null 2>&1; then
    if [ -d "$datadir/applications" ]; then
        echo "Updating desktop database in $datadir/applications"
        update-desktop-database -q "$datadir/applications"
    fi
fi
