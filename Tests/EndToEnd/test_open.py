"""Opening images: the window, its tabs, the canvas, and what is drawn."""

import os

from harness import (Session, fixture_dir, write_quadrants, convert_image, normalise_spaces,
                     wait_quadrants, zoom_label, tab_bar, tab_labels, extents, close_enough,
                     QUADRANTS)


def test_png_opens_at_100_percent_with_quadrant_colours():
    png = write_quadrants(os.path.join(fixture_dir(), 'quadrants.png'), 400, 300)
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('quadrants.png')
        canvas = app.find('image', 'quadrants.png')
        # 400×300 fits the default window, so it is shown at its real size.
        label = zoom_label(app)
        assert normalise_spaces(label.name) == '100 %', f'zoom label reads {label.name!r}'
        wait_quadrants(s, app, frame, canvas, size=(400, 300), zoom=1.0)
        # One tab: the tab bar hides itself (it stays in the tree, with no height).
        bar = tab_bar(app)
        assert bar is None or extents(bar)[3] == 0, f'tab bar shown for one tab: {extents(bar)}'
        assert len(app.frames()) == 1, f'frames: {[f.name for f in app.frames()]}'


def test_png_and_jpeg_open_as_two_tabs_in_one_window():
    d = fixture_dir()
    png = write_quadrants(os.path.join(d, 'quadrants.png'), 400, 300)
    jpg = convert_image(png, os.path.join(d, 'quadrants.jpg'), '-quality', '95')
    with Session() as s:
        app = s.launch([png, jpg])
        app.frame('quadrants.png')
        app.find('image', 'quadrants.png')
        app.find('image', 'quadrants.jpg')
        labels = app.wait(lambda: (lambda t: t if len(t) >= 2 else None)(tab_labels(app)),
                          'two tab labels')
        assert labels == ['quadrants.png', 'quadrants.jpg'], f'tab labels: {labels}'
        frames = app.frames()
        assert [f.name for f in frames] == ['quadrants.png'], \
            f'expected one window, got {[f.name for f in frames]}'
        bar = tab_bar(app)
        assert bar is not None and app.wait(lambda: extents(bar)[3] > 0, 'the tab bar to show'), \
            'tab bar not shown with two tabs'


def test_png_is_pixel_exact_at_100_percent():
    # Seen before: centred at y + 181.5 in a 663 px high canvas, the image was
    # resampled and its rows blended.
    png = write_quadrants(os.path.join(fixture_dir(), 'quadrants.png'), 400, 300)
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('quadrants.png')
        canvas = app.find('image', 'quadrants.png')
        wait_quadrants(s, app, frame, canvas)
        x, y, w, h = app.screen_extents(canvas, frame)
        shot = s.screenshot()
        allowed = list(QUADRANTS.values()) + [shot.pixel(x + 2, y + 2)]  # + background
        # The image's rectangle if centred at whole pixels, and 3 px around it (the
        # canvas may draw overlays elsewhere): a vertical line through the left
        # quadrants and a horizontal one through the top ones, edges included.
        left, top = x + (w - 400) // 2, y + (h - 300) // 2
        odd = []
        for yy in range(top - 3, top + 303):
            p = shot.pixel(left + 100, yy)
            if not any(close_enough(p, c, 2) for c in allowed):
                odd.append(f'({left + 100}, {yy}) {p}')
        for xx in range(left - 3, left + 403):
            p = shot.pixel(xx, top + 75)
            if not any(close_enough(p, c, 2) for c in allowed):
                odd.append(f'({xx}, {top + 75}) {p}')
        assert not odd, f'blended pixels at 100 % (canvas {w}×{h}): ' + ', '.join(odd[:10])
