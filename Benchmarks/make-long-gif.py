#!/usr/bin/python3
"""Writes the long animation of the memory benchmark: a GIF of FRAMES frames of
SIDE×SIDE (default 600 of 1500×1500) at 40 ms each, looping forever, and a PNG of its
first frame (the still image the animation's memory is compared with).

The first frame fills the image with a 216-colour pattern; each later frame is a
150×150 square drawn over the one before (disposal "leave in place"), moving across the
image, as screen recordings and most long GIFs are stored. Shown, every frame is the
whole 1500×1500 picture: a viewer that composed all frames up front would hold
FRAMES × SIDE² × 4 bytes (5.4 GB for the default).

    Benchmarks/make-long-gif.py OUT.gif OUT.png [FRAMES] [SIDE]
"""
import sys

import gi
gi.require_version('GdkPixbuf', '2.0')
from gi.repository import GdkPixbuf, GLib  # noqa: E402

gif_path, png_path = sys.argv[1], sys.argv[2]
frames = int(sys.argv[3]) if len(sys.argv) > 3 else 600
side = int(sys.argv[4]) if len(sys.argv) > 4 else 1500
square = 150

# A 6×6×6 colour cube, padded to 256 entries.
palette = [(r * 51, g * 51, b * 51) for r in range(6) for g in range(6) for b in range(6)]
palette += [(0, 0, 0)] * (256 - len(palette))


def background(x, y):
    return (x * 6 // side) * 36 + (y * 6 // side) * 6 + ((x // 25 + y // 25) % 6)


def lzw(pixels, min_size=8):
    """Variable-width LZW of palette indices, as GIF stores image data."""
    clear, end = 1 << min_size, (1 << min_size) + 1
    out, bits, nbits = bytearray(), 0, 0
    size = min_size + 1

    def emit(code):
        nonlocal bits, nbits
        bits |= code << nbits
        nbits += size
        while nbits >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nbits -= 8

    table = {bytes([i]): i for i in range(clear)}
    next_code = end + 1
    emit(clear)
    prefix = b''
    for p in pixels:
        grown = prefix + bytes([p])
        if grown in table:
            prefix = grown
            continue
        emit(table[prefix])
        if next_code < 4096:
            table[grown] = next_code
            next_code += 1
            if next_code > (1 << size) and size < 12:
                size += 1
        else:  # the table is full: start over
            emit(clear)
            table = {bytes([i]): i for i in range(clear)}
            next_code = end + 1
            size = min_size + 1
        prefix = bytes([p])
    emit(table[prefix])
    emit(end)
    if nbits:
        out.append(bits & 0xFF)
    return bytes(out)


def sub_blocks(data):
    return b''.join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255)) + b'\0'


def le16(n):
    return bytes([n & 0xFF, n >> 8])


def image(x0, y0, w, h, pixels):
    control = b'\x21\xF9\x04\x04' + le16(4) + b'\0\0'  # leave in place, 40 ms
    return control + b'\x2C' + le16(x0) + le16(y0) + le16(w) + le16(h) + b'\0' + b'\x08' + sub_blocks(lzw(pixels))


first = bytes(background(x, y) for y in range(side) for x in range(side))
out = bytearray(b'GIF89a' + le16(side) + le16(side) + b'\xF7\0\0')
out += b''.join(bytes(c) for c in palette)
out += b'\x21\xFF\x0BNETSCAPE2.0\x03\x01' + le16(0) + b'\0'
out += image(0, 0, side, side, first)
span = side - square
for n in range(1, frames):
    x0 = n * 37 % span
    y0 = n * 23 % span
    colour = (n * 7) % 216
    pixels = bytes((colour if (x // 10 + y // 10) % 2 else 215 - colour) for y in range(square) for x in range(square))
    out += image(x0, y0, square, square, pixels)
out += b'\x3B'
with open(gif_path, 'wb') as f:
    f.write(out)

rgb = bytes(v for p in first for v in palette[p])
GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(rgb), GdkPixbuf.Colorspace.RGB, False, 8, side, side, side * 3).savev(
    png_path, 'png', [], [])
print(f'{gif_path}: {frames} frames of {side}×{side}, {len(out) / 1e6:.1f} MB; {png_path}: its first frame')
