#!/usr/bin/env python3
"""Write Iro's sample test chart, data/sample-chart.png (1600x1000, RGB).

Pure Python 3 standard library (zlib + struct). The chart is made so that the
hue slider visibly changes it and zooming in shows detail:

  * a full-saturation hue sweep, fading to grey in its lower half
  * a hue x lightness field (white at the top, pure colours in the middle,
    black at the bottom)
  * patches of the primaries and secondaries, plus white and black
  * a smooth grey ramp and a 16-step grey scale
  * fine patterns: 1/2/4 px checkerboards, 1 px lines in both directions,
    diagonal lines, RGB stripes and a zone plate

Usage: make-sample-chart.py [OUTPUT]   (default: <repo>/data/sample-chart.png)
"""

import colorsys
import math
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 1600, 1000
MARGIN = 40
GAP = 20
BACKDROP = (48, 48, 52)

# Vertical layout: (top, height) of each band.
HUE_BAND = (40, 120)
FIELD_BAND = (180, 340)
PATCH_BAND = (540, 130)
RAMP_BAND = (690, 70)
STEPS_BAND = (770, 50)
PATTERN_BAND = (840, 120)


def clamp8(value):
    return max(0, min(255, int(round(value * 255))))


def rgb8(r, g, b):
    return (clamp8(r), clamp8(g), clamp8(b))


class Canvas:
    def __init__(self, width, height, fill):
        self.width = width
        self.height = height
        self.rows = [bytearray(bytes(fill) * width) for _ in range(height)]

    def put(self, x, y, colour):
        i = 3 * x
        self.rows[y][i:i + 3] = bytes(colour)

    def fill_rect(self, x0, y0, w, h, colour):
        line = bytes(colour) * w
        for y in range(y0, y0 + h):
            self.rows[y][3 * x0:3 * (x0 + w)] = line

    def paint(self, x0, y0, w, h, shader):
        """Fill a rectangle with shader(u, v), u and v in [0, 1]."""
        for y in range(y0, y0 + h):
            v = (y - y0) / max(1, h - 1)
            row = self.rows[y]
            for x in range(x0, x0 + w):
                u = (x - x0) / max(1, w - 1)
                r, g, b = shader(u, v, x - x0, y - y0)
                i = 3 * x
                row[i] = r
                row[i + 1] = g
                row[i + 2] = b

    def png(self):
        """Encode as an 8-bit RGB PNG, choosing a filter per row."""
        bpp = 3
        raw = bytearray()
        prev = bytearray(len(self.rows[0]))
        for row in self.rows:
            raw += best_filtered(row, prev, bpp)
            prev = row

        def chunk(kind, data):
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(
                ">I", zlib.crc32(body) & 0xFFFFFFFF)

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
                + chunk(b"IEND", b""))


def best_filtered(row, prev, bpp):
    """The row with the PNG filter (None, Sub, Up) that compresses best,
    judged by the usual minimum-sum-of-absolute-differences heuristic."""
    n = len(row)
    sub = bytearray(n)
    up = bytearray(n)
    for i in range(n):
        left = row[i - bpp] if i >= bpp else 0
        sub[i] = (row[i] - left) & 0xFF
        up[i] = (row[i] - prev[i]) & 0xFF

    def cost(data):
        return sum(b if b < 128 else 256 - b for b in data)

    candidates = [(cost(row), 0, row), (cost(sub), 1, sub), (cost(up), 2, up)]
    _, kind, data = min(candidates, key=lambda c: (c[0], c[1]))
    return bytes([kind]) + bytes(data)


def hue_sweep(u, v, x, y):
    # Top half: pure hues. Bottom half: the same hues losing saturation.
    saturation = 1.0 if v < 0.5 else 1.0 - (v - 0.5) * 2.0
    return rgb8(*colorsys.hsv_to_rgb(u, saturation, 1.0))


def hue_lightness_field(u, v, x, y):
    lightness = 0.97 - 0.94 * v
    return rgb8(*colorsys.hls_to_rgb(u, lightness, 1.0))


def grey_ramp(u, v, x, y):
    g = clamp8(u)
    return (g, g, g)


