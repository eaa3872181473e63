"""Presenting on a second monitor (BEHAVIOUR F3), on Xorg's dummy driver with two monitors
(DUMMY0 1920x1080, DUMMY1 1280x720 right of it) under openbox: Ctrl+Shift+P puts the image
full screen on the second monitor's geometry, a zoom and a turn in the main window change
that monitor's pixels to the region and orientation expected, and unplugging the monitor
ends the presentation with Iro alive."""

import os
import re

from fake_services import fake_service, read_lines
from harness import QUADRANTS, Session, close_enough, fixture_dir, rotated, write_pdf, write_png, write_quadrants

SECOND = (1920, 0, 1280, 720)  # the second monitor's geometry
BLACK = (0, 0, 0)


def _presentation(s):
    ids = s.windows('Iro Presentation')
    return ids[0] if ids else None


def _open_on_two_monitors(s, name):
    """Iro showing a 1600x1200 quadrant image named `name`, its window focused; its frame."""
    png = write_quadrants(os.path.join(fixture_dir(), name), 1600, 1200)
    s.start_openbox()
    app = s.launch([png])
    frame = app.frame(name)
    s.focus_window(name)
    return app, frame


def _presentation_on(s, app, geometry):
    """Waits for the presentation window, full screen on the monitor at `geometry`."""
    wid = app.wait(lambda: _presentation(s), 'the presentation window')
    app.wait(lambda: s.window_geometry(wid) == geometry, f'the presentation full screen on {geometry}')
    return wid


