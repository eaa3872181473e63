"""Comparing by dragging a tab onto the side of the image area (BEHAVIOUR F6), with a
real drag: XTest input through xdotool, carried out by GTK's XDND and libadwaita's tab
bar. Over the right part of the image, a hint says where the tab will go; dropped
there, the image shown before the drag and the dragged tab are side by side, and the tabs stay in their
order (libadwaita detaches a dragged tab and attaches it at the end: Iro puts it back).
"""

import os

from harness import Session, extents, fixture_dir, find_all, hit_test
from images import write_png

COLOURS = {'red.png': (220, 30, 30), 'green.png': (30, 180, 60), 'blue.png': (40, 60, 220)}


def _solid(folder, name):
    r, g, b = COLOURS[name]
    return write_png(os.path.join(folder, name), 240, 180, lambda x, y: (r, g, b))


def _tab_labels(frame):
    """The tabs' names from left to right (as shown: the accessible children keep the
    order the tabs were added in)."""
    bars = find_all(frame, 'filler', 'AdwTabBar') or find_all(frame, 'page tab list')
    labels = find_all(bars[0], 'label') if bars else []
    return [n.name for n in sorted(labels, key=lambda n: extents(n)[0])]


def _shown(frame, name):
    """The image nodes named `name` that the window shows (its hit test finds them)."""
    return [n for n in find_all(frame, 'image', name) if hit_test(frame, n)]


def _close(pixel, want, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, want))


def test_a_tab_dragged_onto_the_side_of_the_image_is_compared_there():
    folder = fixture_dir()
    paths = [_solid(folder, n) for n in ('red.png', 'green.png', 'blue.png')]
    with Session() as s:
        app = s.launch(paths)
        frame = app.frame('red.png')
        app.wait(lambda: _tab_labels(frame) == ['red.png', 'green.png', 'blue.png'], 'three tabs')
        canvas = app.find('image', 'red.png', root=frame)
        cx, cy, cw, ch = app.screen_extents(canvas, frame)
        tab = app.wait(lambda: next((n for n in find_all(frame, 'label') if n.name == 'green.png'), None),
                       "the tab of green.png")
        tx, ty, tw, th = app.screen_extents(tab, frame)

        # Press on the tab, move past the drag threshold, then glide to the right
        # part of the image area and nudge there until the hint shows.
        start = (tx + tw // 2, ty + th // 2)
        target = (cx + cw * 7 // 8, cy + ch // 2)
        s.mousemove(*start)
        s.xdotool('mousedown', 1)
        try:
            for i in range(1, 6):
                s.mousemove(start[0] + 4 * i, start[1] + 2 * i)
            here = [start[0] + 20, start[1] + 10]
            for i in range(1, 21):
                s.mousemove(here[0] + (target[0] - here[0]) * i // 20, here[1] + (target[1] - here[1]) * i // 20)
            nudge = [0]
            shots = []

            def hint_shown():
                # The hint tints the right half of the image area, not the left (read
                # from the screen: during a drag GTK 4.8 does not update what AT-SPI
                # sees of a widget that appears).
                nudge[0] ^= 1
                s.mousemove(target[0] + nudge[0], target[1])
                shot = s.screenshot()
                shots[:] = [shot]
                return shot.pixel(cx + cw * 3 // 4, cy + 20) != shot.pixel(cx + cw // 4, cy + 20)
            app.wait(hint_shown, 'the hint over the right half while the tab is dragged there')
        finally:
            s.xdotool('mouseup', 1)
        shot = shots[0]
        assert _close(shot.pixel(cx + cw // 2 - 60, cy + ch // 2), COLOURS['red.png']), \
            'the image shown before the drag (red) is back under the hint'

        # Dropped: red (shown) on the left, green (dragged) on the right.
        app.wait(lambda: _shown(frame, 'green.png') and _shown(frame, 'red.png'), 'both images shown side by side')
        red, green = _shown(frame, 'red.png')[0], _shown(frame, 'green.png')[0]
        rx, ry, rw, rh = app.screen_extents(red, frame)
        gx, gy, gw, gh = app.screen_extents(green, frame)
        assert rx + rw <= gx + 2, f'red left of green: {(rx, rw)} {(gx, gw)}'

        def panes_painted():
            shot = s.screenshot()
            return (_close(shot.pixel(rx + rw // 2, ry + rh // 2), COLOURS['red.png'])
                    and _close(shot.pixel(gx + gw // 2, gy + gh // 2), COLOURS['green.png']))
        app.wait(panes_painted, 'red and green painted in their panes')
        app.wait(lambda: _tab_labels(frame) == ['red.png', 'green.png', 'blue.png'], 'the tabs in their order')
