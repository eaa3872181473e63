"""The whole folder as a user sees it (BEHAVIOUR H1, H2): the thumbnail strip under the
image follows stepping and a click jumps; the grid opens on the current image, its keys,
type-to-find and Enter work, and it follows files added to the folder; the thumbnails go
into the desktop's cache as the freedesktop standard says, one already there is used
without decoding the image, and files that cannot be decoded become placeholders without
stopping the grid."""

import os
import shutil
import urllib.parse

from exif import ascii, tiff, with_exif
from harness import Session, convert_image, find_all, fixture_dir, require_tools, states
from images import close_enough, png_text, write_png

COLOURS = [(220, 30, 30), (30, 200, 40), (40, 60, 220), (240, 220, 30), (200, 40, 200), (30, 200, 200)]
CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Fuzz', 'corpus')


def _folder(count=len(COLOURS)):
    """c1.png … cN.png, each of one colour of COLOURS."""
    d = os.path.join(fixture_dir(), 'colours')
    os.makedirs(d, exist_ok=True)
    for i, colour in enumerate(COLOURS[:count]):
        write_png(os.path.join(d, f'c{i + 1}.png'), 120, 80, lambda x, y, c=colour: c)
    return d


def _position(frame):
    labels = [n.name for n in find_all(frame, 'label') if ' / ' in (n.name or '')]
    return labels[0] if labels else None


def _cells(app, frame, role, container):
    """The view's cells, in order, and the file name each shows (its panel's name)."""
    view = app.find(container, 'Images in This Folder', root=frame)
    cells = [n for n in find_all(view, role)]
    return [(cell, next((c.name for c in find_all(cell, 'panel') if c.name), None)) for cell in cells]


def _selected(app, frame, role, container):
    return [name for cell, name in _cells(app, frame, role, container) if 'selected' in states(cell)]


def _open(s, folder, name, position, key):
    """Iro on `name` of `folder`, once the folder is listed (the header at `position`), then `key`."""
    app = s.launch([os.path.join(folder, name)])
    frame = app.frame(name)
    s.focus_window(name)
    app.wait(lambda: _position(frame) == position, f'the folder listed, {name} at {position}')
    s.key(key)
    return app, frame


