"""Every kind of bad input at once (BEHAVIOUR A7): Iro opened on all of them stays alive,
gives each its own tab with the right error page, and afterwards still opens a good
image sent by a second launch.

The inputs are made here, in pure Python (struct, zlib), in a temporary folder; the
in-process corpus with exact error details is Tests/IroImagingTests/BadInputCorpusTests.
Which tab is selected is read from the window title; a page's error is read from its
labels, hit-tested so that only the page in view counts (the labels of pages in the
background keep stale extents)."""

import os
import struct
import zlib

from harness import Session, fixture_dir, write_quadrants, find_all, hit_test, tab_labels

NOT_FOUND = 'File Not Found'
FOLDER = 'This Is a Folder'
SPECIAL = 'Not a Regular File'
EMPTY = 'The File Is Empty'
FOREIGN = 'Not an Image Iro Can Open'
DAMAGED = 'The Image Is Damaged'
TOO_LARGE = 'The Image Is Too Large'
ERROR_TITLES = {NOT_FOUND, FOLDER, SPECIAL, EMPTY, FOREIGN, DAMAGED, TOO_LARGE,
                'Permission Denied', 'Could Not Read the File'}


def _chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)


def _png(width, height, rows=None, end=True):
    if rows is None:
        rows = b''.join(b'\x00' + bytes(width * 3) for _ in range(height))
    data = (b'\x89PNG\r\n\x1a\n' + _chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)) +
            _chunk(b'IDAT', zlib.compress(rows)))
    return data + (_chunk(b'IEND', b'') if end else b'')


def _bmp(width, height, pixels):
    header = struct.pack('<IiiHHIIiiII', 40, width, height, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    return b'BM' + struct.pack('<IHHI', 54 + len(pixels), 0, 0, 54) + header + pixels


GIF_1X1 = (b'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00'
           b',\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00;')


def _tiff(width, height):
    entries = [(256, 4, width), (257, 4, height), (258, 3, 8), (259, 3, 1), (262, 3, 2),
               (273, 4, 8 + 2 + 12 * 8 + 4), (277, 3, 3), (279, 4, 3)]
    out = b'II*\x00' + struct.pack('<IH', 8, len(entries))
    for tag, kind, value in entries:
        out += struct.pack('<HHIHH', tag, kind, 1, value, 0) if kind == 3 else struct.pack('<HHII', tag, kind, 1, value)
    return out + b'\x00\x00\x00\x00' + b'\x01\x02\x03'


def _ico_cut():
    dib = struct.pack('<IiiHHIIiiII', 40, 16, 32, 1, 32, 0, 0, 0, 0, 0, 0) + b'\x80' * 1088
    return struct.pack('<HHH', 0, 1, 1) + struct.pack('<BBBBHHII', 16, 16, 0, 0, 1, 32, 5000, 22) + dib


def _svg(attributes, body=''):
    return f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}>{body}</svg>'.encode()


def _laughs():
    doctype = '<!DOCTYPE svg [<!ENTITY a0 "lol">' + ''.join(
        f'<!ENTITY a{i} "{("&a%d;" % (i - 1)) * 10}">' for i in range(1, 11)) + ']>'
    return ('<?xml version="1.0"?>' + doctype +
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a10;</text></svg>').encode()


def _jpeg_with_bad_huffman_table():
    """A JPEG from gdk-pixbuf (PyGObject), its first DHT claiming 304 codes; None
    without PyGObject."""
    try:
        import gi
        gi.require_version('GdkPixbuf', '2.0')
        from gi.repository import GdkPixbuf
    except (ImportError, ValueError):
        return None
    pixbuf = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, 16, 16)
    pixbuf.fill(0x3080c0ff)
    _, data = pixbuf.save_to_bufferv('jpeg', [], [])
    data = bytearray(data)
    dht = data.index(b'\xff\xc4')
    data[dht + 5:dht + 21] = b'\x13' * 16
    return bytes(data)


