"""The hue overlay as a user meets it: a 'Hue' slider over the bottom of the image for
the first 2 s, gone after, back when the pointer comes near, and turning the image's
colours when its value changes (set here through AT-SPI, as a screen reader would).

The 2 s are checked with margins from moments the test saw, never by sleeping: the
slider may leave no earlier than 2 s after launch and no later than 2 s plus the wait
timeout after it was first seen, and it must have been drawn in a screenshot
taken while it was still in the accessibility tree, so a busy machine that looks late
still passes."""

import os
import time

from harness import (TIMEOUT, QUADRANTS, Session, close_enough, extents, fixture_dir, in_tree, rotated,
                     poll, probably_showing, quadrant_centres, quadrant_mismatches,
                     wait_quadrants, write_quadrants)


# The overlay shows for the first 2 s after the image appears, then fades out (~250 ms).
INITIAL_SECONDS = 2.0
# Share of the pixels around the slider that change when the capsule is drawn.
DRAWN = 0.3


def settled_crop(s, area):
    """The screen inside `area` once two screenshots in a row show the same pixels."""
    previous = []

    def same_twice():
        crop = s.screenshot().crop(*area)
        if previous and crop.differing_fraction(previous[0], tolerance=0) == 0:
            return crop
        previous[:] = [crop]
        return None
    return poll(same_twice, what='the screen to settle')


def test_hue_slider_shows_hides_comes_back_and_turns_the_colours():
    png = write_quadrants(os.path.join(fixture_dir(), 'quadrants.png'), 400, 300)
    with Session() as s:
        launched = time.monotonic()  # the overlay's 2 s cannot start before this
        app = s.launch([png])
        frame = app.frame('quadrants.png')
        canvas = app.find('image', 'quadrants.png')

        # Right after launch: there, on screen, at the bottom centre of the image area.
        slider = app.find('slider', 'Hue')
        first_seen = time.monotonic()
        assert probably_showing(app, frame, slider), f'slider not showing: {extents(slider)}'
        sx, sy, sw, sh = app.screen_extents(slider, frame)
        cx, cy, cw, ch = app.screen_extents(canvas, frame)
        bx, _, bw, _ = extents(slider.parent)          # "Hue:" and the slider, in the capsule
        fx, _, fw, _ = extents(canvas)
        assert abs((bx + bw / 2) - (fx + fw / 2)) <= 2, 'the control is centred under the image'
        assert cy + ch - 80 < sy < cy + ch, f'slider near the bottom: {sy} vs canvas bottom {cy + ch}'
        area = (sx - 20, sy - 12, sw + 40, sh + 24)

        # Screenshots of the capsule area for as long as the slider is seen in the tree
        # (each taken right after it was seen there), kept from those where the image
        # is drawn, so the window is; then it fades out of the accessibility tree (and
        # off the screen) after its 2 s, however late we look.
        shown = []

        def gone():
            if in_tree(app, slider):
                shot = s.screenshot()
                if not quadrant_mismatches(s, app, frame, canvas, zoom=1.0, shot=shot,
                                           canvas_extents=(cx, cy, cw, ch)):
                    shown.append(shot.crop(*area))
                return False
            return not app.find_all('slider', 'Hue')
        # It must leave within its 2 s plus the wait timeout of when it was first seen.
        latest = first_seen + INITIAL_SECONDS + TIMEOUT
        app.wait(gone, 'the hue slider to fade out of the accessibility tree',
                 timeout=max(0.0, latest - time.monotonic()))
        left = time.monotonic()
        assert left >= launched + INITIAL_SECONDS, \
            f'the slider left {left - launched:.2f} s after launch: before its 2 s were over'
        wait_quadrants(s, app, frame, canvas, zoom=1.0)
        without = settled_crop(s, area)
        assert shown, 'no screenshot showed the image while the slider was in the tree'
        drawn = max(c.differing_fraction(without) for c in shown)
        assert drawn > DRAWN, ('the capsule was never drawn while the slider was in the tree '
                               f'(at most {drawn:.0%} of its area differs in {len(shown)} '
                               'screenshots from after it left)')

        # The pointer at the bottom centre of the window brings it back.
        s.mousemove(cx + cw // 2, cy + ch - 30)
        slider = app.find('slider', 'Hue')
        assert probably_showing(app, frame, slider)
        app.wait(lambda: s.screenshot().crop(*area).differing_fraction(without) > DRAWN,
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