def draw_patches(canvas):
    colours = [
        (255, 0, 0), (255, 255, 0), (0, 255, 0), (0, 255, 255),
        (0, 0, 255), (255, 0, 255), (255, 255, 255), (0, 0, 0),
    ]
    top, height = PATCH_BAND
    count = len(colours)
    inner = WIDTH - 2 * MARGIN
    width = (inner - (count - 1) * GAP) // count
    for index, colour in enumerate(colours):
        x = MARGIN + index * (width + GAP)
        canvas.fill_rect(x, top, width, height, colour)
        # A small inset swatch of the complementary colour in each patch.
        comp = tuple(255 - c for c in colour)
        canvas.fill_rect(x + width // 2 - 12, top + height // 2 - 12, 24, 24, comp)


def draw_grey_steps(canvas):
    top, height = STEPS_BAND
    inner = WIDTH - 2 * MARGIN
    steps = 16
    for s in range(steps):
        x0 = MARGIN + inner * s // steps
        x1 = MARGIN + inner * (s + 1) // steps
        g = round(255 * s / (steps - 1))
        canvas.fill_rect(x0, top, x1 - x0, height, (g, g, g))


def pattern_checker(size):
    def shader(u, v, x, y):
        return (255, 255, 255) if ((x // size) + (y // size)) % 2 == 0 else (0, 0, 0)
    return shader


def pattern_hlines(u, v, x, y):
    return (255, 255, 255) if y % 2 == 0 else (0, 0, 0)


def pattern_vlines(u, v, x, y):
    return (255, 255, 255) if x % 2 == 0 else (0, 0, 0)


def pattern_diagonal(u, v, x, y):
    return (255, 255, 255) if (x + y) % 4 < 2 else (0, 0, 0)


def pattern_rgb_stripes(u, v, x, y):
    return ((255, 0, 0), (0, 255, 0), (0, 0, 255))[x % 3]


def make_zone_plate(w, h):
    cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
    # Ring frequency grows with radius and reaches 1/2 cycle per pixel at the corners.
    k = math.pi / (2.0 * math.hypot(cx, cy))

    def shader(u, v, x, y):
        r2 = (x - cx) ** 2 + (y - cy) ** 2
        g = clamp8(0.5 + 0.5 * math.cos(k * r2))
        return (g, g, g)
    return shader


def make_colour_zone(w, h):
    # A hue wheel: hue by angle, saturation by radius.
    cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
    radius = min(w, h) / 2.0 - 2

    def shader(u, v, x, y):
        dx, dy = x - cx, y - cy
        r = math.hypot(dx, dy)
        if r > radius:
            return BACKDROP
        hue = (math.atan2(dy, dx) / (2 * math.pi)) % 1.0
        return rgb8(*colorsys.hsv_to_rgb(hue, r / radius, 1.0))
    return shader


def draw_patterns(canvas):
    top, height = PATTERN_BAND
    inner = WIDTH - 2 * MARGIN
    tiles = [
        pattern_checker(1), pattern_checker(2), pattern_checker(4),
        pattern_hlines, pattern_vlines, pattern_diagonal, pattern_rgb_stripes,
        None,  # zone plate
        None,  # colour wheel
    ]
    count = len(tiles)
    width = (inner - (count - 1) * GAP) // count
    for index, shader in enumerate(tiles):
        x = MARGIN + index * (width + GAP)
        if shader is None:
            shader = (make_zone_plate(width, height) if index == count - 2
                      else make_colour_zone(width, height))
        canvas.paint(x, top, width, height, shader)


def build():
    canvas = Canvas(WIDTH, HEIGHT, BACKDROP)
    inner = WIDTH - 2 * MARGIN
    canvas.paint(MARGIN, HUE_BAND[0], inner, HUE_BAND[1], hue_sweep)
    canvas.paint(MARGIN, FIELD_BAND[0], inner, FIELD_BAND[1], hue_lightness_field)
    draw_patches(canvas)
    canvas.paint(MARGIN, RAMP_BAND[0], inner, RAMP_BAND[1], grey_ramp)
    draw_grey_steps(canvas)
    draw_patterns(canvas)
    return canvas.png()


def main():
    if len(sys.argv) > 2:
        sys.exit("usage: make-sample-chart.py [OUTPUT]")
    if len(sys.argv) == 2:
        output = sys.argv[1]
    else:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        output = os.path.join(root, "data", "sample-chart.png")
    data = build()
    tmp = output + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, output)
    print("wrote %s (%d x %d, %d bytes)" % (output, WIDTH, HEIGHT, len(data)))


if __name__ == "__main__":
    main()
