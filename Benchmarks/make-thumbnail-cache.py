#!/usr/bin/python3
"""Writes the desktop's large thumbnail (freedesktop Thumbnail Managing Standard) of every
JPEG in FOLDER into CACHE (an $XDG_CACHE_HOME), as a file manager would have: for the
benchmark of a grid whose thumbnails are all cached already.

    Benchmarks/make-thumbnail-cache.py FOLDER CACHE
"""
import hashlib
import os
import sys
import urllib.parse

import gi
gi.require_version('GdkPixbuf', '2.0')
from gi.repository import GdkPixbuf  # noqa: E402

folder, cache = os.path.abspath(sys.argv[1]), sys.argv[2]
large = os.path.join(cache, 'thumbnails', 'large')
os.makedirs(large, mode=0o700, exist_ok=True)
made = {}
count = 0
for name in sorted(os.listdir(folder)):
    if not name.endswith('.jpg'):
        continue
    path = os.path.join(folder, name)
    info = os.stat(path)
    uri = 'file://' + urllib.parse.quote(path)
    if info.st_size not in made:  # same-sized images look alike here: one scaled picture each
        source = GdkPixbuf.Pixbuf.new_from_file(path)
        scale = min(1, 256 / max(source.get_width(), source.get_height()))
        made[info.st_size] = source.scale_simple(max(1, round(source.get_width() * scale)),
                                                 max(1, round(source.get_height() * scale)), GdkPixbuf.InterpType.BILINEAR)
    target = os.path.join(large, hashlib.md5(uri.encode()).hexdigest() + '.png')
    made[info.st_size].savev(target, 'png', ['tEXt::Thumb::URI', 'tEXt::Thumb::MTime', 'tEXt::Thumb::Size'],
                             [uri, str(int(info.st_mtime)), str(info.st_size)])
    os.chmod(target, 0o600)
    count += 1
print(f'{large}: {count} thumbnails')
