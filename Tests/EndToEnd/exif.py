"""EXIF written byte by byte (little-endian TIFF in a JPEG's APP1 segment), so a test's
camera data does not come from the library that reads it back."""

import struct


def _ifd(tags, offset):
    """One IFD at `offset` from [(tag, type, count, bytes)], its long values after it."""
    tags = sorted(tags)
    entries = struct.pack('<H', len(tags))
    data = b''
    start = offset + 2 + 12 * len(tags) + 4
    for tag, kind, count, value in tags:
        entries += struct.pack('<HHI', tag, kind, count)
        if len(value) <= 4:
            entries += value.ljust(4, b'\0')
        else:
            entries += struct.pack('<I', start + len(data))
            data += value + (b'\0' if len(value) % 2 else b'')
    return entries + struct.pack('<I', 0) + data


def _size(tags, extra=0):
    return 2 + 12 * (len(tags) + extra) + 4 + sum((len(v) + 1) & ~1 for _, _, _, v in tags if len(v) > 4)


def ascii(tag, text):
    value = text.encode() + b'\0'
    return (tag, 2, len(value), value)


def short(tag, n):
    return (tag, 3, 1, struct.pack('<H', n))


def rationals(tag, *pairs):
    return (tag, 5, len(pairs), b''.join(struct.pack('<II', n, d) for n, d in pairs))


CAMERA = dict(
    ifd0=[ascii(0x010F, 'Canon'), ascii(0x0110, 'Canon EOS 5D Mark IV')],
    exif=[rationals(0x829A, (1, 250)), rationals(0x829D, (28, 10)), short(0x8827, 200),
          ascii(0x9003, '2024:05:01 12:34:56'), rationals(0x920A, (50, 1))],
    gps=[(0x0000, 1, 4, bytes([2, 3, 0, 0])), ascii(0x0001, 'N'), rationals(0x0002, (48, 1), (51, 1), (3012, 100)),
         ascii(0x0003, 'E'), rationals(0x0004, (2, 1), (17, 1), (4008, 100))],
)


def tiff(ifd0, exif, gps):
    exif_at = 8 + _size(ifd0, 2)
    gps_at = exif_at + _size(exif)
    first = ifd0 + [(0x8769, 4, 1, struct.pack('<I', exif_at)), (0x8825, 4, 1, struct.pack('<I', gps_at))]
    return b'II*\0' + struct.pack('<I', 8) + _ifd(first, 8) + _ifd(exif, exif_at) + _ifd(gps, gps_at)


def with_exif(jpeg_path, tiff_bytes):
    """Writes `tiff_bytes` into the JPEG at `jpeg_path`, right after its start marker."""
    with open(jpeg_path, 'rb') as f:
        jpeg = f.read()
    payload = b'Exif\0\0' + tiff_bytes
    segment = b'\xff\xe1' + struct.pack('>H', len(payload) + 2) + payload
    with open(jpeg_path, 'wb') as f:
        f.write(jpeg[:2] + segment + jpeg[2:])
    return jpeg_path