def make_bad_inputs(folder):
    """(file name, expected error title) in the order they are opened; writes them."""
    good_png = _png(8, 8)
    cases = [
        ('missing.png', NOT_FOUND, None),
        ('empty.png', EMPTY, b''),
        ('notes.png', FOREIGN, b'just some text, not an image\n'),
        # A PDF is read by its content whatever its name (BEHAVIOUR G1): cut short, damaged.
        ('name with spaces.jpg', DAMAGED, b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'),
        ('truncated.png', DAMAGED, good_png[:len(good_png) // 2]),
        ('no-iend.png', DAMAGED, _png(8, 8, end=False)),
        ('rows-missing.png', DAMAGED, _png(4, 64, rows=b'\x00' * 13 * 4)),
        ('bomb.png', TOO_LARGE, b'\x89PNG\r\n\x1a\n' + _chunk(b'IHDR', struct.pack('>IIBBBBB', 100000, 100000, 8, 2, 0, 0, 0)) + _chunk(b'IEND', b'')),
        ('bomb.bmp', TOO_LARGE, _bmp(100000, 100000, b'\x00' * 4)),
        ('hollow.bmp', DAMAGED, _bmp(16000, 16000, b'\x00' * 4)),
        ('cut.gif', DAMAGED, GIF_1X1[:26]),
        ('bomb.gif', TOO_LARGE, GIF_1X1[:6] + b'\xff\xff\xff\xff' + GIF_1X1[10:]),
        ('bomb.tif', TOO_LARGE, _tiff(30000, 30000)),
        ('bomb.xpm', TOO_LARGE, b'/* XPM */\nstatic char *b[] = {\n"30000 30000 1 1",\n"a c #ff0000",\n"aaaa"};\n'),
        ('cut.ppm', DAMAGED, b'P6\n40 30\n255\n' + b'\x09' * 100),
        ('cut.ico', DAMAGED, _ico_cut()),
        ('bomb.svg', TOO_LARGE, _svg('width="100000" height="100000"')),
        ('viewbox-bomb.svg', TOO_LARGE, _svg('viewBox="0 0 100000 100000"', '<rect width="5" height="5"/>')),
        ('broken.svg', DAMAGED, b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5"'),
        ('laughs.svg', DAMAGED, _laughs()),
        ('zero.svg', DAMAGED, _svg('width="0" height="0"')),
        ('фото 写真 🌈.png', DAMAGED, good_png[:40]),
        ('folder.png', FOLDER, 'dir'),
        ('pipe.png', SPECIAL, 'fifo'),
        ('dangling.png', NOT_FOUND, 'symlink'),
    ]
    huffman = _jpeg_with_bad_huffman_table()
    if huffman is not None:
        cases.append(('huffman.jpg', DAMAGED, huffman))
    for name, _, content in cases:
        path = os.path.join(folder, name)
        if content is None:
            continue
        if content == 'dir':
            os.mkdir(path)
        elif content == 'fifo':
            os.mkfifo(path)
        elif content == 'symlink':
            os.symlink(os.path.join(folder, 'gone.png'), path)
        else:
            with open(path, 'wb') as f:
                f.write(content)
    return [(name, title) for name, title, _ in cases]


def _page_in_view(app, frame, name, title):
    """The selected page's description label (it starts with “name”) and its title
    label, both in view; None until then."""
    labels = find_all(frame, 'label')
    descriptions = [n for n in labels if (n.name or '').startswith(f'\u201c{name}\u201d') and hit_test(frame, n)]
    titles = [n for n in labels if n.name == title and hit_test(frame, n)]
    return (descriptions[0], titles[0]) if descriptions and titles else None


def test_all_bad_inputs_at_once_each_get_their_error_and_a_good_image_still_opens():
    folder = fixture_dir()
    cases = make_bad_inputs(folder)
    names = [name for name, _ in cases]
    # A file whose name is not UTF-8 (byte 0xFF) holding a good PNG: file names are
    # bytes, so it opens like any other.
    invalid = os.path.join(os.fsencode(folder), b'bad\xff.png')
    with open(invalid, 'wb') as f:
        f.write(_png(8, 8))
    good = write_quadrants(os.path.join(folder, 'good.png'), 240, 180)

    with Session() as s:
        app = s.launch([os.path.join(folder, n) for n in names] + [invalid])
        frame = app.frame(names[0], timeout=20)
        count = len(names) + 1
        labels = app.wait(lambda: (lambda t: t if len(t) >= count else None)(tab_labels(app)),
                          f'{count} tab labels', timeout=20)
        assert labels[:len(names)] == names, f'tab labels: {labels}'
        invalid_label = labels[len(names)]
        assert app.alive(), 'iro exited'

        # Visit every tab: its title is the window's, its page says why.
        s.focus_window(names[0])
        for index, (name, title) in enumerate(cases):
            if index:
                s.key('ctrl+Page_Down')
            frame = app.frame(name)
            app.wait(lambda: _page_in_view(app, frame, name, title),
                     f'the error page of {name!r} titled {title!r} in view')
        # The name that is not UTF-8: its tab shows U+FFFD in place of the byte, its page the image.
        s.key('ctrl+Page_Down')
        frame = app.frame(invalid_label)
        assert '\ufffd' in invalid_label, f'tab label {invalid_label!r}'

        def invalid_page():
            if find_all(frame, 'image', invalid_label):
                return 'the image'
            titles = [n.name for n in find_all(frame, 'label') if n.name in ERROR_TITLES and hit_test(frame, n)]
            return f'the error page "{titles[0]}"' if titles else None
        shown = app.wait(invalid_page, f'the page of {invalid_label!r}')
        assert shown == 'the image', f'a file named b"bad\\xff.png" shows {shown}'
        assert app.alive(), 'iro exited while showing the bad inputs'

        # A good image still opens: a second launch hands it to this instance.
        second = s.launch([good])
        second.wait_exit(timeout=10)
        frame = app.frame('good.png')
        app.find('image', 'good.png', root=frame)
        labels = app.wait(lambda: (lambda t: t if 'good.png' in t else None)(tab_labels(app)),
                          'a tab labelled good.png')
        assert len(labels) == count + 1, f'tab labels after the good image: {labels}'
        assert app.alive(), 'iro exited'


# It visits some twenty tabs through the accessibility tree: about 40 s on an idle machine
# and 50–60 s with both cores busy, which the runner's usual 60 s would end as hung.
test_all_bad_inputs_at_once_each_get_their_error_and_a_good_image_still_opens.hang_limit = 150
