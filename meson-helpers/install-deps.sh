#!/usr/bin/env bash
# Installs the Debian 12 packages Iro needs to build, run and test — only the
# missing ones, so a second run costs nothing. Needs root (or sudo) when
# something is missing. Swift itself is expected at /opt/swift or on PATH.
set -euo pipefail

packages=(
  # build
  libgtk-4-dev libadwaita-1-dev libgdk-pixbuf-2.0-dev libpng-dev libjpeg62-turbo-dev librsvg2-dev libwebp-dev libgexiv2-dev libseccomp-dev liblcms2-dev pkg-config
  # HEIF and AVIF: Iro decodes both with libheif itself (its AV1 through dav1d)
  libheif-dev
  # documents with pages: PDF through poppler-glib, every page of a TIFF through libtiff
  libpoppler-glib-dev libtiff-dev
  # JPEG XL, JPEG 2000 and camera RAW, which gdk-pixbuf on Debian 12 cannot read: Iro decodes
  # them itself with libjxl, OpenJPEG and LibRaw
  libjxl-dev libopenjp2-7-dev libraw-dev
  # lossless JPEG rotate/flip/crop on save: libjpeg-turbo's tjTransform
  libturbojpeg0-dev
  meson ninja-build glib-networking libglib2.0-bin libglib2.0-dev-bin gettext
  # image formats beyond PNG/JPEG. The HEIF and AVIF loaders decode nothing for Iro; they
  # register the two formats with gdk-pixbuf, whose list the desktop entry's MimeType and the
  # Open dialog's filter are made from.
  librsvg2-common webp-pixbuf-loader heif-gdk-pixbuf libavif-gdk-pixbuf
  # tools the decoder tests make fixtures with (cjpeg: arithmetic-coded JPEGs; heif-enc:
  # HEIC and AVIF; avifenc: monochrome AVIF in either range; qpdf: password-locked PDFs)
  libjpeg-turbo-progs libheif-examples libavif-bin qpdf
  # (cjxl: JPEG XL; opj_compress: JPEG 2000; Tests/Fixtures/make-dng.py writes camera RAW itself)
  libjxl-tools libopenjp2-tools
  # colour management tests: Adobe RGB (1998)-compatible and other profiles, lcms's transicc
  icc-profiles-free liblcms2-utils libgs-common
  # headless tests: X server, D-Bus, accessibility bus, input and screenshots
  xvfb xauth dbus dbus-x11 at-spi2-core python3-pyatspi python3-gi gir1.2-gdkpixbuf-2.0 xdotool xclip imagemagick x11-utils poppler-utils
  # a window manager for the tests that need one (fullscreen, maximized windows)
  matchbox-window-manager
  # two monitors for the presentation's tests: Xorg's dummy driver, openbox, xrandr
  xserver-xorg-core xserver-xorg-video-dummy openbox x11-xserver-utils
  # desktop integration checks
  desktop-file-utils appstream libgtk-4-bin shared-mime-info
  # GVfs, for the tests that open trash:/// and sftp:// locations
  gvfs gvfs-backends gvfs-daemons
  # the translation tests run Iro in Japanese (ja_JP.UTF-8, generated below)
  locales
  # a font with Japanese glyphs: Debian 12 installs none, and every Japanese string would
  # draw as boxes. IPA Gothic covers JIS X 0213 in a 3.5 MB package (fonts-noto-cjk: 57 MB
  # for Chinese and Korean too, which Iro is not translated into).
  fonts-ipafont-gothic
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The locale the translation tests use; Debian generates none but C.UTF-8 by itself.
if ! locale -a 2>/dev/null | grep -qx 'ja_JP.utf8'; then
  echo "Generating the ja_JP.UTF-8 locale"
  $sudo localedef -i ja_JP -f UTF-8 ja_JP.UTF-8
fi