def _centre_colour(s, app, frame, cell):
    x, y, w, h = app.screen_extents(cell, frame)
    return s.pixel(x + w // 2, y + h // 2 - (8 if h > 120 else 0))


def test_the_strip_follows_stepping_and_a_click_jumps():
    folder = _folder()
    with Session() as s:
        app, frame = _open(s, folder, 'c2.png', '2 / 6', 't')
        strip = lambda: _selected(app, frame, 'list item', 'list')
        app.wait(lambda: strip() == ['c2.png'], 'the strip shows, c2.png selected')
        # Each cell shows its file's thumbnail: the colour of that file.
        for index in (0, 1, 4):
            app.wait(lambda: close_enough(_centre_colour(s, app, frame, _cells(app, frame, 'list item', 'list')[index][0]),
                                          COLOURS[index], 24), f"c{index + 1}.png's thumbnail in the strip")
        s.key('Right')
        app.wait(lambda: strip() == ['c3.png'] and _position(frame) == '3 / 6', 'Right steps, and the strip follows')
        canvas = app.find('image', 'c3.png', root=frame)
        app.wait(lambda: 'focused' in states(canvas), 'the image keeps the keyboard focus')
        fifth = _cells(app, frame, 'list item', 'list')[4][0]
        x, y, w, h = app.screen_extents(fifth, frame)
        s.click(x + w // 2, y + h // 2)
        app.wait(lambda: _position(frame) == '5 / 6' and app.frame('c5.png') is not None, 'a click on the fifth shows c5.png')
        app.wait(lambda: strip() == ['c5.png'], 'the strip follows the click')
        s.key('Left')  # the click left the keys with the image
        app.wait(lambda: _position(frame) == '4 / 6', 'Left steps back after the click')
        # Toggled off, it goes: where the fifth thumbnail was, the window's background.
        s.key('t')
        app.wait(lambda: max(s.pixel(x + w // 2, y + h // 2)) - min(s.pixel(x + w // 2, y + h // 2)) < 16, 'the strip hidden')


def test_the_grid_opens_on_the_current_image_and_its_keys_and_enter_work():
    folder = _folder()
    with Session() as s:
        app, frame = _open(s, folder, 'c3.png', '3 / 6', 'g')
        grid = lambda: _selected(app, frame, 'table cell', 'table')
        app.wait(lambda: grid() == ['c3.png'], 'the grid, on c3.png')
        cell = lambda name: next(c for c, n in _cells(app, frame, 'table cell', 'table') if n == name)
        app.wait(lambda: 'focused' in states(cell('c3.png')), 'c3.png has the keyboard focus')
        app.wait(lambda: close_enough(_centre_colour(s, app, frame, cell('c6.png')), COLOURS[5], 24), "c6.png's thumbnail")
        s.key('Right')
        app.wait(lambda: grid() == ['c4.png'], 'Right selects the next')
        s.key('End')
        app.wait(lambda: grid() == ['c6.png'], 'End selects the last')
        s.key('Home')
        app.wait(lambda: grid() == ['c1.png'], 'Home selects the first')
        s.key('Right')
        s.key('Return')
        app.wait(lambda: _position(frame) == '2 / 6' and app.frame('c2.png') is not None, 'Enter opens c2.png')
        canvas = app.find('image', 'c2.png', root=frame)
        app.wait(lambda: 'focused' in states(canvas), 'the image has the keys again')
        app.wait(lambda: close_enough(_centre_colour(s, app, frame, canvas), COLOURS[1], 24), 'c2.png in place of the grid')
        # The image selected is the tab's: Delete moves it to the trash, the selection
        # goes on to the next, and Esc goes back to the image selected.
        s.key('g')
        app.wait(lambda: grid() == ['c2.png'], 'the grid again, on c2.png')
        s.key('Right')
        app.wait(lambda: grid() == ['c3.png'] and _position(frame) == '3 / 6', 'Right selects c3.png, the tab shows it')
        s.key('Delete')
        app.wait(lambda: not os.path.exists(os.path.join(folder, 'c3.png')), 'c3.png moved to the trash')
        app.wait(lambda: 'c3.png' not in [n for _, n in _cells(app, frame, 'table cell', 'table')], 'and gone from the grid')
        app.wait(lambda: grid() == ['c4.png'], 'the selection on the next, c4.png')
        s.key('Escape')
        canvas = app.find('image', 'c4.png', root=frame)
        app.wait(lambda: close_enough(_centre_colour(s, app, frame, canvas), COLOURS[3], 24), 'Esc: c4.png shown')
        assert _position(frame) == '3 / 5'


def test_type_to_find_and_a_file_added_while_the_grid_is_open():
    folder = _folder(4)
    with Session() as s:
        app, frame = _open(s, folder, 'c1.png', '1 / 4', 'g')
        grid = lambda: _selected(app, frame, 'table cell', 'table')
        app.wait(lambda: grid() == ['c1.png'], 'the grid, on c1.png')
        s.type('c3')
        app.wait(lambda: grid() == ['c3.png'], 'typing "c3" selects c3.png')
        write_png(os.path.join(folder, 'new arrival.png'), 90, 60, lambda x, y: (250, 140, 0))
        app.wait(lambda: [n for _, n in _cells(app, frame, 'table cell', 'table')][-1] == 'new arrival.png',
                 'the file added shows in the grid')
        assert grid() == ['c3.png'], 'the selection stays on its file'
        s.key('Left')  # moving on ends the name typed: the next letters start another
        app.wait(lambda: grid() == ['c2.png'], 'Left selects c2.png')
        s.type('arr')  # a part of the name: the first name holding it
        app.wait(lambda: grid() == ['new arrival.png'], 'typing "arr" selects "new arrival.png"')
        s.key('Return')
        app.wait(lambda: app.frame('new arrival.png') is not None and _position(frame) == '5 / 5', 'Enter opens it')


def test_thumbnails_go_into_the_desktop_cache_and_one_there_is_used_as_it_is():
    folder = _folder(3)
    # A file no decoder can read, whose thumbnail the file manager made: only the cache
    # can give its cell a picture.
    fake = os.path.join(folder, 'c4.png')
    with open(fake, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + bytes(200))
    with Session() as s:
        cache = os.path.join(s.tmp, 'home', '.cache', 'thumbnails')

        def uri(path):
            return 'file://' + urllib.parse.quote(os.path.abspath(path))

        def cached(path, size='large'):
            import hashlib
            return os.path.join(cache, size, hashlib.md5(uri(path).encode()).hexdigest() + '.png')

        os.makedirs(os.path.join(cache, 'large'), exist_ok=True)
        info = os.stat(fake)
        write_png(cached(fake), 96, 64, lambda x, y: (250, 0, 250),
                  text={'Thumb::URI': uri(fake), 'Thumb::MTime': str(int(info.st_mtime)), 'Thumb::Size': str(info.st_size)})
        app, frame = _open(s, folder, 'c1.png', '1 / 4', 'g')
        cell = lambda name: next(c for c, n in _cells(app, frame, 'table cell', 'table') if n == name)
        app.wait(lambda: close_enough(_centre_colour(s, app, frame, cell('c4.png')), (250, 0, 250), 24),
                 "c4.png's cell shows the cached thumbnail")
        for index in range(3):
            path = os.path.join(folder, f'c{index + 1}.png')
            app.wait(lambda: os.path.exists(cached(path)), f'a thumbnail of c{index + 1}.png in the cache')
            text = png_text(cached(path))
            info = os.stat(path)
            assert text.get('Thumb::URI') == uri(path), text
            assert text.get('Thumb::MTime') == str(int(info.st_mtime)), text
            assert text.get('Thumb::Size') == str(info.st_size), text
            assert max(text['width'], text['height']) <= 256 and (text['width'], text['height']) == (120, 80), text
            assert os.stat(cached(path)).st_mode & 0o777 == 0o600
            assert close_enough(_centre_colour(s, app, frame, cell(f'c{index + 1}.png')), COLOURS[index], 24)
        assert not os.path.exists(os.path.join(cache, 'fail')), 'no failure recorded: c4.png was never decoded'


def test_files_that_cannot_be_decoded_become_placeholders_and_the_grid_keeps_working():
    folder = _folder(2)
    bad = sorted(name for name in os.listdir(CORPUS) if name.startswith('bad-'))[:8]
    for name in bad:
        shutil.copy(os.path.join(CORPUS, name), os.path.join(folder, name))
    with Session() as s:
        app = s.launch([os.path.join(folder, 'c1.png')])
        frame = app.frame('c1.png')
        s.focus_window('c1.png')
        app.wait(lambda: _position(frame) is not None, 'the folder listed')
        s.key('g')
        grid = lambda: _selected(app, frame, 'table cell', 'table')
        app.wait(lambda: grid() == ['c1.png'], 'the grid, on c1.png')
        failures = os.path.join(s.tmp, 'home', '.cache', 'thumbnails', 'fail', 'iro-1')
        app.wait(lambda: os.path.isdir(failures) and len(os.listdir(failures)) >= 4, 'failure entries for the bad files')
        cells = _cells(app, frame, 'table cell', 'table')
        # A bad file's cell shows the grey broken-image placeholder, not a picture.
        first_bad = next(cell for cell, name in cells if name in bad)
        app.wait(lambda: (lambda c: max(c) - min(c) < 16)(_centre_colour(s, app, frame, first_bad)), 'a grey placeholder')
        s.key('End')
        app.wait(lambda: grid() == [cells[-1][1]], 'End still moves the selection')
        s.type('c2')
        app.wait(lambda: grid() == ['c2.png'], 'typing still finds')
        s.key('Return')
        app.wait(lambda: app.frame('c2.png') is not None, 'Enter still opens')
        assert app.alive()


def test_sort_by_size_orders_the_grid_and_the_steps():
    folder = os.path.join(fixture_dir(), 'sizes')
    os.makedirs(folder)
    # Noise compresses badly: the larger the image, the larger the file.
    for name, side in [('a.png', 90), ('b.png', 30), ('c.png', 60)]:
        write_png(os.path.join(folder, name), side, side, lambda x, y: ((x * 97 + y * 31) % 251, (x * y) % 253, (x + 7 * y) % 241))
    with Session() as s:
        app, frame = _open(s, folder, 'b.png', '2 / 3', 'g')
        names = lambda: [n for _, n in _cells(app, frame, 'table cell', 'table')]
        app.wait(lambda: names() == ['a.png', 'b.png', 'c.png'], 'by name first')
        choice = app.find('combo box', 'Sort by', root=frame)
        x, y, w, h = app.screen_extents(choice, frame)
        s.click(x + w // 2, y + h // 2)
        app.wait(lambda: app.find_all('label', 'Size'), 'the order choices')
        s.key('Down', 'Down', 'Down', 'Return')  # Name, Date Taken, Date Modified, Size
        app.wait(lambda: names() == ['b.png', 'c.png', 'a.png'], 'smallest first')
        kept = os.path.join(s.app_env()['XDG_CONFIG_HOME'], 'iro', 'window-state.ini')
        app.wait(lambda: os.path.exists(kept) and 'folder-sort=size' in open(kept).read(), 'the order kept')
        # The steps follow the same order: b.png is first now, c.png after it.
        grid = lambda: _selected(app, frame, 'table cell', 'table')
        app.wait(lambda: grid() == ['b.png'], 'still on b.png')
        s.key('Escape')
        app.wait(lambda: _position(frame) == '1 / 3', 'b.png is 1 / 3 by size')
        s.key('Right')
        app.wait(lambda: app.frame('c.png') is not None and _position(frame) == '2 / 3', 'Right: c.png, the next by size')


def test_in_fullscreen_the_strip_waits_for_the_pointer_at_the_bottom_edge():
    folder = _folder()
    with Session() as s:
        s.start_window_manager()
        app, frame = _open(s, folder, 'c2.png', '2 / 6', 't')
        strip = lambda: _selected(app, frame, 'list item', 'list')
        app.wait(lambda: strip() == ['c2.png'], 'the strip shows')
        fifth = lambda: _cells(app, frame, 'list item', 'list')[4][0]
        app.wait(lambda: close_enough(_centre_colour(s, app, frame, fifth()), COLOURS[4], 24), "c5.png's thumbnail in the strip")
        width, height = s.size[:2]
        s.mousemove(width // 2, height // 2)
        s.key('F11')
        canvas = app.find('image', 'c2.png', root=frame)
        # Full screen, the image area reaches the bottom: the strip is hidden.
        app.wait(lambda: sum(app.screen_extents(canvas, frame)[1::2]) >= height - 10, 'the image area down to the bottom edge')
        s.mousemove(width // 2, height - 1)
        app.wait(lambda: sum(app.screen_extents(canvas, frame)[1::2]) < height - 40, 'the pointer at the bottom edge: the strip')
        x, y, w, h = app.screen_extents(fifth(), frame)
        assert y + h <= height and close_enough(s.pixel(x + w // 2, y + h // 2), COLOURS[4], 24)
        s.mousemove(width // 2, height // 2)
        app.wait(lambda: sum(app.screen_extents(canvas, frame)[1::2]) >= height - 10, 'the pointer gone up: hidden again')


def test_several_selected_go_to_the_trash_together_and_come_back_with_one_undo():
    require_tools('xclip')
    folder = _folder()
    with Session() as s:
        app, frame = _open(s, folder, 'c2.png', '2 / 6', 'g')
        grid = lambda: _selected(app, frame, 'table cell', 'table')
        app.wait(lambda: grid() == ['c2.png'], 'the grid, on c2.png')
        s.key('shift+Right', 'shift+Right')
        app.wait(lambda: grid() == ['c2.png', 'c3.png', 'c4.png'], 'Shift+Right twice: three selected')
        s.key('ctrl+shift+c')
        app.wait(lambda: s.clipboard_text() == '\n'.join(os.path.join(folder, f'c{n}.png') for n in (2, 3, 4)),
                 'Copy Path: the three paths')
        s.key('Delete')
        gone = [os.path.join(folder, f'c{n}.png') for n in (2, 3, 4)]
        app.wait(lambda: not any(os.path.exists(p) for p in gone), 'all three moved to the trash')
        app.wait(lambda: [n for _, n in _cells(app, frame, 'table cell', 'table')] == ['c1.png', 'c5.png', 'c6.png'], 'and gone from the grid')
        app.wait(lambda: _position(frame) == '2 / 3' and app.frame('c5.png') is not None, 'the tab on the next one left, c5.png')
        app.find('label', '3 images moved to the trash', root=frame)
        # libadwaita 1.2 names the toast's button by its mnemonic and its label: "_Undo Undo".
        undo = app.wait(lambda: next((n for n in find_all(frame, 'push button') if (n.name or '').endswith('Undo')), None),
                        "the toast's Undo")
        x, y, w, h = app.screen_extents(undo, frame)
        s.click(x + w // 2, y + h // 2)
        app.wait(lambda: all(os.path.exists(p) for p in gone), 'one Undo puts all three back')
        app.wait(lambda: len(_cells(app, frame, 'table cell', 'table')) == 6, 'back in the grid')
        assert len(app.frames()) == 1 and len(find_all(frame, 'page tab')) <= 1, 'no tab opened for each'


def test_sort_by_date_taken_puts_the_photos_in_the_order_they_were_taken():
    folder = os.path.join(fixture_dir(), 'taken')
    os.makedirs(folder)
    # Names in one order, dates taken in another; one photo without a date goes last.
    for name, taken in [('a.jpg', '2023:06:01 10:00:00'), ('b.jpg', '2021:01:01 09:00:00'), ('c.jpg', None),
                        ('d.jpg', '2022:03:04 05:06:07')]:
        jpeg = convert_image(write_png(os.path.join(folder, name + '.png'), 60, 40, lambda x, y: (90, 90, 200)),
                             os.path.join(folder, name))
        os.remove(os.path.join(folder, name + '.png'))
        if taken:
            with_exif(jpeg, tiff(ifd0=[], exif=[ascii(0x9003, taken)], gps=[]))
    with Session() as s:
        app, frame = _open(s, folder, 'a.jpg', '1 / 4', 'g')
        names = lambda: [n for _, n in _cells(app, frame, 'table cell', 'table')]
        app.wait(lambda: names() == ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'], 'by name first')
        choice = app.find('combo box', 'Sort by', root=frame)
        x, y, w, h = app.screen_extents(choice, frame)
        s.click(x + w // 2, y + h // 2)
        app.wait(lambda: app.find_all('label', 'Date Taken'), 'the order choices')
        s.key('Down', 'Return')
        app.wait(lambda: names() == ['b.jpg', 'd.jpg', 'a.jpg', 'c.jpg'], 'oldest taken first, the one without a date last')
        s.key('Escape')
        app.wait(lambda: _position(frame) == '3 / 4', 'a.jpg is third by date taken')
