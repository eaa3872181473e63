#!/usr/bin/python3
"""Writes a 6400×4000 (25.6-megapixel) JPEG for the benchmarks: a sample photo
scaled up, so it has photographic detail everywhere.

    Benchmarks/make-large-jpeg.py SOURCE.jpg OUT.jpg
"""
import sys

import gi
gi.require_version('GdkPixbuf', '2.0')
from gi.repository import GdkPixbuf  # noqa: E402

source, out = sys.argv[1], sys.argv[2]
big = GdkPixbuf.Pixbuf.new_from_file(source).scale_simple(6400, 4000, GdkPixbuf.InterpType.BILINEAR)
big.savev(out, 'jpeg', ['quality'], ['92'])
print(f'{out}: {big.get_width()}×{big.get_height()}')
