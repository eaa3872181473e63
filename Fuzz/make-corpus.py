#!/usr/bin/python3
"""Writes the fuzzer's seed corpus: tiny images in every format the installed
gdk-pixbuf loaders read, and a few broken ones.

    /usr/bin/python3 Fuzz/make-corpus.py [FOLDER]     (default: Fuzz/corpus)

Everything is made here from the standard library (zlib, struct), except JPEG and
WebP, which need an encoder: those come from gdk-pixbuf through PyGObject
(Debian's python3-gi, hence /usr/bin/python3) and are skipped with a note when it
is missing. The output is deterministic, so re-running it changes nothing in git.
Seeds are small (the fuzzer runs with -max_len=65536; the whole corpus stays far
below 200 KB): libFuzzer mutates them, so variety matters more than size.
"""

import base64
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------------------
# Pixels
# ---------------------------------------------------------------------------

def pattern(w, h, alpha=False):
    """Rows of RGB(A) bytes: a gradient with a checker, so every format has detail."""
    rows = []
    for y in range(h):
        row = bytearray()
        for x in range(w):
            c = 255 if (x // 2 + y // 2) % 2 else 0
            row += bytes((x * 255 // max(1, w - 1), y * 255 // max(1, h - 1), c))
            if alpha:
                row.append((x + y) * 255 // max(1, w + h - 2))
        rows.append(bytes(row))
    return rows


# ---------------------------------------------------------------------------
# PNG
# ---------------------------------------------------------------------------

def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)


PNG_SIG = b'\x89PNG\r\n\x1a\n'


def png(w, h, ctype=2, depth=8, rows=None, extra=b'', interlace=0, filt=0):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    if rows is None:
        if ctype == 2:
            rows = pattern(w, h)
        elif ctype == 6:
            rows = pattern(w, h, alpha=True)
        else:
            bits = depth * channels
            stride = (w * bits + 7) // 8
            rows = [bytes((x * 37 + y * 11) & 0xff for x in range(stride)) for y in range(h)]
    if interlace:
        raw = adam7(rows, w, h, channels * depth)
    else:
        raw = b''.join(bytes((filt,)) + r for r in rows)
    ihdr = struct.pack('>IIBBBBB', w, h, depth, ctype, 0, 0, interlace)
    return PNG_SIG + chunk(b'IHDR', ihdr) + extra + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')


def adam7(rows, w, h, bits):
    """Interlaced scanlines (filter 0) for whole-byte pixel formats."""
    bpp = bits // 8
    out = b''
    for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
                           (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)):
        for y in range(y0, h, dy):
            line = b''.join(rows[y][x * bpp:(x + 1) * bpp] for x in range(x0, w, dx))
            if line:
                out += b'\x00' + line
    return out


def png_seeds():
    s = {}
    s['png-rgb-8x8.png'] = png(8, 8)
    s['png-rgba-8x6.png'] = png(8, 6, ctype=6)
    s['png-grey-1bit-16x4.png'] = png(16, 4, ctype=0, depth=1)
    s['png-grey16-4x4.png'] = png(4, 4, ctype=0, depth=16)
    s['png-grey-alpha-4x4.png'] = png(4, 4, ctype=4)
    palette = b''.join(bytes((i * 60, 255 - i * 60, i * 30)) for i in range(4))
    s['png-palette-trns-8x8.png'] = png(8, 8, ctype=3, depth=2,
                                      extra=chunk(b'PLTE', palette) + chunk(b'tRNS', b'\x00\x80'))
    s['png-interlaced-9x7.png'] = png(9, 7, interlace=1)
    s['png-filter-paeth-6x6.png'] = png(6, 6, filt=4)
    text = (chunk(b'tEXt', b'Comment\x00Iro fuzz seed') +
            chunk(b'zTXt', b'Author\x00\x00' + zlib.compress(b'nobody')) +
            chunk(b'iTXt', b'Title\x00\x00\x00en\x00Titel\x00seed') +
            chunk(b'gAMA', struct.pack('>I', 45455)) +
            chunk(b'pHYs', struct.pack('>IIB', 2835, 2835, 1)) +
            chunk(b'iCCP', b'icc\x00\x00' + zlib.compress(b'\x00' * 128)))
    s['png-chunks-4x4.png'] = png(4, 4, extra=text)
    # A desktop thumbnail (BEHAVIOUR H2): the text chunks the thumbnail request reads.
    thumb = (chunk(b'tEXt', b'Thumb::URI\x00file:///tmp/photo.jpg') + chunk(b'tEXt', b'Thumb::MTime\x001700000000') +
             chunk(b'tEXt', b'Thumb::Size\x0012345') + chunk(b'tEXt', b'Software\x00Iro'))
    s['png-thumbnail-8x6.png'] = png(8, 6, extra=thumb)
    # EXIF orientation 6 in an eXIf chunk (a big-endian TIFF header with one IFD entry).
    exif = b'MM\x00*\x00\x00\x00\x08\x00\x01' + struct.pack('>HHIHH', 0x0112, 3, 1, 6, 0) + b'\x00\x00\x00\x00'
    s['png-exif-orientation-6x3.png'] = png(6, 3, extra=chunk(b'eXIf', exif))
    # Broken on purpose.
    good = png(8, 8)
    s['bad-png-truncated.png'] = good[:len(good) // 2]
    s['bad-png-no-iend.png'] = good[:-12]
    s['bad-png-crc.png'] = good[:29] + bytes((good[29] ^ 0xff,)) + good[30:]
    s['bad-png-zero-size.png'] = PNG_SIG + chunk(b'IHDR', struct.pack('>IIBBBBB', 0, 0, 8, 2, 0, 0, 0)) + chunk(b'IEND', b'')
    s['bad-png-bomb.png'] = PNG_SIG + chunk(b'IHDR', struct.pack('>IIBBBBB', 100000, 100000, 8, 2, 0, 0, 0)) + chunk(b'IEND', b'')
    s['bad-png-empty-idat.png'] = (PNG_SIG + chunk(b'IHDR', struct.pack('>IIBBBBB', 4, 4, 8, 2, 0, 0, 0)) +
                                   chunk(b'IDAT', b'') + chunk(b'IEND', b''))
    return s


# ---------------------------------------------------------------------------
# GIF (with a small LZW encoder that resets its table before codes grow)
# ---------------------------------------------------------------------------

def lzw(indices, min_size):
    clear, end = 1 << min_size, (1 << min_size) + 1
    size = min_size + 1
    codes = [clear]
    used = end + 1
    for i in indices:
        codes.append(i)
        used += 1
        if used >= (1 << size) - 1:       # keep the code width fixed: reset early
            codes.append(clear)
            used = end + 1
    codes.append(end)
    out, acc, nbits = bytearray(), 0, 0
    for c in codes:
        acc |= c << nbits
        nbits += size
        while nbits >= 8:
            out.append(acc & 0xff)
            acc >>= 8
            nbits -= 8
    if nbits:
        out.append(acc & 0xff)
    blocks = b''.join(bytes((len(out[i:i + 255]),)) + bytes(out[i:i + 255]) for i in range(0, len(out), 255))
    return bytes((min_size,)) + blocks + b'\x00'


def gif(w, h, frames=1, local=False, transparent=False):
    colours = b''.join(bytes((i * 60, 200 - i * 40, i * 20)) for i in range(4))
    out = b'GIF89a' + struct.pack('<HHBBB', w, h, 0x80 | 0x01 if not local else 0, 0, 0)
    if not local:
        out += colours
    if frames > 1:
        out += b'!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00'
    for f in range(frames):
        pixels = [(x + y + f) % 4 for y in range(h) for x in range(w)]
        if frames > 1 or transparent:
            out += b'!\xf9\x04' + bytes((0x08 | (1 if transparent else 0),)) + struct.pack('<H', 10) + b'\x00\x00'
        out += b',' + struct.pack('<HHHHB', 0, 0, w, h, (0x80 | 0x01) if local else 0)
        if local:
            out += colours
        out += lzw(pixels, 2)
    return out + b';'


def gif_seeds():
    s = {}
    s['gif-8x8.gif'] = gif(8, 8)
    s['gif-animated-3-frames-6x5.gif'] = gif(6, 5, frames=3)
    s['gif-local-palette-transparent-5x5.gif'] = gif(5, 5, local=True, transparent=True)
    good = gif(8, 8)
    s['bad-gif-truncated.gif'] = good[:len(good) - 8]
    s['bad-gif-bomb.gif'] = b'GIF89a' + struct.pack('<HHBBB', 65535, 65535, 0x80, 0, 0) + b'\x00' * 6 + b';'
    return s


# ---------------------------------------------------------------------------
# BMP, ICO, ANI
# ---------------------------------------------------------------------------

def bmp_dib(w, h, bpp=24, compression=0, palette=b'', data=None, masks=b''):
    if data is None:
        stride = (w * bpp + 31) // 32 * 4
        data = b''.join(bytes(((x * 29 + y * 7) & 0xff) for x in range(stride)) for y in range(h))
    header = struct.pack('<IiiHHIIiiII', 40, w, h, 1, bpp, compression, len(data), 2835, 2835,
                         len(palette) // 4, 0)
    return header + masks + palette, data


def bmp(w, h, **kw):
    header, data = bmp_dib(w, h, **kw)
    offset = 14 + len(header)
    return b'BM' + struct.pack('<IHHI', offset + len(data), 0, 0, offset) + header + data


def bmp_seeds():
    s = {}
    s['bmp-24bit-5x3.bmp'] = bmp(5, 3)
    s['bmp-32bit-bitfields-4x4.bmp'] = bmp(4, 4, bpp=32, compression=3,
                                           masks=struct.pack('<III', 0xff0000, 0xff00, 0xff))
    grey = b''.join(bytes((i, i, i, 0)) for i in range(256))
    s['bmp-8bit-palette-6x4.bmp'] = bmp(6, 4, bpp=8, palette=grey)
    s['bmp-1bit-16x2.bmp'] = bmp(16, 2, bpp=1, palette=b'\x00\x00\x00\x00\xff\xff\xff\x00')
    # RLE8: a run of 4 of colour 1, an absolute run of 3, end of line, end of bitmap.
    rle = b'\x04\x01' + b'\x00\x03\x02\x03\x04\x00' + b'\x00\x00' + b'\x02\x05\x00\x01'
    s['bmp-rle8-4x2.bmp'] = bmp(4, 2, bpp=8, compression=1, palette=grey, data=rle)
    s["bmp-top-down-3x3.bmp"] = bmp(3, -3, data=b"".join(bytes(c for x in range(3) for c in (x * 40, 90, y * 80)) + b"\x00" * 3 for y in range(3)))
    s['bad-bmp-truncated.bmp'] = bmp(5, 3)[:60]
    s['bad-bmp-bomb.bmp'] = bmp(100000, 100000, data=b'\x00' * 16)
    s.update(ico_seeds())
    return s


def ico(images):
    """images: list of (w, h, payload) where payload is a PNG or a DIB (BMP without file header)."""
    out = struct.pack('<HHH', 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b'', b''
    for w, h, payload in images:
        entries += struct.pack('<BBBBHHII', w & 0xff, h & 0xff, 0, 0, 1, 32, len(payload), offset + len(blobs))
        blobs += payload
    return out + entries + blobs


def ico_dib(w, h):
    header, data = bmp_dib(w, h * 2, bpp=32)           # ICO DIBs declare twice the height (XOR + AND)
    xor = data[:w * 4 * h]
    mask_stride = (w + 31) // 32 * 4
    return header + xor + b'\x00' * (mask_stride * h)


def ico_seeds():
    s = {}
    s['ico-bmp-4x4.ico'] = ico([(4, 4, ico_dib(4, 4))])
    s['ico-png-and-bmp.ico'] = ico([(8, 8, png(8, 8, ctype=6)), (2, 2, ico_dib(2, 2))])
    cur = bytearray(ico([(4, 4, ico_dib(4, 4))]))
    cur[2] = 2                                             # type 2: cursor (hotspot in the planes/bpp fields)
    s['cur-4x4.cur'] = bytes(cur)
    riff = b'ACON' + b'anih' + struct.pack('<I', 36) + struct.pack('<IIIIIIIII', 36, 1, 1, 0, 0, 0, 0, 10, 1)
    icon = ico([(4, 4, ico_dib(4, 4))])
    lst = b'fram' + b'icon' + struct.pack('<I', len(icon)) + icon
    riff += b'LIST' + struct.pack('<I', len(lst)) + lst
    s['ani-1-frame.ani'] = b'RIFF' + struct.pack('<I', len(riff)) + riff
    return s


# ---------------------------------------------------------------------------
# TGA, PNM, XPM, XBM, TIFF, SVG, ICNS, QTIF
# ---------------------------------------------------------------------------

def tga(w, h, rle=False, bpp=24):
    header = struct.pack('<BBBHHBHHHHBB', 0, 0, 10 if rle else 2, 0, 0, 0, 0, 0, w, h, bpp, 0x20)
    px = bpp // 8
    pixels = [bytes(((x * 40) & 0xff, (y * 60) & 0xff, 128, 255)[:px]) for y in range(h) for x in range(w)]
    if not rle:
        return header + b''.join(pixels)
    body = b''
    for i in range(0, len(pixels), 2):
        body += b'\x81' + pixels[i] if i + 1 < len(pixels) else b'\x00' + pixels[i]   # runs of 2, literals of 1
    return header + body


def tiff(w, h, compression=1, bits=8, spp=3, photometric=2, little=True):
    e = '<' if little else '>'
    stride = w * spp * bits // 8
    data = bytes((i * 13) & 0xff for i in range(stride * h))
    if compression == 32773:   # PackBits: literal runs of at most 128
        packed = b''
        for r in range(h):
            row = data[r * stride:(r + 1) * stride]
            for i in range(0, len(row), 128):
                part = row[i:i + 128]
                packed += bytes((len(part) - 1,)) + part
        data = packed
    entries = [(256, 3, 1, w), (257, 3, 1, h), (258, 3, 1, bits), (259, 3, 1, compression),
               (262, 3, 1, photometric), (273, 4, 1, 0), (277, 3, 1, spp), (278, 3, 1, h),
               (279, 4, 1, len(data)), (284, 3, 1, 1)]
    ifd_size = 2 + 12 * len(entries) + 4
    data_offset = 8 + ifd_size
    out = (b'II*\x00' if little else b'MM\x00*') + struct.pack(e + 'I', 8) + struct.pack(e + 'H', len(entries))
    for tag, kind, count, value in entries:
        if tag == 273:
            value = data_offset
        if kind == 3:
            out += struct.pack(e + 'HHIHH', tag, kind, count, value, 0)
        else:
            out += struct.pack(e + 'HHII', tag, kind, count, value)
    return out + struct.pack(e + 'I', 0) + data


def misc_seeds():
    s = {}
    s['tga-rgb-4x3.tga'] = tga(4, 3)
    s['tga-rle-rgba-4x2.tga'] = tga(4, 2, rle=True, bpp=32)
    s['pnm-p6-4x3.ppm'] = b'P6\n# seed\n4 3\n255\n' + bytes((i * 21) & 0xff for i in range(36))
    s['pnm-p5-4x3.pgm'] = b'P5 4 3 255\n' + bytes(range(0, 240, 20))
    s['pnm-p4-16x2.pbm'] = b'P4\n16 2\n\xaa\x55\x0f\xf0'
    s['pnm-p3-ascii-2x2.ppm'] = b'P3\n2 2\n255\n255 0 0  0 255 0\n0 0 255  255 255 0\n'
    s['pnm-p1-ascii-3x2.pbm'] = b'P1\n3 2\n1 0 1\n0 1 0\n'
    s['bad-pnm-truncated.ppm'] = b'P6\n400 300\n255\n' + b'\x10' * 64
    s['xpm-4x3.xpm'] = (b'/* XPM */\nstatic char *seed[] = {\n"4 3 2 1",\n"a c #ff0000",\n". c None",\n'
                        b'"a..a",\n".aa.",\n"a..a"};\n')
    s['xbm-8x2.xbm'] = b'#define seed_width 8\n#define seed_height 2\nstatic unsigned char seed_bits[] = {\n 0x81, 0x7e };\n'
    s['tiff-rgb-4x3-le.tif'] = tiff(4, 3)
    s['tiff-grey-packbits-5x2-be.tif'] = tiff(5, 2, compression=32773, spp=1, photometric=1, little=False)
    s['svg-shapes.svg'] = (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16" '
                           b'viewBox="0 0 24 16"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/>'
                           b'<stop offset="1" stop-color="blue"/></linearGradient></defs>'
                           b'<rect width="24" height="16" fill="url(#g)"/><circle cx="8" cy="8" r="5" fill="#0f0" '
                           b'opacity="0.5"/><text x="12" y="12" font-size="6">Iro</text></svg>\n')
    s['svg-viewbox-only.svg'] = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20"><path d="M0 0L30 20"/></svg>'
    s['bad-svg-bomb.svg'] = b'<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>'
    s['bad-svg-malformed.svg'] = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5"'
    # ICNS: one 'is32' 16x16 RLE-compressed icon would be long; an 'ic07'-style PNG entry is simpler.
    icon = png(16, 16, ctype=6)
    entry = b'ic04' + struct.pack('>I', 8 + len(icon)) + icon
    s['icns-png-16.icns'] = b'icns' + struct.pack('>I', 8 + len(entry)) + entry
    # QTIF: an 'idsc' atom (image description, codec 'png ') then the 'idat' atom.
    desc = (struct.pack('>I', 86) + b'png ' + b'\x00' * 16 + b'\x00' * 8 + struct.pack('>HH', 16, 16) +
            b'\x00\x48\x00\x00\x00\x48\x00\x00' + struct.pack('>I', len(icon)) + struct.pack('>H', 1) +
            b'\x00' * 32 + struct.pack('>Hh', 24, -1))
    s['qtif-png-16.qtif'] = (struct.pack('>I', 8 + len(desc)) + b'idsc' + desc +
                             struct.pack('>I', 8 + len(icon)) + b'idat' + icon)
    # Not images at all.
    s['text.txt'] = b'just some text, not an image\n'
    s['pdf-header.pdf'] = b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< >>\nendobj\n'
    s['one-byte.bin'] = b'\x89'
    return s


# ---------------------------------------------------------------------------
# Documents with pages: PDF (poppler) and TIFFs of several pages (libtiff)
# ---------------------------------------------------------------------------

def pdf(pages, break_xref=False):
    """A PDF of `pages` (width, height, rotate, text), each a filled square and a line of
    text in Helvetica, with a cross-reference table (offsets off by a few bytes when
    `break_xref`, which poppler repairs by scanning)."""
    objects = [b'<< /Type /Catalog /Pages 2 0 R >>', None,
               b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>']
    kids = []
    for width, height, rotate, text in pages:
        content = (b'0.2 0.4 0.8 rg 10 10 40 40 re f BT /F1 12 Tf 20 %d Td (%s) Tj ET'
                   % (height // 2, text.encode('ascii')))
        objects.append(b'<< /Length %d >>\nstream\n%s\nendstream' % (len(content), content))
        content_number = len(objects)
        objects.append(b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Rotate %d '
                       b'/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>'
                       % (width, height, rotate, content_number))
        kids.append(b'%d 0 R' % len(objects))
    objects[1] = b'<< /Type /Pages /Kids [%s] /Count %d >>' % (b' '.join(kids), len(kids))
    out = b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b'%d 0 obj\n%s\nendobj\n' % (number, body)
    xref = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1)
    for offset in offsets:
        out += b'%010d 00000 n \n' % (offset + (7 if break_xref else 0))
    out += b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objects) + 1, xref)
    return out


def tiff_pages(pages, loop=False):
    """A little-endian TIFF with one directory per (width, height, orientation) page,
    uncompressed RGB; with `loop`, the last directory points back at the first."""
    out = bytearray(b'II*\x00\x00\x00\x00\x00')
    link = 4
    first = None
    for index, (w, h, orientation) in enumerate(pages):
        data_at = len(out)
        out += bytes(((x * 40 + index * 90) & 0xff, (y * 50) & 0xff, 128) [c] for y in range(h) for x in range(w) for c in range(3))
        if len(out) % 2:
            out += b'\x00'
        bits_at = len(out)
        out += struct.pack('<HHH', 8, 8, 8)
        ifd = len(out)
        first = first if first is not None else ifd
        struct.pack_into('<I', out, link, ifd)
        entries = [(256, 3, 1, w), (257, 3, 1, h), (258, 3, 3, bits_at), (259, 3, 1, 1), (262, 3, 1, 2),
                   (273, 4, 1, data_at), (274, 3, 1, orientation), (277, 3, 1, 3), (278, 3, 1, h),
                   (279, 4, 1, w * h * 3), (284, 3, 1, 1)]
        out += struct.pack('<H', len(entries))
        for tag, kind, count, value in entries:
            if kind == 3 and count == 1:
                out += struct.pack('<HHIHH', tag, kind, count, value, 0)
            else:
                out += struct.pack('<HHII', tag, kind, count, value)
        link = len(out)
        out += struct.pack('<I', 0)
    if loop:
        struct.pack_into('<I', out, link, first)
    return bytes(out)


def document_seeds():
    s = {}
    two = [(60, 40, 0, 'Iro one'), (40, 60, 90, 'Iro two')]
    s['pdf-two-pages-text.pdf'] = pdf(two)
    s['pdf-broken-xref.pdf'] = pdf(two, break_xref=True)
    s['tiff-three-pages-turned.tif'] = tiff_pages([(6, 4, 1), (5, 3, 6), (4, 4, 3)])
    s['bad-tiff-pages-loop.tif'] = tiff_pages([(4, 3, 1), (3, 2, 1)], loop=True)
    return s


# ---------------------------------------------------------------------------
# JPEG and WebP: encoded by gdk-pixbuf (PyGObject), when available
# ---------------------------------------------------------------------------

def encoded_seeds():
    try:
        import gi
        gi.require_version('GdkPixbuf', '2.0')
        from gi.repository import GdkPixbuf, GLib
    except (ImportError, ValueError) as e:
        print(f'note: no PyGObject/GdkPixbuf ({e}); JPEG and WebP seeds skipped', file=sys.stderr)
        return {}

    def pixbuf(w, h, alpha=False):
        data = b''.join(pattern(w, h, alpha))
        return GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(data), GdkPixbuf.Colorspace.RGB, alpha, 8,
                                               w, h, w * (4 if alpha else 3))

    def save(pb, kind, **options):
        ok, data = pb.save_to_bufferv(kind, list(options), [str(v) for v in options.values()])
        return bytes(data)

    s = {}
    s['jpeg-baseline-16x8.jpg'] = save(pixbuf(16, 8), 'jpeg', quality=90)
    # Large enough that the harness asks for a quick preview (maxSide 48: ≥ 96 px).
    s['jpeg-preview-120x100.jpg'] = save(pixbuf(120, 100), 'jpeg', quality=40)
    s['jpeg-q100-9x9.jpg'] = save(pixbuf(9, 9), 'jpeg', quality=100)
    base = s['jpeg-baseline-16x8.jpg']
    # EXIF orientation 6 (APP1 right after SOI).
    tiff_ifd = b'MM\x00*\x00\x00\x00\x08\x00\x01' + struct.pack('>HHIHH', 0x0112, 3, 1, 6, 0) + b'\x00\x00\x00\x00'
    app1 = b'Exif\x00\x00' + tiff_ifd
    s['jpeg-exif-orientation-6.jpg'] = base[:2] + b'\xff\xe1' + struct.pack('>H', len(app1) + 2) + app1 + base[2:]
    s['bad-jpeg-truncated.jpg'] = base[:len(base) * 2 // 3]
    s['bad-jpeg-header-only.jpg'] = base[:160]
    # SOF0 declaring 65500 × 65500.
    sof = base.find(b'\xff\xc0')
    if sof > 0:
        s['bad-jpeg-bomb.jpg'] = base[:sof + 5] + struct.pack('>HH', 65500, 65500) + base[sof + 9:]
    s.update(cjpeg_seeds())
    try:
        s['webp-lossy-8x8.webp'] = save(pixbuf(8, 8), 'webp', quality=50)
        s['webp-lossless-alpha-6x6.webp'] = save(pixbuf(6, 6, alpha=True), 'webp', lossless='TRUE')
        s['bad-webp-truncated.webp'] = s['webp-lossy-8x8.webp'][:30]
    except GLib.Error as e:
        print(f'note: WebP seeds skipped ({e.message})', file=sys.stderr)
    try:
        s['tiff-gdk-pixbuf-8x8.tif'] = save(pixbuf(8, 8, alpha=True), 'tiff', compression='8')
    except GLib.Error as e:
        print(f'note: TIFF (deflate) seed skipped ({e.message})', file=sys.stderr)
    return s


def cjpeg_seeds():
    """JPEG coding variants gdk-pixbuf cannot write: progressive, arithmetic-coded (the
    incremental loader cannot decode those; Iro falls back to a whole-file decode) and
    with restart markers. Made with libjpeg-turbo's cjpeg, when installed."""
    import shutil
    import subprocess
    cjpeg = shutil.which('cjpeg')
    if not cjpeg:
        print('note: no cjpeg (libjpeg-turbo-progs); progressive/arithmetic JPEG seeds skipped', file=sys.stderr)
        return {}
    w, h = 40, 24
    ppm = b'P6\n%d %d\n255\n' % (w, h) + b''.join(pattern(w, h))
    s = {}
    for name, options in (('jpeg-progressive-40x24.jpg', ['-progressive']),
                          ('jpeg-arithmetic-40x24.jpg', ['-arithmetic']),
                          ('jpeg-restart-grey-40x24.jpg', ['-restart', '1', '-grayscale']),
                          ('jpeg-444-optimized-40x24.jpg', ['-sample', '1x1', '-optimize', '-quality', '30']),
                          # 4:2:2: MCUs of 16 x 8, which a lossless quarter turn stands 8 x 16
                          ('jpeg-422-40x24.jpg', ['-sample', '2x1'])):
        r = subprocess.run([cjpeg] + options, input=ppm, capture_output=True)
        if r.returncode == 0:
            s[name] = r.stdout
    return s


def animated_webp_seeds():
    """An animated WebP (played by libwebp's animation decoder), and the same cut short
    (gdk-pixbuf's loader then plays what it can read). Made with img2webp, when installed."""
    import shutil
    import subprocess
    import tempfile
    img2webp = shutil.which('img2webp')
    if not img2webp:
        print('note: no img2webp (webp); animated WebP seeds skipped', file=sys.stderr)
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        frames = []
        for i, (w, h) in enumerate(((12, 10), (12, 10), (12, 10))):
            path = os.path.join(tmp, f'f{i}.png')
            rows = [bytes((x * 20 + i * 80) & 255 for x in range(w) for _ in range(3)) for _ in range(h)]
            with open(path, 'wb') as f:
                f.write(png(w, h, rows=rows))
            frames.append(path)
        out = os.path.join(tmp, 'anim.webp')
        args = [img2webp, '-loop', '2', '-lossless', '-d', '80', frames[0], '-lossy', '-q', '40', '-d', '120', frames[1],
                '-mixed', '-d', '60', frames[2], '-o', out]
        if subprocess.run(args, capture_output=True).returncode != 0:
            return {}
        with open(out, 'rb') as f:
            data = f.read()
    return {'webp-animated-3-frames-12x10.webp': data, 'bad-webp-animated-truncated.webp': data[:len(data) * 2 // 3]}


def heif_box(kind, content, full=None):
    """An ISO base media box; `full` (a version) makes it a full box."""
    if full is not None:
        content = bytes((full, 0, 0, 0)) + content
    return struct.pack('>I', 8 + len(content)) + kind + content


def heif_grid(width, height, tiles, tile, dimg=None):
    """A HEIC container whose primary item is a grid of `tiles` tiles: the boxes HEIF's
    declared size is read from (no image data). `dimg`: the items the grid is made from,
    in an `iref` box (none by default)."""
    ftyp = heif_box(b'ftyp', b'heic' + struct.pack('>I', 0) + b'mif1heic')
    hdlr = heif_box(b'hdlr', struct.pack('>I', 0) + b'pict' + bytes(13), full=0)
    pitm = heif_box(b'pitm', struct.pack('>H', 1), full=0)
    infe = [heif_box(b'infe', struct.pack('>HH', 1, 0) + b'grid\0', full=2)]
    infe += [heif_box(b'infe', struct.pack('>HH', 2 + i, 0) + b'hvc1\0', full=2) for i in range(tiles)]
    iinf = heif_box(b'iinf', struct.pack('>H', len(infe)) + b''.join(infe), full=0)
    ispe = lambda w, h: heif_box(b'ispe', struct.pack('>II', w, h), full=0)
    ipco = heif_box(b'ipco', ispe(tile, tile) + ispe(width, height))
    assoc = [struct.pack('>HBB', 1, 1, 2)] + [struct.pack('>HBB', 2 + i, 1, 1) for i in range(tiles)]
    ipma = heif_box(b'ipma', struct.pack('>I', len(assoc)) + b''.join(assoc), full=0)
    iref = b''
    if dimg is not None:
        iref = heif_box(b'iref', heif_box(b'dimg', struct.pack('>HH', 1, len(dimg)) + b''.join(struct.pack('>H', i) for i in dimg)), full=0)
    meta = heif_box(b'meta', hdlr + pitm + iinf + iref + heif_box(b'iprp', ipco + ipma), full=0)
    return ftyp + meta + heif_box(b'mdat', b'')


def heif_seeds():
    seeds = {
        'bad-heif-grid-no-data-640x480.heic': heif_grid(640, 480, 4, 320),
        'bad-heif-grid-bomb.heic': heif_grid(32767, 32767, 64, 4096),
        # The grid (item 1) named among its own tiles: libheif 1.15 decoded it inside itself
        # until it aborted (with real tiles before it; these have no data).
        'bad-heif-grid-own-tile.heic': heif_grid(128, 64, 2, 64, dimg=[2, 1]),
    }
    seeds.update(encoded_heif_seeds())
    return seeds


def encoded_heif_seeds():
    """Real pictures for libheif's paths: a HEIC with alpha (heif-enc), and monochrome AVIFs
    in video range at 8 and 10 bits (avifenc), which Iro expands itself. Made when the tools
    are installed (libheif-examples, libavif-bin)."""
    import shutil
    import subprocess
    import tempfile
    heif_enc, avifenc = shutil.which('heif-enc'), shutil.which('avifenc')
    if not heif_enc or not avifenc:
        print('note: no heif-enc or avifenc; encoded HEIF and AVIF seeds skipped', file=sys.stderr)
        return {}
    made = {}
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, 'in.png')
        with open(source, 'wb') as f:
            f.write(png(12, 8, ctype=6))
        jobs = {
            'heif-alpha-12x8.heic': [heif_enc, '-q', '50', '-o', os.path.join(work, 'out.heic'), source],
            'avif-mono-limited-12x8.avif': [avifenc, '--yuv', '400', '--range', 'limited', source, os.path.join(work, 'out.avif')],
            'avif-mono-limited-10bit-12x8.avif': [avifenc, '--yuv', '400', '--range', 'limited', '--depth', '10', source,
                                                  os.path.join(work, 'out.avif')],
        }
        for name, args in jobs.items():
            if subprocess.run(args, capture_output=True).returncode == 0:
                with open(args[-2] if args[0] == heif_enc else args[-1], 'rb') as f:
                    made[name] = f.read()
    return made


def decoded_format_seeds():
    """JPEG XL (cjxl), JPEG 2000 (opj_compress) and camera RAW (Tests/Fixtures/make-dng.py),
    which Iro decodes itself, and a size bomb of each written here by hand. The encoded ones
    are made when the tools are installed (libjxl-tools, libopenjp2-tools, libjpeg-turbo-progs)."""
    import shutil
    import subprocess
    import tempfile

    def bits(fields):
        """(value, width) pairs packed least significant bit first, as JPEG XL's headers are."""
        accumulator = count = 0
        for value, width in fields:
            accumulator |= value << count
            count += width
        return accumulator.to_bytes((count + 7) // 8, 'little')

    def be(value, size):
        return value.to_bytes(size, 'big')

    made = {
        # A codestream declaring 40000 × 40000: not small, 18-bit height, no ratio, 18-bit
        # width, default metadata.
        'bad-jxl-bomb.jxl': b'\xff\x0a' + bits([(0, 1), (2, 2), (39999, 18), (0, 3), (2, 2), (39999, 18), (1, 1)]) + bytes(16),
        # SOC, then a SIZ segment declaring 40000 × 40000 with one 8-bit component.
        'bad-j2k-bomb.j2k': b'\xff\x4f\xff\x51' + be(41, 2) + be(0, 2) + be(40000, 4) * 2 + be(0, 8) + be(40000, 4) * 2
        + be(0, 8) + be(1, 2) + bytes([7, 1, 1]) + b'\xff\xd9',
    }
    cjxl, opj, cjpeg = shutil.which('cjxl'), shutil.which('opj_compress'), shutil.which('cjpeg')
    dng = os.path.join(HERE, '..', 'Tests', 'Fixtures', 'make-dng.py')
    with tempfile.TemporaryDirectory() as work:
        def path(name):
            return os.path.join(work, name)
        with open(path('in.png'), 'wb') as f:
            f.write(png(12, 8, ctype=6))
        with open(path('rgb.png'), 'wb') as f:
            f.write(png(12, 8))
        with open(path('in.gif'), 'wb') as f:
            f.write(gif(6, 5, frames=3))
        jobs = []
        if cjxl:
            jobs += [('jxl-lossy-12x8.jxl', [cjxl, path('rgb.png'), path('out.jxl'), '-d', '1'], 'out.jxl'),
                     ('jxl-lossless-alpha-12x8.jxl', [cjxl, path('in.png'), path('out.jxl'), '-d', '0'], 'out.jxl'),
                     ('jxl-animated-3-frames-6x5.jxl', [cjxl, path('in.gif'), path('out.jxl'), '-d', '0'], 'out.jxl')]
        if opj:
            jobs += [('jp2-12x8.jp2', [opj, '-i', path('rgb.png'), '-o', path('out.jp2'), '-n', '2'], 'out.jp2'),
                     ('j2k-alpha-12x8.j2k', [opj, '-i', path('in.png'), '-o', path('out.j2k'), '-n', '2'], 'out.j2k')]
        if cjpeg:
            jobs += [('dng-64x48.dng', [sys.executable, dng, path('out.dng')], 'out.dng'),
                     ('dng-no-preview-turned-6.dng', [sys.executable, dng, path('out.dng'), '--no-preview', '--orientation', '6'],
                      'out.dng'),
                     ('bad-dng-bomb.dng', [sys.executable, dng, path('out.dng'), '--declared', '16000x16000'], 'out.dng')]
        else:
            print('note: no cjpeg; DNG seeds skipped', file=sys.stderr)
        if not cjxl or not opj:
            print('note: no cjxl or opj_compress; encoded JPEG XL or JPEG 2000 seeds skipped', file=sys.stderr)
        for name, args, output in jobs:
            if subprocess.run(args, capture_output=True).returncode == 0:
                with open(path(output), 'rb') as f:
                    made[name] = f.read()
            else:
                print(f'note: {name} could not be made', file=sys.stderr)
    return made


# ---------------------------------------------------------------------------
# Hostile files whose cost lies in what they declare: a colour profile's table, an SVG's
# embedded image, an animation's canvas (each refused before a library allocates it)
# ---------------------------------------------------------------------------

def lut16_profile(grid=255, inputs=3, outputs=15):
    """An RGB display profile (ICC v2) whose only tag, A2B0, is a lut16 of `grid` points a
    side, cut short after its input curves: Little CMS zero-filled 497 MB for its table."""
    identity = b''.join(struct.pack('>i', 0x10000 if i % 4 == 0 else 0) for i in range(9))
    curves = struct.pack('>HH', 2, 2) + b''.join(struct.pack('>HH', 0, 0xffff) for _ in range(inputs))
    lut = b'mft2' + bytes(4) + bytes((inputs, outputs, grid, 0)) + identity + curves
    table = struct.pack('>I', 1) + b'A2B0' + struct.pack('>II', 144, len(lut))
    header = bytearray(128)
    header[8:12] = bytes((2, 0x10, 0, 0))
    header[12:24] = b'mntrRGB XYZ '
    header[36:40] = b'acsp'
    header[68:80] = struct.pack('>III', 0xF6D6, 0x10000, 0xD32D)
    header[0:4] = struct.pack('>I', 128 + len(table) + len(lut))
    return bytes(header) + table + lut


def vp8l_one_colour(w, h, rgba):
    """A lossless WebP bitstream of one colour: five one-symbol prefix codes, no image data."""
    acc, count, out = 0, 0, bytearray()
    def write(value, bits):
        nonlocal acc, count
        acc |= (value & ((1 << bits) - 1)) << count
        count += bits
        while count >= 8:
            out.append(acc & 0xff)
            acc >>= 8
            count -= 8
    write(w - 1, 14); write(h - 1, 14); write(0 if rgba[3] == 255 else 1, 1); write(0, 3)
    write(0, 1); write(0, 1); write(0, 1)             # no transform, no colour cache, one code group
    for symbol in (rgba[1], rgba[0], rgba[2], rgba[3], 0):
        write(1, 1); write(0, 1); write(1, 1); write(symbol, 8)
    if count:
        out.append(acc & 0xff)
    return b'\x2f' + bytes(out)


def riff_chunk(tag, payload):
    return tag + struct.pack('<I', len(payload)) + payload + (b'\x00' if len(payload) % 2 else b'')


def le24(v):
    return struct.pack('<I', v)[:3]


def hostile_seeds():
    s = {}
    icc = lut16_profile()
    s['bad-png-icc-lut16-huge-table.png'] = png(4, 4, extra=chunk(b'iCCP', b'icc\x00\x00' + zlib.compress(icc, 9)))
    # A PNG declaring 30000 x 30000 whose data is one row: librsvg decoded it whole (6 GB).
    bomb = PNG_SIG + chunk(b'IHDR', struct.pack('>IIBBBBB', 30000, 30000, 8, 2, 0, 0, 0)) + \
        chunk(b'IDAT', zlib.compress(b'\x00' + b'\x80' * 90000, 9)) + chunk(b'IEND', b'')
    s['bad-svg-data-png-bomb.svg'] = (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                      b'width="100" height="100"><image width="100" height="100" '
                                      b'xlink:href="data:image/png;base64,' + base64.b64encode(bomb) + b'"/></svg>\n')
    # A 16383 x 16383 canvas of two one-pixel frames: libwebp keeps the canvas twice (2 GB).
    body = b'WEBP' + riff_chunk(b'VP8X', bytes((0x02, 0, 0, 0)) + le24(16382) + le24(16382))
    body += riff_chunk(b'ANIM', bytes(4) + struct.pack('<H', 0))
    for colour in ((255, 0, 0, 255), (0, 0, 255, 255)):
        frame = le24(0) + le24(0) + le24(0) + le24(0) + le24(100) + bytes((0x02,))
        body += riff_chunk(b'ANMF', frame + riff_chunk(b'VP8L', vp8l_one_colour(1, 1, colour)))
    s['bad-webp-animated-huge-canvas.webp'] = b'RIFF' + struct.pack('<I', len(body)) + body
    return s


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, 'corpus')
    os.makedirs(folder, exist_ok=True)
    seeds = {}
    for make in (png_seeds, gif_seeds, bmp_seeds, misc_seeds, document_seeds, encoded_seeds, animated_webp_seeds, heif_seeds,
                 decoded_format_seeds, hostile_seeds):
        seeds.update(make())
    total = 0
    for name, data in sorted(seeds.items()):
        with open(os.path.join(folder, name), 'wb') as f:
            f.write(data)
        total += len(data)
        assert len(data) <= 65536, f'{name} is larger than the fuzzer\'s -max_len'
    print(f'{len(seeds)} seeds, {total} bytes, in {folder}')


if __name__ == '__main__':
    main()