def test_the_image_fills_the_second_monitor_follows_zoom_and_turn_and_ends_with_the_monitor():
    # 1600x1200 on 1280x720: best fit is 960x720 with black bars 160 px wide left and right.
    with Session(two_monitors=True) as s:
        app, frame = _open_on_two_monitors(s, 'present.png')
        s.key('ctrl+shift+p')
        _presentation_on(s, app, SECOND)
        left_bar = (SECOND[0] + 80, 200)
        top_left = (SECOND[0] + 160 + 120, 120)
        app.wait(lambda: s.pixel(*left_bar) == BLACK and close_enough(s.pixel(*top_left), QUADRANTS['top_left']),
                 'the whole image on black, letterboxed')
        app.find('label', 'Presenting on DUMMY1', root=frame)

        # 200 % in the main window (which kept the keyboard): the part it shows fills the
        # presentation's width.
        s.key('2')
        app.wait(lambda: close_enough(s.pixel(*left_bar), QUADRANTS['top_left']),
                 'the bar gone: the zoomed region fills the monitor, its top left red')
        # Turned clockwise, the bottom-left quadrant (blue) comes to the top left.
        s.key('r')
        app.wait(lambda: close_enough(s.pixel(*left_bar), QUADRANTS['bottom_left']), 'the presentation turned too')
        # The hue a third of a turn (+120°) through the main window's slider: the second
        # monitor's blue turns as the main window's does.
        main_canvas = app.find('image', 'present.png', root=frame)
        cx, cy, cw, ch = app.screen_extents(main_canvas, frame)
        s.mousemove(cx + cw // 2, cy + ch - 30)
        slider = app.find('slider', 'Hue', root=frame)
        slider.queryValue().currentValue = 0.5 + 1 / 3
        expected = rotated(QUADRANTS['bottom_left'], 120)
        app.wait(lambda: close_enough(s.pixel(*left_bar), expected, tolerance=16),
                 f'the presentation\'s colours turned to {expected}')

        s.unplug_second_monitor()
        app.wait(lambda: _presentation(s) is None, 'the presentation closed with its monitor')
        assert app.alive(), 'Iro keeps running'
        app.find('label', 'The presentation ended: its monitor was disconnected', root=frame)
        app.wait(lambda: not app.find_all('label', 'Presenting on DUMMY1', root=frame), 'the header indicator gone')


def test_with_three_monitors_present_on_names_them_and_presents_on_the_one_chosen():
    with Session(two_monitors=True) as s:
        app, frame = _open_on_two_monitors(s, 'three.png')
        s.key('F10')
        app.find('menu item', 'Present on Other Monitor')
        assert not app.find_all('menu item', 'Present On'), 'no monitor submenu with two monitors'
        s.key('Escape')

        s.plug_third_monitor()
        s.focus_window('three.png')
        s.key('F10')
        app.find('menu item', 'Present On').queryAction().doAction(0)
        # Each monitor but the window's, by its connector.
        app.find('menu item', 'DUMMY1')
        app.find('menu item', 'DUMMY2').queryAction().doAction(0)
        _presentation_on(s, app, (3200, 0, 1280, 720))
        app.find('label', 'Presenting on DUMMY2', root=frame)


def test_presenting_keeps_the_screen_from_going_idle_until_it_ends():
    # GTK asks GNOME's session manager (here a stand-in that notes each call) for an idle
    # inhibition: 8 is GTK_APPLICATION_INHIBIT_IDLE.
    calls = os.path.join(fixture_dir(), 'inhibitions.txt')
    with Session(two_monitors=True) as s, fake_service('fake_session_manager.py', calls):
        app, frame = _open_on_two_monitors(s, 'idle.png')
        assert not read_lines(calls), 'nothing is inhibited before presenting'
        s.key('ctrl+shift+p')
        _presentation_on(s, app, SECOND)
        inhibit = app.wait(lambda: read_lines(calls), 'an inhibition asked for')
        flags, cookie, reason = inhibit[0].split(' ', 3)[1:]
        assert int(flags) == 8 and reason == 'Presenting', inhibit
        s.key('ctrl+shift+p')
        app.wait(lambda: _presentation(s) is None, 'the presentation ended')
        app.wait(lambda: read_lines(calls)[1:] == [f'uninhibit {cookie}'], 'the same inhibition released')


def test_a_pdf_is_presented_page_by_page_with_the_presenter_view_here():
    """BEHAVIOUR G9: the current page full screen on the second monitor; here, the next
    page, "Page 1 of 3" and a clock; Page Down turns both; B blacks the presentation out."""
    path = write_pdf(os.path.join(fixture_dir(), 'talk.pdf'), ['One', 'Two', 'Three'],
                     colours=[(220, 30, 30), (30, 180, 40), (40, 60, 220)])
    colours = {'one': (220, 30, 30), 'two': (30, 180, 40)}
    with Session(two_monitors=True) as s:
        s.start_openbox()
        app = s.launch([path])
        frame = app.frame('talk.pdf')
        s.focus_window('talk.pdf')
        s.key('ctrl+shift+p')
        _presentation_on(s, app, SECOND)
        # A letter page fitted to 1280×720 is 556 wide, centred: its top middle is the page.
        page = (SECOND[0] + 640, 60)
        app.wait(lambda: close_enough(s.pixel(*page), colours['one']), 'page one on the second monitor')
        app.find('label', 'Page 1 of 3', root=frame)
        app.find('image', 'Next Page', root=frame)
        app.find('push button', re.compile(r'^\d+:\d\d$'), root=frame)  # the clock, ticking

        s.key('Page_Down')
        app.wait(lambda: close_enough(s.pixel(*page), colours['two']), 'page two there')
        app.find('label', 'Page 2 of 3', root=frame)

        s.key('b')
        app.wait(lambda: s.pixel(*page) == BLACK, 'the presentation blacked out')
        app.find('label', 'The presentation is black (B)', root=frame)
        s.key('b')
        app.wait(lambda: close_enough(s.pixel(*page), colours['two']), 'and back')


def test_a_slideshow_while_presenting_runs_on_the_presentation_and_this_window_keeps_the_controls():
    """BEHAVIOUR H3: the show steps the presented image; the main window stays as it is."""
    folder = os.path.join(fixture_dir(), 'show')
    os.makedirs(folder)
    colours = [(220, 30, 30), (30, 200, 40), (40, 60, 220)]
    for i, colour in enumerate(colours):
        write_png(os.path.join(folder, f's{i + 1}.png'), 640, 360, lambda x, y, c=colour: c)
    with Session(two_monitors=True) as s:
        config = os.path.join(s.app_env()['XDG_CONFIG_HOME'], 'iro')
        os.makedirs(config, exist_ok=True)
        with open(os.path.join(config, 'window-state.ini'), 'w') as f:
            f.write('[window]\nslideshow-seconds=1\nslideshow-loop=false\n')
        s.start_openbox()
        app = s.launch([os.path.join(folder, 's1.png')])
        frame = app.frame('s1.png')
        wid = s.focus_window('s1.png')
        app.wait(lambda: app.find_all('label', '1 / 3'), 'the folder listed')
        windowed = s.window_geometry(wid)
        s.key('ctrl+shift+p')
        _presentation_on(s, app, SECOND)
        middle = (SECOND[0] + SECOND[2] // 2, SECOND[1] + SECOND[3] // 2)
        app.wait(lambda: close_enough(s.pixel(*middle), colours[0]), 's1.png presented')
        s.key('s')
        app.wait(lambda: close_enough(s.pixel(*middle), colours[1]), 'the show steps the presentation to s2.png', timeout=10)
        app.wait(lambda: close_enough(s.pixel(*middle), colours[2]), 'then to s3.png', timeout=10)
        assert s.window_geometry(wid) == windowed, 'the main window did not go full screen'
        app.find('push button', 'Open', root=frame)  # its header, with the controls, still there
