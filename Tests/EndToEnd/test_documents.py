"""A PDF as a user reads it (BEHAVIOUR G1–G7, G10), with real keys and the pointer: the header's
page indicator, Page Down through the pages, typing a page number after Ctrl+L, Ctrl+F
finding a word on a later page, and text selected with a drag and copied."""

import os
import subprocess

from harness import TIMEOUT, Session, close_enough, find_all, fixture_dir, require_tools, states, write_pdf, write_tiff


def _page(frame):
    """The page indicator's number, from the entry's accessible name ("Page 3 of 4")."""
    names = [n.name for n in find_all(frame, 'text') if (n.name or '').startswith('Page ')]
    return names[0].split()[1] if names else None


def test_page_keys_a_typed_page_number_and_a_search_move_through_a_pdf():
    path = os.path.join(fixture_dir(), 'book.pdf')
    write_pdf(path, ['First page', 'Second page', 'Third page with the word needle', 'Fourth page'])
    with Session() as s:
        app = s.launch([path])
        frame = app.frame('book.pdf')
        s.focus_window('book.pdf')
        app.wait(lambda: _page(frame) == '1', 'the page indicator at 1')
        app.find('label', '/ 4', root=frame)

        s.key('Page_Down')
        app.wait(lambda: _page(frame) == '2', 'Page Down: page 2')
        s.key('End')
        app.wait(lambda: _page(frame) == '4', 'End: the last page')
        s.key('ctrl+l')
        s.xdotool('type', '3')
        s.key('Return')
        app.wait(lambda: _page(frame) == '3', 'typed 3: page 3')
        s.key('Home')
        app.wait(lambda: _page(frame) == '1', 'Home: the first page')

        s.key('ctrl+f')
        search = app.find('entry', 'Find in Document', root=frame)
        s.xdotool('type', 'needle')
        app.wait(lambda: any(n.name == '1 of 1' for n in find_all(frame, 'label')), 'the search found the word once')
        app.wait(lambda: _page(frame) == '3', 'on page 3, now shown')
        s.key('Escape')
        app.wait(lambda: not any(n.name == '1 of 1' for n in find_all(frame, 'label')), 'the search bar closed')
        assert search is not None


def _ink(shot, x, y, w, h):
    """The box (left, top, right, bottom) of the first line of dark pixels (text) within the
    area, from its top: the rows with ink until the first without."""
    rows = []
    for py in range(y, y + h, 2):
        dark = [px for px in range(x, x + w, 2) if max(shot.pixel(px, py)) < 90]
        if dark:
            rows.append((py, min(dark), max(dark)))
        elif rows:
            break
    if not rows:
        return None
    return min(r[1] for r in rows), rows[0][0], max(r[2] for r in rows), rows[-1][0]


