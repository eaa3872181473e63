#!/usr/bin/python3
"""Writes a small camera-RAW DNG that LibRaw opens, for Iro's tests and benchmarks.

    Tests/Fixtures/make-dng.py OUT.dng [--size WxH] [--orientation N]
        [--preview WxH | --no-preview] [--preview-quality Q] [--from IMAGE.ppm]
        [--neutral R,G,B] [--declared WxH]

The file is a little-endian TIFF/DNG 1.4 in the layout cameras and Adobe's converter use:

- IFD0: the preview, a baseline JPEG made by cjpeg (NewSubfileType 1, Compression 7,
  YCbCr), by default half the raw size; it shows the scene upright as stored, the
  Orientation tag (274, from --orientation) only says how to turn it. IFD0 also holds
  Make "Iro", Model "Test Camera", the DNG colour tags, an EXIF IFD (taken
  2026:01:02 03:04:05, 1/125 s, f/5.6, ISO 200, 35 mm) and SubIFDs pointing at:
- the raw IFD: an uncompressed Bayer mosaic, RGGB (top-left pixel red), 14-bit values
  stored in 16-bit samples, BlackLevel 256, WhiteLevel 16383.
With --no-preview IFD0 is the raw image itself and there is no preview.

The scene, unless --from gives a binary 8-bit PPM (P6) to use instead (its sides cropped
to even), is W×H (default 64×48, both even), in 8-bit sRGB:
    x <  W/2: red   (200, 40, 40)       x >= W/2: blue (40, 60, 200)
    and over that, x < W/4 and y < H/4: green (40, 170, 60)
(W/2, W/4, H/4 rounded down; x to the right, y down, in the stored, unturned image).

Colour: the "camera" sees linear sRGB: ColorMatrix1 is the XYZ(D65)-to-linear-sRGB
matrix (CalibrationIlluminant1 D65), the mosaic holds the scene's linear values times
--neutral (default 1,1,1), which is written as AsShotNeutral, so that the as-shot white
balance gives back the scene's colours and daylight balance leaves them tinted.

--declared WxH writes WxH as the raw IFD's size but stores only two rows (the preview
stays that of the real scene): a "bomb" that a reader must refuse from its header. --preview-quality is the JPEG quality (default 90).
"""
import argparse
import fractions
import operator
import struct
import subprocess
import sys

# 14-bit values with a black level, as most cameras store them, so that a reader that
# forgets to subtract the black or to scale to the white shows it.
BLACK, WHITE = 256, 16383
RED, BLUE, GREEN = (200, 40, 40), (40, 60, 200), (40, 170, 60)
# XYZ (D65) to linear sRGB, IEC 61966-2-1; it is the DNG "XYZ to camera" matrix of a
# camera whose raw values are linear sRGB.
XYZ_TO_SRGB = ((3.2404542, -1.5371385, -0.4985314),
               (-0.9692660, 1.8760108, 0.0415560),
               (0.0556434, -0.2040259, 1.0572252))

BYTE, ASCII, SHORT, LONG, RATIONAL, SRATIONAL = 1, 2, 3, 4, 5, 10
TYPE_CODE = {BYTE: 'B', ASCII: 'B', SHORT: 'H', LONG: 'I'}


def size_arg(text):
    w, _, h = text.lower().partition('x')
    return int(w), int(h)


