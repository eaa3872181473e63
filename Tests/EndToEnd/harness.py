"""End-to-end test harness for Iro: the built `iro` binary as a user meets it.

Tests import everything from here; the code lives in one module per concern:

    waiting.py        poll() and TIMEOUT; the outcomes Skip, WaitTimeout, AppDied
    processes.py      ending exactly what was started; reaping orphans
    session.py        Session: private D-Bus, Xvfb and AT-SPI bus; launching iro
    app.py            App: the running iro, waiting for its nodes, screen positions
    accessibility.py  the accessibility tree: walk, find_all, states, extents, actions
    iro_widgets.py    Iro's own widgets in that tree: zoom label, tab bar
    screen.py         screenshots (Session.screenshot, .pixel); the quadrant checks
    user_input.py     xdotool: keys, pointer, clicks, focusing X windows
    images.py         PNG writing and reading, the Image class, close_enough
    fixtures.py       fixture folders, the quadrant image, converted copies

A `Session` gives a private world: its own D-Bus session bus (a dbus-daemon with no
service activation, so nothing such as xdg-desktop-portal is ever started), its own
Xvfb on a free display, and its own AT-SPI bus (at-spi-bus-launcher). It ends exactly
what it started (each process it spawned plus their descendants, by pid).

Inside a session, `session.launch(args)` starts iro and returns an `App`; `App` finds
nodes of iro's accessibility tree by role and name, always by polling with a deadline.

    from harness import Session, do_action, write_quadrants

    with Session() as s:
        app = s.launch([png])
        frame = app.frame('quadrants.png')             # waits up to 10 s
        canvas = app.find('image', 'quadrants.png')    # anywhere under the app
        x, y, w, h = app.screen_extents(canvas, frame)
        r, g, b = s.pixel(x + w // 2, y + h // 2)      # from a fresh screenshot
        do_action(app.find('push button', 'Zoom In'))
        s.focus_window('quadrants.png'); s.key('ctrl+minus')

Wait for states, not for time: app.find / app.wait / poll / wait_quadrants return as
soon as what they wait for holds, and fail after TIMEOUT seconds (IRO_E2E_TIMEOUT).

libatspi keeps one connection to the accessibility bus per process, so there is one
Session per process: run_all.py runs every test in a process of its own.

Run with /usr/bin/python3 (Debian's python3-pyatspi lives there).
"""

from accessibility import (ancestors, describe, do_action, dump, extents, find_all,
                           has_area, has_state, hit_test, in_tree, name_matches,
                           probably_showing, states, walk)
from app import App
from fixtures import QUADRANTS, convert_image, fixture_dir, write_pdf, write_quadrants, write_tiff
from images import Image, close_enough, rotated, write_png
from iro_widgets import (normalise_spaces, tab_bar, tab_labels, wait_zoom_text, zoom_label,
                         zoom_percent)
from processes import become_subreaper, descendants, end_tree, read_line, reap_orphans
from screen import quadrant_centres, quadrant_mismatches, wait_quadrants
from session import DEFAULT_BIN, HERE, REPO, Session, iro_bin
from waiting import POLL_INTERVAL, TIMEOUT, AppDied, Skip, WaitTimeout, poll, require_tools, skip

__all__ = [
    # waiting.py
    'TIMEOUT', 'POLL_INTERVAL', 'poll', 'Skip', 'skip', 'require_tools', 'WaitTimeout',
    'AppDied',
    # processes.py
    'become_subreaper', 'reap_orphans', 'descendants', 'end_tree', 'read_line',
    # session.py
    'HERE', 'REPO', 'DEFAULT_BIN', 'iro_bin', 'Session',
    # app.py
    'App',
    # accessibility.py
    'name_matches', 'walk', 'find_all', 'ancestors', 'states', 'has_state', 'extents',
    'has_area', 'in_tree', 'probably_showing', 'hit_test', 'do_action', 'describe', 'dump',
    # iro_widgets.py
    'normalise_spaces', 'zoom_label', 'zoom_percent', 'wait_zoom_text', 'tab_bar',
    'tab_labels',
    # screen.py
    'quadrant_centres', 'quadrant_mismatches', 'wait_quadrants',
    # images.py
    'write_png', 'close_enough', 'Image',
    # fixtures.py
    'fixture_dir', 'QUADRANTS', 'write_quadrants', 'write_pdf', 'write_tiff', 'convert_image',
]