def test_text_dragged_over_is_selected_and_copied():
    require_tools('xclip')
    path = os.path.join(fixture_dir(), 'words.pdf')
    write_pdf(path, ['Copy these words'])
    with Session() as s:
        app = s.launch([path])
        frame = app.frame('words.pdf')
        (cx, cy, cw, ch), _ = _canvas_area(s, frame, app, 'words.pdf')
        box = app.wait(lambda: _ink(s.screenshot(), cx, cy, cw, ch), 'the page drawn with its text')
        left, top, right, bottom = box
        middle = (top + bottom) // 2

        # Over the text, once the page's text is read, the pointer is the text cursor, not the
        # pan's hand it is over the blank page. (The session has no cursor theme to name them:
        # their images are compared, in two rounds alike, each move seen as it may lag one.)
        nudge = [0]

        def cursor_at(x, y):
            nudge[0] ^= 1
            s.mousemove(x + nudge[0], y)
            return s.cursor_pixels()

        rounds = []

        def text_cursor():
            rounds.append((cursor_at(left, bottom + 80), cursor_at(left + 4, middle)))
            return len(rounds) > 1 and rounds[-1] == rounds[-2] and rounds[-1][0] != rounds[-1][1]

        app.wait(text_cursor, 'the text cursor over the text')
        white = s.pixel(left + 4, top - 2)
        s.xdotool('mousedown', 1)
        try:
            for step in range(1, 11):
                s.mousemove(left + 2 + (right - left) * step // 10, middle)
        finally:
            s.xdotool('mouseup', 1)
        # The selection shows in blue over the white page around the letters.
        app.wait(lambda: (lambda p: p[2] > p[0] + 30)(s.pixel((left + right) // 2, top + 1)),
                 f'the words highlighted (the page was {white})')
        s.key('ctrl+c')
        app.wait(lambda: (s.clipboard_text() or '').strip() == 'Copy these words', 'the words on the clipboard')

        # A click beside the text clears the selection; Ctrl+A selects the page's text again.
        s.click(left, bottom + 80)
        app.wait(lambda: max(s.pixel((left + right) // 2, top + 1)) == min(s.pixel((left + right) // 2, top + 1)),
                 'the highlight gone')
        s.key('ctrl+a')
        app.wait(lambda: (lambda p: p[2] > p[0] + 30)(s.pixel((left + right) // 2, top + 1)), 'all selected')


def test_continuous_pages_scroll_across_page_boundaries():
    path = os.path.join(fixture_dir(), 'stack.pdf')
    write_pdf(path, ['First page', 'Second page', 'Third page', 'Fourth page'])
    with Session() as s:
        app = s.launch([path])
        frame = app.frame('stack.pdf')
        wx, wy, ww, wh = s.window_geometry(s.focus_window('stack.pdf'))
        app.wait(lambda: _page(frame) == '1', 'the page indicator at 1')
        s.key('c')
        pages = app.find('document text', 'stack.pdf', root=frame)
        px, py, pw, ph = app.screen_extents(pages, frame)
        ph = min(ph, wy + wh - py)
        x = px + pw // 2

        def gaps():
            """Where down the middle of the view a page ends and the next begins: a run of
            the backdrop between two runs of white paper."""
            shot = s.screenshot()
            column = [shot.pixel(x, y) for y in range(py, py + ph)]
            runs = []
            for y, pixel in enumerate(column):
                kind = 'paper' if min(pixel) > 250 else 'other'
                if not runs or runs[-1][0] != kind:
                    runs.append([kind, y, y])
                runs[-1][2] = y
            return [(a[2], b[1]) for a, g, b in zip(runs, runs[1:], runs[2:])
                    if a[0] == 'paper' and b[0] == 'paper' and g[0] == 'other' and 8 <= g[2] - g[1] + 1 <= 40]

        # The wheel scrolls down through page one into page two: both show, the gap between
        # them, and the indicator follows.
        s.mousemove(x, py + ph // 2)
        app.wait(lambda: (s.xdotool('click', '5'), _page(frame) == '2')[1], 'scrolled on to page 2')
        assert gaps(), 'two pages in view with the gap between them'
        s.key('End')
        app.wait(lambda: _page(frame) == '4', 'End: the last page')
        s.key('Home')
        app.wait(lambda: _page(frame) == '1', 'Home: the first page')


def _canvas_area(s, frame, app, name):
    """The canvas's screen extents, within the window (the screen around it is black)."""
    wx, wy, ww, wh = s.window_geometry(s.focus_window(name))
    canvas = app.find('image', name, root=frame)
    cx, cy, cw, ch = app.screen_extents(canvas, frame)
    return (cx, cy, min(cw, wx + ww - cx), min(ch, wy + wh - cy)), canvas


def _ink_rows(s, frame, app, name):
    """The canvas's screen extents (within the window) and the box of its first line of text."""
    (cx, cy, cw, ch), _ = _canvas_area(s, frame, app, name)
    return (cx, cy, cw, ch), app.wait(lambda: _ink(s.screenshot(), cx, cy, cw, ch), 'the page drawn with its text')


def test_a_thumbnail_and_an_internal_link_go_to_their_pages():
    path = write_pdf(os.path.join(fixture_dir(), 'linked.pdf'), ['Go to page three', 'Two', 'Three', 'Four'], links={0: 2})
    with Session() as s:
        app = s.launch([path])
        frame = app.frame('linked.pdf')
        s.focus_window('linked.pdf')
        app.wait(lambda: _page(frame) == '1', 'the page indicator at 1')

        # The link over page one's line of text: a click goes to page three.
        _, (left, top, right, bottom) = _ink_rows(s, frame, app, 'linked.pdf')
        s.click((left + right) // 2, (top + bottom) // 2)
        app.wait(lambda: _page(frame) == '3', 'the link went to page three')

        # The sidebar's fourth thumbnail: a click shows page four.
        pages = app.find('list', 'Pages', root=frame)
        fourth = app.wait(lambda: next((n for n in find_all(pages, 'list item') if n.getIndexInParent() == 3), None),
                          "page four's thumbnail")
        x, y, w, h = app.screen_extents(fourth, frame)
        s.click(x + w // 2, y + h // 2)
        app.wait(lambda: _page(frame) == '4', 'the thumbnail went to page four')


def test_a_locked_pdf_asks_for_its_password_and_says_when_it_is_wrong():
    require_tools('qpdf')
    plain = write_pdf(os.path.join(fixture_dir(), 'plain.pdf'), ['Secret page'])
    path = os.path.join(fixture_dir(), 'locked.pdf')
    subprocess.run(['qpdf', '--encrypt', 'sesame', 'owner-sesame', '256', '--', plain, path], check=True, timeout=TIMEOUT)
    with Session() as s:
        app = s.launch([path])
        frame = app.frame('locked.pdf')
        s.focus_window('locked.pdf')
        app.find('password text', 'Password', root=frame)
        app.find('label', 'This Document Is Protected', root=frame)
        s.xdotool('type', 'wrong')
        s.key('Return')
        app.find('label', lambda name: 'The password is not the document’s' in (name or ''), root=frame)
        app.find('password text', 'Password', root=frame)
        s.xdotool('type', 'sesame')
        s.key('Return')
        app.wait(lambda: not any('showing' in states(n) for n in find_all(frame, 'password text')), 'the password page gone')
        # The page itself: its line of text drawn.
        _ink_rows(s, frame, app, 'locked.pdf')


def _region(s, area, colour):
    """The box (width, height) of the pixels close to `colour` within the area (x, y, w, h)."""
    x, y, w, h = area
    shot = s.screenshot()
    hits = [(px, py) for py in range(y, y + h, 3) for px in range(x, x + w, 3) if close_enough(shot.pixel(px, py), colour)]
    if not hits:
        return None
    return max(p[0] for p in hits) - min(p[0] for p in hits), max(p[1] for p in hits) - min(p[1] for p in hits)


def test_a_tiff_of_pages_shows_each_with_its_own_size_and_orientation():
    red, blue = (220, 30, 30), (40, 60, 220)
    # Page two is 200×500 stored, turned by its Orientation tag (6: the top is on the right)
    # to 500×200 as shown.
    path = write_tiff(os.path.join(fixture_dir(), 'fax.tiff'), [(400, 300, red, 1), (200, 500, blue, 6)])
    with Session() as s:
        app = s.launch([path])
        frame = app.frame('fax.tiff')
        s.focus_window('fax.tiff')
        app.wait(lambda: _page(frame) == '1', 'the page indicator at 1')
        app.find('label', '/ 2', root=frame)
        area, _ = _canvas_area(s, frame, app, 'fax.tiff')
        size = app.wait(lambda: _region(s, area, red), 'page one drawn')
        assert abs(size[0] / size[1] - 4 / 3) < 0.1, f'page one 4:3, got {size}'
        s.key('Page_Down')
        app.wait(lambda: _page(frame) == '2', 'page two')
        size = app.wait(lambda: _region(s, area, blue), 'page two drawn')
        assert abs(size[0] / size[1] - 5 / 2) < 0.15, f'page two turned upright to 5:2, got {size}'
