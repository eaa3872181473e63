#!/usr/bin/python3
"""Writes the launch benchmark's images into OUT_DIR, made from the sample photos: JPEGs
baseline and progressive from 4 to 25 megapixels, lossy and lossless WebP, a small PNG,
a PNG with transparency, and an SVG. Needs cjpeg (libjpeg-turbo-progs) and cwebp (webp).

    Benchmarks/make-launch-images.py SAMPLES_DIR OUT_DIR
"""
import os
import shutil
import subprocess
import sys

import gi
gi.require_version('GdkPixbuf', '2.0')
from gi.repository import GdkPixbuf, GLib  # noqa: E402

samples, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)


def photo(name, width, height):
    source = GdkPixbuf.Pixbuf.new_from_file(os.path.join(samples, name))
    return source.scale_simple(width, height, GdkPixbuf.InterpType.BILINEAR)


def through_bmp(pixbuf, command, target):
    """Runs an encoder that reads BMP (cjpeg) or PNG (cwebp) on `pixbuf`."""
    kind = 'bmp' if command[0] == 'cjpeg' else 'png'
    temporary = os.path.join(out, f'source.{kind}')
    pixbuf.savev(temporary, kind, [], [])
    subprocess.run(command + ['-outfile' if kind == 'bmp' else '-o', target, temporary], check=True, capture_output=True)
    os.remove(temporary)


def with_transparency(pixbuf):
    """The photo inside an ellipse with a soft edge, transparent outside it."""
    width, height = pixbuf.get_width(), pixbuf.get_height()
    rgba = pixbuf.add_alpha(False, 0, 0, 0)
    stride = rgba.get_rowstride()
    pixels = bytearray(rgba.get_pixels())
    for y in range(height):
        dy = (y - height / 2) / (height / 2)
        for x in range(0, width):
            dx = (x - width / 2) / (width / 2)
            distance = dx * dx + dy * dy
            pixels[y * stride + x * 4 + 3] = 255 if distance < 0.8 else max(0, int(255 * (1 - distance) / 0.2))
    return GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(bytes(pixels)), GdkPixbuf.Colorspace.RGB, True, 8, width, height, stride)


def made(name):
    return os.path.exists(os.path.join(out, name))


if not made('png-0.6mp.png'):
    photo('ladybird.jpg', 960, 640).savev(os.path.join(out, 'png-0.6mp.png'), 'png', [], [])
if not made('jpeg-4mp.jpg'):
    photo('autumn.jpg', 2448, 1632).savev(os.path.join(out, 'jpeg-4mp.jpg'), 'jpeg', ['quality'], ['90'])
if not made('jpeg-18mp-progressive.jpg'):
    through_bmp(photo('cups.jpg', 5184, 3456), ['cjpeg', '-progressive', '-quality', '90'], os.path.join(out, 'jpeg-18mp-progressive.jpg'))
if not made('jpeg-25mp.jpg'):
    through_bmp(photo('ladybird.jpg', 6144, 4096), ['cjpeg', '-quality', '90'], os.path.join(out, 'jpeg-25mp.jpg'))
if not made('png-alpha.png'):
    with_transparency(photo('autumn.jpg', 1200, 900)).savev(os.path.join(out, 'png-alpha.png'), 'png', [], [])
if not made('webp-17mp-lossy.webp'):
    through_bmp(photo('autumn.jpg', 5040, 3360), ['cwebp', '-q', '80'], os.path.join(out, 'webp-17mp-lossy.webp'))
if not made('webp-lossless.webp'):
    through_bmp(photo('cups.jpg', 1600, 1000), ['cwebp', '-lossless'], os.path.join(out, 'webp-lossless.webp'))
if not made('svg.svg'):
    shutil.copy(os.path.join(samples, 'blobs.svg'), os.path.join(out, 'svg.svg'))
for name in sorted(os.listdir(out)):
    print(os.path.join(out, name))
