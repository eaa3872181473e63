"""The hue overlay as a user meets it: a 'Hue' slider over the bottom of the image for
the first 2 s, gone after, back when the pointer comes near, and turning the image's
colours when its value changes (set here through AT-SPI, as a screen reader would)."""

import math
import os
import time

from harness import (Session, fixture_dir, write_quadrants, wait_quadrants, poll, in_tree,
                     probably_showing, extents, close_enough, quadrant_centres, QUADRANTS)


def rotated(colour, degrees):
    """The colour through Iro's hue matrix (SVG/CSS hueRotate, luminance-preserving),
    clamped, as 8-bit values."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    lr, lg, lb = 0.213, 0.715, 0.072
    rows = [
        [lr + c * (1 - lr) - s * lr, lg - c * lg - s * lg, lb - c * lb + s * (1 - lb)],
        [lr - c * lr + s * 0.143, lg + c * (1 - lg) + s * 0.140, lb - c * lb - s * 0.283],
        [lr - c * lr - s * (1 - lr), lg - c * lg + s * lg, lb + c * (1 - lb) + s * lb],
    ]
    rgb = [v / 255 for v in colour]
    return tuple(round(255 * min(1, max(0, sum(r * v for r, v in zip(row, rgb))))) for row in rows)


def test_hue_slider_shows_hides_comes_back_and_turns_the_colours():
    png = write_quadrants(os.path.join(fixture_dir(), 'quadrants.png'), 400, 300)
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('quadrants.png')
        canvas = app.find('image', 'quadrants.png')

        # Right after launch: there, on screen, at the bottom centre of the image area.
        slider = app.find('slider', 'Hue')
        found_at = time.monotonic()
        assert probably_showing(app, frame, slider), f'slider not showing: {extents(slider)}'
        sx, sy, sw, sh = app.screen_extents(slider, frame)
        cx, cy, cw, ch = app.screen_extents(canvas, frame)
        bx, _, bw, _ = extents(slider.parent)          # "Hue:" and the slider, in the capsule
        fx, _, fw, _ = extents(canvas)
        assert abs((bx + bw / 2) - (fx + fw / 2)) <= 2, 'the control is centred under the image'
        assert cy + ch - 80 < sy < cy + ch, f'slider near the bottom: {sy} vs canvas bottom {cy + ch}'
        wait_quadrants(s, app, frame, canvas, zoom=1.0)
        area = (sx - 20, sy - 12, sw + 40, sh + 24)
        with_slider = s.screenshot().crop(*area)

        # 2.5 s later it has faded out: out of the accessibility tree and off the screen.
        time.sleep(max(0.0, 2.5 - (time.monotonic() - found_at)))
        app.wait(lambda: not in_tree(app, slider) and not app.find_all('slider', 'Hue'),
                 'the hue slider to fade out')
        without = s.screenshot().crop(*area)
        assert with_slider.differing_fraction(without) > 0.3, 'the capsule is still drawn'

        # The pointer at the bottom centre of the window brings it back.
        s.mousemove(cx + cw // 2, cy + ch - 30)
        slider = app.find('slider', 'Hue')
        assert probably_showing(app, frame, slider)
        app.wait(lambda: s.screenshot().crop(*area).differing_fraction(without) > 0.3,
                 'the capsule to be drawn again')

        # A third of the way right (+120°) through AT-SPI: the colours on screen turn.
        value = slider.queryValue()
        assert abs(value.currentValue - 0.5) < 1e-6, f'starts centred, at {value.currentValue}'
        (rx, ry) = quadrant_centres(cx + (cw - 400) // 2, cy + (ch - 300) // 2, 400, 300)['top_left']
        before = s.pixel(rx, ry)
        assert close_enough(before, QUADRANTS['top_left']), f'top-left quadrant before: {before}'
        value.currentValue = 0.5 + 1 / 3
        expected = rotated(QUADRANTS['top_left'], 120)
        after = poll(lambda: (lambda p: p if close_enough(p, expected) else None)(s.pixel(rx, ry)),
                     what=f'the top-left quadrant to turn {expected}')
        assert not close_enough(after, before), f'{before} -> {after}'
