#!/usr/bin/python3
"""Writes a folder of COUNT JPEGs of WIDTH×HEIGHT for the stepping benchmark: the
sample photos scaled, each turned and shifted a little so no two are the same.

    Benchmarks/make-photo-folder.py SAMPLES_DIR OUT_DIR WIDTH HEIGHT [COUNT]
"""
import os
import sys

import gi
gi.require_version('GdkPixbuf', '2.0')
from gi.repository import GdkPixbuf  # noqa: E402

samples, out, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
count = int(sys.argv[5]) if len(sys.argv) > 5 else 21
photos = sorted(os.path.join(samples, n) for n in os.listdir(samples) if n.endswith('.jpg'))
os.makedirs(out, exist_ok=True)
for i in range(count):
    source = GdkPixbuf.Pixbuf.new_from_file(photos[i % len(photos)])
    if i // len(photos) % 2:
        source = source.flip(True)
    # A slightly different crop each time, scaled to the size asked for.
    margin = (i % 7) * 8
    crop = source.new_subpixbuf(margin, margin, source.get_width() - 2 * margin, source.get_height() - 2 * margin)
    crop.scale_simple(width, height, GdkPixbuf.InterpType.BILINEAR).savev(
        os.path.join(out, f'photo-{i + 1}.jpg'), 'jpeg', ['quality'], ['90'])
print(f'{out}: {count} JPEGs of {width}×{height}')
