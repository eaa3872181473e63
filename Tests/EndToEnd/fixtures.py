"""Test images on disk: a temporary folder for them, the quadrant image most tests
open (write_quadrants, colours in QUADRANTS), PDFs written by hand (write_pdf) and
conversion to other formats with ImageMagick. The screen-side checks of the quadrant image
are in screen.py.
"""

import shutil
import subprocess
import tempfile

from images import write_png
from waiting import TIMEOUT, skip

def fixture_dir():
    """A temporary folder for fixtures, removed at exit."""
    d = tempfile.mkdtemp(prefix='iro-e2e-fixtures-')
    import atexit
    atexit.register(shutil.rmtree, d, True)
    return d


QUADRANTS = {  # colour of each quadrant of write_quadrants' image
    'top_left': (230, 30, 30),
    'top_right': (30, 200, 40),
    'bottom_left': (40, 60, 220),
    'bottom_right': (240, 220, 30),
}


def write_quadrants(path, width=400, height=300, colours=QUADRANTS):
    """A width×height PNG of four solid quadrants (colours: QUADRANTS)."""
    hw, hh = width // 2, height // 2
    top = bytes(colours['top_left']) * hw + bytes(colours['top_right']) * (width - hw)
    bottom = bytes(colours['bottom_left']) * hw + bytes(colours['bottom_right']) * (width - hw)
    return write_png(path, width, height, rows=[top] * hh + [bottom] * (height - hh))


def convert_image(src, dst, *options):
    """ImageMagick convert (e.g. PNG → JPEG). Skips the test if convert is missing."""
    exe = shutil.which('convert')
    if not exe:
        skip('ImageMagick convert is not installed')
    subprocess.run([exe, src, *options, dst], check=True, capture_output=True,
                   timeout=TIMEOUT)
    return dst


def write_pdf(path, pages, colours=None, size=(612, 792), links=None):
    """A PDF of `pages` (each a line of ASCII text in Helvetica, 24 points, an inch from the
    left, 600 points up), each page `size` points and filled with its colour from `colours`
    (RGB 0–255; white without), written by hand with its cross-reference table. `links`:
    {page: target page} puts a link over the page's line of text to the target (from 0)."""
    objects = [b'<< /Type /Catalog /Pages 2 0 R >>', None, b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>']
    kids = []
    for index, text in enumerate(pages):
        paint = b''
        if colours:
            r, g, b = (c / 255 for c in colours[index])
            paint = b'%.3f %.3f %.3f rg 0 0 %d %d re f 0 0 0 rg ' % (r, g, b, size[0], size[1])
        content = paint + b'BT /F1 24 Tf 72 600 Td (%s) Tj ET' % text.encode('ascii')
        objects.append(b'<< /Length %d >>\nstream\n%s\nendstream' % (len(content), content))
        annotations = b''
        if links and index in links:
            # Page n is object 5 + 2n: the catalog, the page tree and the font come first,
            # then each page's content and the page.
            annotations = (b' /Annots [<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect [72 590 360 630] '
                           b'/Dest [%d 0 R /Fit] >>]' % (5 + 2 * links[index]))
        objects.append(b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Resources << /Font << /F1 3 0 R >> >> '
                       b'/Contents %d 0 R%s >>' % (size[0], size[1], len(objects), annotations))
        kids.append(b'%d 0 R' % len(objects))
    objects[1] = b'<< /Type /Pages /Kids [%s] /Count %d >>' % (b' '.join(kids), len(kids))
    out = b'%PDF-1.4\n'
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b'%d 0 obj\n%s\nendobj\n' % (number, body)
    table = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1)
    out += b''.join(b'%010d 00000 n \n' % offset for offset in offsets)
    out += b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objects) + 1, table)
    with open(path, 'wb') as f:
        f.write(out)
    return path


def write_tiff(path, pages):
    """A TIFF of several pages, written by hand (little-endian, uncompressed RGB, one strip
    a page): `pages` is a list of (width, height, (r, g, b), orientation), each page solid
    in its colour with its own Orientation tag (1–8)."""
    import struct
    out = bytearray(b'II*\0\0\0\0\0')
    offsets = []
    for width, height, colour, orientation in pages:
        pixels = bytes(colour) * (width * height)
        data_at = len(out)
        out += pixels
        if len(out) % 2:
            out += b'\0'
        bits_at = len(out)
        out += struct.pack('<3H', 8, 8, 8)
        entries = [  # tag, type (3 SHORT, 4 LONG), count, value
            (256, 4, 1, width), (257, 4, 1, height), (258, 3, 3, bits_at), (259, 3, 1, 1), (262, 3, 1, 2),
            (273, 4, 1, data_at), (274, 3, 1, orientation), (277, 3, 1, 3), (278, 4, 1, height),
            (279, 4, 1, len(pixels)), (284, 3, 1, 1),
        ]
        offsets.append(len(out))
        out += struct.pack('<H', len(entries))
        for tag, kind, count, value in entries:
            if kind == 3 and count == 1:
                out += struct.pack('<HHIHH', tag, kind, count, value, 0)
            else:
                out += struct.pack('<HHII', tag, kind, count, value)
        out += b'\0\0\0\0'  # the next page's offset, filled in below
    struct.pack_into('<I', out, 4, offsets[0])
    for here, after in zip(offsets, offsets[1:]):
        count = struct.unpack_from('<H', out, here)[0]
        struct.pack_into('<I', out, here + 2 + 12 * count, after)
    with open(path, 'wb') as f:
        f.write(out)
    return path
