"""Fullscreen under a window manager (BEHAVIOUR F2): F11 and a double-click fill the
screen with the image, the header bar comes back while the pointer is at the top edge,
the pointer hides once it has rested for 2 s and comes back when it moves, the hue slider
still comes near the bottom edge, and Esc gives back the window exactly as it was."""

import os
import time

from harness import Session, fixture_dir, probably_showing, write_quadrants


def _open_button(app, frame):
    found = app.find_all('push button', 'Open', root=frame)
    return found[0] if found else None


def test_f11_fills_the_screen_the_bars_come_back_at_the_top_and_esc_restores_the_window():
    png = write_quadrants(os.path.join(fixture_dir(), 'full.png'), 400, 300)
    with Session() as s:
        s.start_window_manager()
        app = s.launch([png])
        frame = app.frame('full.png')
        wid = s.focus_window('full.png')
        screen = (0, 0, s.size[0], s.size[1])
        before = app.wait(lambda: s.window_geometry(wid), 'the window placed')
        assert _open_button(app, frame) is not None and probably_showing(app, frame, _open_button(app, frame))

        s.key('F11')
        app.wait(lambda: s.window_geometry(wid) == screen, f'the window to cover the screen {screen}')
        app.wait(lambda: _open_button(app, frame) is None or not probably_showing(app, frame, _open_button(app, frame)),
                 'the header bar hidden')
        canvas = app.find('image', 'full.png')
        app.wait(lambda: app.screen_extents(canvas, frame)[3] >= s.size[1] - 10, 'the image area the screen\'s height')

        s.mousemove(s.size[0] // 2, 0)
        app.wait(lambda: _open_button(app, frame) is not None and probably_showing(app, frame, _open_button(app, frame)),
                 'the header bar back at the top edge')
        rested_from = time.monotonic()  # the pointer's last move comes after this
        s.mousemove(s.size[0] // 2, s.size[1] // 2)
        app.wait(lambda: _open_button(app, frame) is None or not probably_showing(app, frame, _open_button(app, frame)),
                 'and gone again below it')

        # Resting over the image, the pointer hides, not before its 2 s; a move shows it.
        app.wait(s.pointer_hidden, 'the pointer to hide once it rested', timeout=2 + 10)
        rested = time.monotonic() - rested_from
        assert rested >= 2.0, f'the pointer hid {rested:.2f} s after it last moved: before its 2 s'
        s.mousemove(s.size[0] // 2 + 40, s.size[1] // 2 + 40)
        app.wait(lambda: not s.pointer_hidden(), 'the pointer back when it moves')

        # The hue overlay keeps its rules: the pointer near the bottom centre brings it.
        s.mousemove(s.size[0] // 2, s.size[1] - 30)
        slider = app.find('slider', 'Hue', root=frame)
        app.wait(lambda: probably_showing(app, frame, slider), 'the hue slider over the bottom of the screen')
        sx, sy, sw, sh = app.screen_extents(slider, frame)
        assert s.size[1] - 80 < sy < s.size[1], f'the slider near the screen\'s bottom edge: {sy}'

        s.key('Escape')
        app.wait(lambda: s.window_geometry(wid) == before, f'the window back at {before}')
        app.wait(lambda: _open_button(app, frame) is not None and probably_showing(app, frame, _open_button(app, frame)),
                 'the header bar in its place')

        # A double-click on the image toggles it too.
        x, y, w, h = app.screen_extents(app.find('image', 'full.png'), frame)
        s.mousemove(x + w // 2, y + h // 2)
        s.xdotool('click', '--repeat', 2, '--delay', 60, 1)
        app.wait(lambda: s.window_geometry(wid) == screen, 'fullscreen after a double-click')
