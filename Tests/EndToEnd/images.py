"""Pixels in pure Python (zlib + struct): writing 8-bit RGB PNGs, the Image class
(screenshots decoded from PPM, PNGs read back, cropping, comparing) and colour
comparison with a tolerance (close_enough), and a colour through Iro's hue (rotated).
"""

import math
import struct
import zlib


def _png_chunk(kind, data):
    return (struct.pack('>I', len(data)) + kind + data +
            struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))


def write_png(path, width, height, pixel_fn=None, rows=None, text=None):
    """Write an 8-bit RGB PNG. Either pixel_fn(x, y) -> (r, g, b) or rows (a list of
    `height` bytes objects of width*3 bytes). `text`: tEXt chunks, key to value."""
    if rows is None:
        rows = [bytes(c for x in range(width) for c in pixel_fn(x, y)) for y in range(height)]
    raw = b''.join(b'\x00' + r for r in rows)
    chunks = b''.join(_png_chunk(b'tEXt', k.encode('latin-1') + b'\x00' + v.encode('latin-1')) for k, v in (text or {}).items())
    data = (b'\x89PNG\r\n\x1a\n' +
            _png_chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)) + chunks +
            _png_chunk(b'IDAT', zlib.compress(raw, 6)) +
            _png_chunk(b'IEND', b''))
    with open(path, 'wb') as f:
        f.write(data)
    return path


def rotated(colour, degrees):
    """The colour through Iro's hue matrix (SVG/CSS hueRotate, luminance-preserving),
    clamped, as 8-bit values."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    lr, lg, lb = 0.213, 0.715, 0.072
    rows = [
        [lr + c * (1 - lr) - s * lr, lg - c * lg - s * lg, lb - c * lb + s * (1 - lb)],
        [lr - c * lr + s * 0.143, lg + c * (1 - lg) + s * 0.140, lb - c * lb - s * 0.283],
        [lr - c * lr - s * (1 - lr), lg - c * lg + s * lg, lb + c * (1 - lb) + s * lb],
    ]
    rgb = [v / 255 for v in colour]
    return tuple(round(255 * min(1, max(0, sum(r * v for r, v in zip(row, rgb))))) for row in rows)


def close_enough(actual, expected, tolerance=12):
    """Whether two RGB colours differ by at most `tolerance` in every channel."""
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


class Image:
    """A decoded 8-bit PNG (grey, RGB, palette, with or without alpha; not
    interlaced), enough for screenshots from ImageMagick."""

    def __init__(self, width, height, channels, rows, path=None):
        self.width, self.height, self.channels = width, height, channels
        self.rows = rows  # list of bytes, channels bytes per pixel
        self.path = path

    def pixel(self, x, y):
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f'({x}, {y}) outside {self.width}×{self.height}')
        row = self.rows[y]
        c = self.channels
        p = row[x * c:(x + 1) * c]
        if c in (1, 2):
            return (p[0], p[0], p[0])
        return tuple(p[:3])

    @classmethod
    def from_ppm(cls, data):
        """Decode binary PPM (P6, maxval 255), as `import ... ppm:-` writes."""
        fields, pos = [], 0
        while len(fields) < 4:
            while data[pos:pos + 1].isspace():
                pos += 1
            if data[pos:pos + 1] == b'#':
                pos = data.index(b'\n', pos) + 1
                continue
            end = pos
            while not data[end:end + 1].isspace():
                end += 1
            fields.append(data[pos:end])
            pos = end
        pos += 1  # the single whitespace after maxval
        magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
        if magic != b'P6' or maxval != 255:
            raise ValueError(f'unsupported PPM ({magic!r}, maxval {maxval})')
        stride = width * 3
        rows = [data[pos + y * stride:pos + (y + 1) * stride] for y in range(height)]
        return cls(width, height, 3, rows)

    def crop(self, x, y, width, height):
        """The part of the image inside a rectangle (clipped to the image)."""
        x0, y0 = max(0, int(x)), max(0, int(y))
        x1, y1 = min(self.width, int(x + width)), min(self.height, int(y + height))
        c = self.channels
        rows = [self.rows[yy][x0 * c:x1 * c] for yy in range(y0, y1)]
        return Image(max(0, x1 - x0), max(0, y1 - y0), c, rows)

    def colours(self):
        """The set of distinct RGB colours."""
        return {self.pixel(x, y) for y in range(self.height) for x in range(self.width)}

    def differing_fraction(self, other, tolerance=12):
        """Share of pixels (0..1) that differ by more than tolerance from `other`
        (same size)."""
        if (self.width, self.height) != (other.width, other.height):
            raise ValueError('images differ in size')
        n = self.width * self.height
        if n == 0:
            return 0.0
        bad = sum(1 for y in range(self.height) for x in range(self.width)
                  if not close_enough(self.pixel(x, y), other.pixel(x, y), tolerance))
        return bad / n

    def write_png(self, path):
        if self.channels == 3:
            rows = self.rows
        else:
            rows = [bytes(c for x in range(self.width) for c in self.pixel(x, y))
                    for y in range(self.height)]
        write_png(path, self.width, self.height, rows=rows)
        return path

    @classmethod
    def read(cls, path):
        with open(path, 'rb') as f:
            data = f.read()
        if data[:8] != b'\x89PNG\r\n\x1a\n':
            raise ValueError(f'{path}: not a PNG')
        pos, idat, palette = 8, [], None
        width = height = depth = ctype = interlace = None
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            pos += 12 + length
            if kind == b'IHDR':
                width, height, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'PLTE':
                palette = body
            elif kind == b'IDAT':
                idat.append(body)
            elif kind == b'IEND':
                break
        if depth != 8 or interlace:
            raise ValueError(f'{path}: only 8-bit non-interlaced PNGs (depth {depth}, '
                             f'interlace {interlace})')
        channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
        raw = zlib.decompress(b''.join(idat))
        stride = width * channels
        rows, prev, i = [], bytearray(stride), 0
        for _ in range(height):
            ftype = raw[i]
            line = bytearray(raw[i + 1:i + 1 + stride])
            i += 1 + stride
            _unfilter(ftype, line, prev, channels)
            rows.append(bytes(line))
            prev = line
        if ctype == 3:
            rows = [b''.join(palette[3 * v:3 * v + 3] for v in r) for r in rows]
            channels = 3
        return cls(width, height, channels, rows, path)


def _unfilter(ftype, line, prev, bpp):
    n = len(line)
    if ftype == 0:
        return
    if ftype == 1:
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 0xff
    elif ftype == 2:
        for i in range(n):
            line[i] = (line[i] + prev[i]) & 0xff
    elif ftype == 3:
        for i in range(n):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xff
    elif ftype == 4:
        for i in range(n):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pred = a if (pa <= pb and pa <= pc) else (b if pb <= pc else c)
            line[i] = (line[i] + pred) & 0xff
    else:
        raise ValueError(f'bad PNG filter type {ftype}')


def png_text(path):
    """A PNG's tEXt chunks, key to value (its size too: 'width', 'height' from IHDR)."""
    with open(path, 'rb') as f:
        data = f.read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', f'{path} is not a PNG'
    found, at = {}, 8
    while at + 8 <= len(data):
        length, kind = struct.unpack('>I', data[at:at + 4])[0], data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        if kind == b'IHDR':
            found['width'], found['height'] = struct.unpack('>II', body[:8])
        elif kind == b'tEXt':
            key, _, value = body.partition(b'\x00')
            found[key.decode('latin-1')] = value.decode('latin-1')
        at += 12 + length
    return found