def scene_ppm(w, h):
    """The synthetic scene as PPM pixel bytes: two kinds of row, each repeated."""
    red, blue, green = bytes(RED), bytes(BLUE), bytes(GREEN)
    plain = red * (w // 2) + blue * (w - w // 2)
    top = green * (w // 4) + red * (w // 2 - w // 4) + blue * (w - w // 2)
    return top * (h // 4) + plain * (h - h // 4)


def read_ppm(path):
    """Pixels of a binary 8-bit PPM, cropped to even sides (the mosaic is in 2×2 cells)."""
    with open(path, 'rb') as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b'#':
            pos = data.index(b'\n', pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b'P6' or fields[3] != b'255':
        sys.exit(f'{path}: not an 8-bit binary PPM (P6, maxval 255)')
    w, h = int(fields[1]), int(fields[2])
    pixels = memoryview(data)[pos + 1:pos + 1 + 3 * w * h]
    even_w, even_h = w & ~1, h & ~1
    if even_w != w:
        pixels = b''.join(pixels[3 * w * y:3 * (w * y + even_w)] for y in range(even_h))
    else:
        pixels = pixels[:3 * w * even_h]
    return bytes(pixels), even_w, even_h


def scaled(pixels, w, h, pw, ph):
    """Nearest-pixel scaling to pw×ph: enough for a preview, and quick (no per-pixel Python)."""
    if (pw, ph) == (w, h):
        return pixels
    take = operator.itemgetter(*[3 * ((2 * x + 1) * w // (2 * pw)) + c for x in range(pw) for c in range(3)])
    rows = []
    for y in range(ph):
        sy = (2 * y + 1) * h // (2 * ph)
        rows.append(bytes(take(pixels[3 * w * sy:3 * w * (sy + 1)])))
    return b''.join(rows)


def raw_tables(neutral):
    """Per channel, 8-bit sRGB to stored 16-bit raw value, split into low and high bytes so
    that bytes.translate does the whole conversion in C."""
    tables = []
    for n in neutral:
        lo, hi = bytearray(256), bytearray(256)
        for v in range(256):
            s = v / 255
            linear = s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
            # The neutral scales what the sensor saw; the as-shot balance undoes it.
            raw = BLACK + round(min(linear * n, 1.0) * (WHITE - BLACK))
            lo[v], hi[v] = raw & 0xFF, raw >> 8
        tables.append((bytes(lo), bytes(hi)))
    return tables


def mosaic(pixels, w, h, neutral, rows=None):
    """The RGGB mosaic as little-endian 16-bit samples: on even rows red at even x and green
    at odd x, on odd rows green at even x and blue at odd x. Works on whole rows with
    strided slices, so 24 megapixels take about a second, not minutes."""
    tables = raw_tables(neutral)
    rows = h if rows is None else rows
    out = bytearray(2 * w * rows)
    for y in range(rows):
        row = pixels[3 * w * y:3 * w * (y + 1)]
        # Channel c of the pixels at even x starts at byte c, at odd x at byte 3 + c.
        first, second = (0, 1) if y % 2 == 0 else (1, 2)
        o = 2 * w * y
        for start, channel in ((0, first), (2, second)):
            values = row[3 * (start // 2) + channel::6]
            lo, hi = tables[channel]
            out[o + start:o + 2 * w:4] = values.translate(lo)
            out[o + start + 1:o + 2 * w:4] = values.translate(hi)
    return bytes(out)


def rational(value, denominator=10_000_000):
    f = fractions.Fraction(value).limit_denominator(denominator)
    return (f.numerator, f.denominator)


class Writer:
    """Writes the TIFF a block at a time, each IFD after the blocks it points to, so every
    offset is known when it is written and the big strips are never copied."""

    def __init__(self, f):
        self.f = f
        f.write(b'II*\0' + struct.pack('<I', 0))  # IFD0's offset is filled in at the end
        self.at = 8

    def block(self, data):
        if self.at % 2:  # TIFF wants offsets on word boundaries
            self.f.write(b'\0')
            self.at += 1
        offset = self.at
        self.f.write(data)
        self.at += len(data)
        return offset

    def ifd(self, entries):
        """entries: {tag: (type, values)}. Values over four bytes go right after the table."""
        if self.at % 2:
            self.f.write(b'\0')
            self.at += 1
        start = self.at
        extra_at = start + 2 + 12 * len(entries) + 4
        table, extra = [struct.pack('<H', len(entries))], []
        for tag in sorted(entries):
            kind, values = entries[tag]
            if kind == ASCII:
                values = list(values.encode('ascii') + b'\0')
            if kind in (RATIONAL, SRATIONAL):
                data = b''.join(struct.pack('<ii' if kind == SRATIONAL else '<II', *v) for v in values)
            else:
                data = struct.pack('<%d%s' % (len(values), TYPE_CODE[kind]), *values)
            if len(data) <= 4:
                field = data.ljust(4, b'\0')
            else:
                field = struct.pack('<I', extra_at)
                extra.append(data + b'\0' * (len(data) % 2))
                extra_at += len(extra[-1])
            table.append(struct.pack('<HHI', tag, kind, len(values)) + field)
        table.append(struct.pack('<I', 0))  # each IFD stands alone: no next IFD
        self.f.write(b''.join(table + extra))
        self.at = extra_at
        return start

    def finish(self, ifd0):
        self.f.seek(4)
        self.f.write(struct.pack('<I', ifd0))


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('out')
    p.add_argument('--size', type=size_arg)
    p.add_argument('--orientation', type=int, default=1, choices=range(1, 9))
    p.add_argument('--preview', type=size_arg)
    p.add_argument('--no-preview', action='store_true')
    p.add_argument('--preview-quality', type=int, default=90)
    p.add_argument('--from', dest='source')
    p.add_argument('--neutral', default='1,1,1')
    p.add_argument('--declared', type=size_arg)
    a = p.parse_args()
    neutral = [float(v) for v in a.neutral.split(',')]
    if len(neutral) != 3 or not all(0 < v <= 1 for v in neutral):
        p.error('--neutral wants three numbers in (0, 1], e.g. 0.5,1,0.8')
    if a.source and a.size:
        p.error('--size and --from do not go together: the size is the PPM\'s')
    if a.no_preview and a.preview:
        p.error('--preview and --no-preview do not go together')

    if a.source:
        pixels, w, h = read_ppm(a.source)
    else:
        w, h = a.size or (64, 48)
        if w % 2 or h % 2:
            p.error('--size wants even sides: the mosaic is made of 2×2 cells')
        pixels = scene_ppm(w, h)
    if w < 22 or h < 22:
        p.error(f'{w}×{h} is too small: LibRaw refuses raw images under 22 pixels a side')

    # A bomb keeps only two rows: enough to look like a strip, nothing like its size.
    raw = mosaic(pixels, w, h, neutral, rows=2 if a.declared else None)
    raw_w, raw_h = a.declared or (w, h)

    camera = {
        271: (ASCII, 'Iro'),
        272: (ASCII, 'Test Camera'),
        274: (SHORT, [a.orientation]),
        50706: (BYTE, [1, 4, 0, 0]),
        50707: (BYTE, [1, 1, 0, 0]),
        50708: (ASCII, 'Iro Test Camera'),
        50721: (SRATIONAL, [rational(v) for row in XYZ_TO_SRGB for v in row]),
        50728: (RATIONAL, [rational(v) for v in neutral]),
        50778: (SHORT, [21]),  # D65
    }
    raw_tags = {
        254: (LONG, [0]),
        256: (LONG, [raw_w]),
        257: (LONG, [raw_h]),
        258: (SHORT, [16]),
        259: (SHORT, [1]),
        262: (SHORT, [32803]),  # CFA
        277: (SHORT, [1]),
        278: (LONG, [raw_h]),
        279: (LONG, [len(raw)]),
        284: (SHORT, [1]),
        33421: (SHORT, [2, 2]),
        33422: (BYTE, [0, 1, 1, 2]),  # R G / G B
        50710: (BYTE, [0, 1, 2]),
        50711: (SHORT, [1]),
        50714: (LONG, [BLACK]),
        50717: (LONG, [WHITE]),
    }

    with open(a.out, 'wb') as f:
        t = Writer(f)
        exif = t.ifd({
            33434: (RATIONAL, [(1, 125)]),
            33437: (RATIONAL, [(56, 10)]),
            34855: (SHORT, [200]),
            36867: (ASCII, '2026:01:02 03:04:05'),
            37386: (RATIONAL, [(35, 1)]),
        })
        camera[34665] = (LONG, [exif])
        if a.no_preview:
            raw_tags[273] = (LONG, [t.block(raw)])
            ifd0 = t.ifd({**camera, **raw_tags})
        else:
            pw, ph = a.preview or (w // 2, h // 2)
            if pw < 1 or ph < 1:
                p.error('--preview wants a size of at least 1x1')
            small = scaled(pixels, w, h, pw, ph)
            # cjpeg's default output is a baseline JFIF, which is what cameras embed.
            jpeg = subprocess.run(
                ['/usr/bin/cjpeg', '-quality', str(a.preview_quality)],
                input=b'P6\n%d %d\n255\n' % (pw, ph) + small, capture_output=True, check=True).stdout
            del small
            raw_tags[273] = (LONG, [t.block(raw)])
            raw_ifd = t.ifd(raw_tags)
            preview = t.block(jpeg)
            ifd0 = t.ifd({
                **camera,
                254: (LONG, [1]),  # a reduced-resolution copy
                256: (LONG, [pw]),
                257: (LONG, [ph]),
                258: (SHORT, [8, 8, 8]),
                259: (SHORT, [7]),  # JPEG, as DNG previews are
                262: (SHORT, [6]),  # YCbCr
                273: (LONG, [preview]),
                277: (SHORT, [3]),
                278: (LONG, [ph]),
                279: (LONG, [len(jpeg)]),
                284: (SHORT, [1]),
                330: (LONG, [raw_ifd]),
            })
        t.finish(ifd0)


if __name__ == '__main__':
    main()
