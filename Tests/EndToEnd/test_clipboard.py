"""Copy (BEHAVIOUR F4), read back from the X clipboard as another application would: Ctrl+C
offers the image as PNG pixels and as the file, Ctrl+Shift+C the path as text."""

import os
from urllib.parse import quote

from harness import QUADRANTS, Image, Session, fixture_dir, require_tools, write_quadrants


def test_ctrl_c_offers_the_pixels_and_the_file_and_ctrl_shift_c_the_path():
    require_tools('xclip')
    png = write_quadrants(os.path.join(fixture_dir(), 'copy me.png'), 400, 300)
    with Session() as s:
        app = s.launch([png])
        app.frame('copy me.png')
        s.focus_window('copy me.png')
        s.key('ctrl+c')
        targets = app.wait(lambda: s.clipboard('TARGETS'), 'the clipboard offers the copy').decode()
        for target in ('image/png', 'text/uri-list', 'x-special/gnome-copied-files'):
            assert target in targets.split(), f'{target} in {targets.split()}'

        pasted = os.path.join(fixture_dir(), 'pasted.png')
        with open(pasted, 'wb') as f:
            f.write(s.clipboard('image/png'))
        image = Image.read(pasted)
        assert (image.width, image.height) == (400, 300), (image.width, image.height)
        assert image.pixel(100, 75) == QUADRANTS['top_left'], image.pixel(100, 75)
        assert image.pixel(300, 225) == QUADRANTS['bottom_right'], image.pixel(300, 225)

        uri = 'file://' + quote(os.path.abspath(png))
        assert s.clipboard('text/uri-list').decode().split() == [uri]
        assert s.clipboard('x-special/gnome-copied-files').decode().splitlines() == ['copy', uri]

        s.key('ctrl+shift+c')
        app.wait(lambda: s.clipboard('UTF8_STRING') == os.path.abspath(png).encode(), 'the path as text')
