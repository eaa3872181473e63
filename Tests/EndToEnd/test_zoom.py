"""Zooming from the header bar button (through AT-SPI) and from the keyboard."""

import os

from harness import (Session, fixture_dir, write_quadrants, wait_quadrants, wait_zoom_text,
                     do_action)


def test_zoom_in_button_doubles_and_ctrl_minus_halves():
    png = write_quadrants(os.path.join(fixture_dir(), 'quadrants.png'), 400, 300)
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('quadrants.png')
        canvas = app.find('image', 'quadrants.png')
        wait_zoom_text(app, '100 %')
        wait_quadrants(s, app, frame, canvas, zoom=1.0)

        do_action(app.find('push button', 'Zoom In'))
        wait_zoom_text(app, '200 %')
        # 800×600 still fits the canvas, centred (the zoom animates for ~200 ms).
        wait_quadrants(s, app, frame, canvas, zoom=2.0)

        s.focus_window('quadrants.png')
        s.key('ctrl+minus')
        wait_zoom_text(app, '100 %')
        wait_quadrants(s, app, frame, canvas, zoom=1.0)
