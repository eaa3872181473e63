"""Markup as a user draws it (BEHAVIOUR I): M for markup mode, a drag with the pen leaves
ink along the pointer's path, a zoom keeps the ink on the same image pixels, Ctrl+Z and
Ctrl+Shift+Z undo and redo it, Clear takes it all and its toast's Undo brings it back, the
eraser takes a stroke away, a sticky note is typed into
and collapses; and with two monitors, a stroke drawn in the main window is on the
presentation."""

import os

from harness import Session, do_action, fixture_dir, write_png

WHITE = (255, 255, 255)
SECOND = (1920, 0, 1280, 720)


def red(p):
    return p[0] > 170 and p[1] < 110 and p[2] < 110


def white_page(name, width=800, height=600):
    return write_png(os.path.join(fixture_dir(), name), width, height, pixel_fn=lambda x, y: WHITE)


def canvas_box(app, frame, name):
    canvas = app.find('image', name, root=frame)
    return app.screen_extents(canvas, frame)


def start_markup(s, app, frame, name):
    """Markup mode on through the header's button, once the image is shown (it gives the
    image the keyboard, for the tools' keys): the bar's Pen is there."""
    button = app.find('push button', 'Markup', root=frame)
    app.wait(lambda: 'sensitive' in _states(button), 'Markup to be available')
    s.focus_window(name)
    do_action(button)
    app.find('push button', 'Pen', root=frame)  # GTK 4.8 calls its toggle buttons push buttons


def _states(node):
    from accessibility import states
    return states(node)


def drag(s, points):
    s.mousemove(*points[0])
    s.xdotool('mousedown', 1)
    for x, y in points[1:]:
        s.mousemove(x, y)
    s.xdotool('mouseup', 1)


def test_a_pen_stroke_follows_the_pointer_survives_a_zoom_and_undoes():
    png = white_page('page.png')
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('page.png')
        start_markup(s, app, frame, 'page.png')
        cx, cy, cw, ch = canvas_box(app, frame, 'page.png')
        mid_y = cy + ch // 2
        path = [(cx + cw // 4 + i * (cw // 8), mid_y) for i in range(5)]
        drag(s, path)
        # Ink along the whole path, none away from it.
        for x, _ in path[1:-1]:
            app.wait(lambda x=x: red(s.pixel(x, mid_y)), f'ink at {x},{mid_y}')
        assert not red(s.pixel(cx + cw // 2, mid_y - 60)), 'no ink beside the stroke'

        # 200 % around the middle: the stroke is still on the image's middle row.
        s.key('ctrl+plus')
        app.wait(lambda: red(s.pixel(cx + cw // 2, mid_y)), 'the ink on the same image pixels after the zoom')
        s.key('0')  # best fit again

        s.key('ctrl+z')
        app.wait(lambda: not red(s.pixel(cx + cw // 2, mid_y)), 'undone')
        s.key('ctrl+shift+z')
        app.wait(lambda: red(s.pixel(cx + cw // 2, mid_y)), 'redone')

        # Clear takes everything away; the toast's Undo brings it back. (The bar's button is
        # "Undo" too; GTK 4.8 names the toast's after its mnemonic label as well, "_Undo Undo".)
        s.key('ctrl+shift+BackSpace')
        app.wait(lambda: not red(s.pixel(cx + cw // 2, mid_y)), 'cleared')
        app.find('label', 'Markup cleared', root=frame)
        toast = app.wait(lambda: ([b for b in app.find_all('push button', root=frame) if (b.name or '').startswith('_Undo')]
                                  or [None])[0], "the toast's Undo")
        do_action(toast)
        app.wait(lambda: red(s.pixel(cx + cw // 2, mid_y)), 'the clear undone from its toast')

        # The eraser across the stroke takes all of it away.
        s.key('x')
        drag(s, [(cx + cw // 2, mid_y - 40), (cx + cw // 2, mid_y + 40)])
        app.wait(lambda: not red(s.pixel(path[1][0], mid_y)), 'the whole stroke erased')


def test_a_sticky_note_is_typed_into_and_collapses():
    png = white_page('notes.png')
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('notes.png')
        start_markup(s, app, frame, 'notes.png')
        cx, cy, cw, ch = canvas_box(app, frame, 'notes.png')
        s.key('n')
        s.click(cx + cw // 3, cy + ch // 3)
        text = app.find('text', 'Note Text')
        s.type('Hello note')
        s.key('Escape')
        app.wait(lambda: not app.find_all('text', 'Note Text'), 'the note typed and closed')
        app.wait(lambda: s.pixel(cx + cw // 3 + 20, cy + ch // 3 + 10) != WHITE, 'a sticky note drawn where it was placed')
        # Opened again (a double-click), collapsed: the note shrinks to a small square.
        s.mousemove(cx + cw // 3 + 20, cy + ch // 3 + 10)
        s.xdotool('click', '--repeat', 2, '--delay', 80, 1)
        collapse = app.find('check box', 'Collapse')
        # From the note's text to Collapse by the keyboard (the popover is a surface of its own).
        s.key('ctrl+Tab')
        s.key('space')
        del collapse  # (GTK 4.8 does not tell AT-SPI a check box is ticked: the pixels say it below)
        s.key('Escape')
        app.wait(lambda: s.pixel(cx + cw // 3 + 120, cy + ch // 3 + 30) == WHITE, 'collapsed to a small square')
        del text


def test_a_stroke_drawn_in_the_window_is_on_the_presentation():
    png = white_page('board.png', 1600, 1200)
    with Session(two_monitors=True) as s:
        s.start_openbox()
        app = s.launch([png])
        frame = app.frame('board.png')
        s.focus_window('board.png')
        s.key('ctrl+shift+p')
        app.wait(lambda: s.windows('Iro Presentation'), 'the presentation window')
        # 1600x1200 on 1280x720: best fit 960x720, centred: its middle row is y = 360.
        app.wait(lambda: s.pixel(SECOND[0] + 640, 360) == WHITE, 'the page on the presentation')
        start_markup(s, app, frame, 'board.png')
        cx, cy, cw, ch = canvas_box(app, frame, 'board.png')
        drag(s, [(cx + cw // 4, cy + ch // 2), (cx + cw // 2, cy + ch // 2), (cx + 3 * cw // 4, cy + ch // 2)])
        app.wait(lambda: red(s.pixel(SECOND[0] + 640, 360)), 'the stroke on the presentation')
