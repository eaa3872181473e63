"""Tabs and windows (BEHAVIOUR A3, B1–B5, E3): files as tabs of one window, a second
launch handing its file to the running instance, --new-window, the tab keys, the
last tab closing the window, Ctrl+N's start page, and files dropped on a window.

Which tab is selected is read from the window title (the frame's name): in
libadwaita 1.2 a tab is a 'filler' node with no selected state. Which window is
which is checked by X window id (the same X window before and after), since the
title changes with the selected tab.
"""

import os
import re
import subprocess
import sys
import time

from harness import (Session, fixture_dir, write_quadrants, find_all, extents, hit_test, tab_bar, tab_labels,
                     states, do_action, skip, poll, WaitTimeout, TIMEOUT)

DROP_HINT = 'Open images, or drop images here'


def _fixtures(*names):
    """Small PNGs of four coloured quadrants, one per name, in a fresh folder."""
    d = fixture_dir()
    return [write_quadrants(os.path.join(d, n), 240, 180) for n in names]


def _tab_bar(frame):
    """The tab bar of one window (see harness.tab_bar for the roles), or None."""
    for role, name in (('page tab list', None), ('filler', 'AdwTabBar')):
        found = find_all(frame, role, name)
        if found:
            return found[0]
    return None


def _tabs(frame):
    """Tab labels of one window, in tab order. An auto-hidden bar (one tab) stays
    in the tree with no height, so its one label is still listed."""
    bar = _tab_bar(frame)
    return [] if bar is None else [n.name for n in find_all(bar, 'label')]


def _wait_tabs(app, frame, want, what=None):
    """Wait until the window's tab labels are exactly `want`; returns them."""
    return app.wait(lambda: _tabs(frame) == want and want,
                    what or f'tabs {want} in window {frame.name!r}')


def _frame_names(app):
    return sorted(f.name for f in app.frames())


def _wait_frames(app, names, what=None):
    """Wait until the app's windows have exactly these titles (any order)."""
    want = sorted(names)
    return app.wait(lambda: _frame_names(app) == want and app.frames(),
                    what or f'windows titled {want}')


def _mapped_x_windows(s):
    """Ids of every mapped X window with a title (xdotool; no AT-SPI)."""
    r = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', '.'],
                       capture_output=True, text=True, timeout=TIMEOUT,
                       env=dict(os.environ, DISPLAY=s.display))
    return {int(w) for w in r.stdout.split()}


def _wait_x_window_gone(s, wid, what):
    """Wait, without asking iro over AT-SPI, until X window `wid` is gone.

    Call this before reading the app's windows over AT-SPI after one closes: GTK
    4.8 crashes (SIGSEGV) when a client asks its application object for a child
    index past its last visible window, as a client does whose child count went
    stale while a window closed: past the end, GTK 4.8's root answers with its
    last toplevel, and Iro's last one is never shown (each window builds its
    Keyboard Shortcuts window up front), so it has no object path. Once the X
    window is gone, GTK has dropped the window from its list of toplevels."""
    poll(lambda: wid not in _mapped_x_windows(s), what=what)


def _launch_second(s, args):
    """A second `iro ARGS` while one runs: returns (its exit status, seconds from
    its start to its exit, its App for the log). Waits up to TIMEOUT for it to
    exit; the caller judges the time. Its start-up timeline (IRO_TRACE) goes to its log."""
    t0 = time.monotonic()
    second = s.launch(args, env={'IRO_TRACE': '1'})
    try:
        rc = second.proc.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise AssertionError(f'second iro {args} still running after {TIMEOUT:g} s; log:\n'
                             + second.log()[-2000:]) from None
    return rc, time.monotonic() - t0, second


def _wait_active(app, title):
    """Focus the X window titled `title` and wait until iro itself reports that
    window active over AT-SPI, so iro has processed the focus change (and so
    knows which window was used last) before the test goes on."""
    s = app.session
    s.focus_window(title)
    return app.wait(lambda: next((f for f in app.frames()
                                  if f.name == title and 'active' in states(f)), None),
                    f'window {title!r} active')


# ---------------------------------------------------------------------------
# a. files on the command line are tabs of one window
# ---------------------------------------------------------------------------

def test_two_files_open_as_two_tabs_of_one_window():
    a, b = _fixtures('first.png', 'second.png')
    with Session() as s:
        app = s.launch([a, b])
        frame = app.frame('first.png')        # the first file is selected
        _wait_tabs(app, frame, ['first.png', 'second.png'])
        assert _frame_names(app) == ['first.png'], f'windows: {_frame_names(app)}'
        assert len(s.windows('first.png')) == 1, 'not exactly one X window'
        # Two tabs: the tab bar shows (it has height).
        bar = _tab_bar(frame)
        app.wait(lambda: extents(bar)[3] > 0, 'the tab bar to show with two tabs')


# ---------------------------------------------------------------------------
# b. a second launch hands its file to the running instance
# ---------------------------------------------------------------------------

def test_second_launch_adds_a_tab_to_the_same_window_and_exits_at_once():
    a, b, c = _fixtures('first.png', 'second.png', 'third.png')
    with Session() as s:
        app = s.launch([a, b])
        frame = app.frame('first.png')
        _wait_tabs(app, frame, ['first.png', 'second.png'])
        wid = app.window_id('first.png')

        rc, seconds, second = _launch_second(s, [c])
        assert rc == 0, f'second iro exited with status {rc}; log:\n{second.log()}'
        assert seconds < 1.0, f'second iro took {seconds:.2f} s to exit (want < 1 s)'
        assert app.alive(), 'the first iro exited'
        # It handed the file over before doing anything else: no decoder helper, no decode
        # of its own, no GTK.
        log = second.log()
        assert 'another Iro runs' in log, f'the second iro did not see the first; log:\n{log}'
        for started in ('decoder started', 'decode start', 'GTK started'):
            assert started not in log, f'the second iro logged "{started}"; log:\n{log}'

        # The same window: three tabs, the new one selected (title), no second window.
        frame = app.frame('third.png')
        _wait_tabs(app, frame, ['first.png', 'second.png', 'third.png'])
        assert _frame_names(app) == ['third.png'], f'windows: {_frame_names(app)}'
        assert app.window_id('third.png') == wid, 'the title changed on another X window'
        assert s.windows('first.png') == [], 'an X window still titled first.png'
        app.find('image', 'third.png', root=frame)


# ---------------------------------------------------------------------------
# c. --new-window opens a second window in the same instance
# ---------------------------------------------------------------------------

def test_new_window_option_opens_a_second_window_and_the_first_keeps_its_tabs():
    a, b, d = _fixtures('first.png', 'second.png', 'fourth.png')
    with Session() as s:
        app = s.launch([a, b])
        first = app.frame('first.png')
        _wait_tabs(app, first, ['first.png', 'second.png'])
        wid = app.window_id('first.png')

        rc, seconds, second = _launch_second(s, ['--new-window', d])
        assert rc == 0, f'iro --new-window exited with status {rc}; log:\n{second.log()}'

        frames = _wait_frames(app, ['first.png', 'fourth.png'])
        new = next(f for f in frames if f.name == 'fourth.png')
        first = next(f for f in frames if f.name == 'first.png')
        _wait_tabs(app, new, ['fourth.png'])
        _wait_tabs(app, first, ['first.png', 'second.png'])
        app.find('image', 'fourth.png', root=new)
        # The first window is the same X window, still on its first tab.
        assert app.window_id('first.png') == wid
        assert app.window_id('fourth.png') != wid


# ---------------------------------------------------------------------------
# (A3) a second launch goes to the most recently active window
# ---------------------------------------------------------------------------

def test_second_launch_goes_to_the_most_recently_active_window():
    a, d, e, f = _fixtures('first.png', 'fourth.png', 'fifth.png', 'sixth.png')
    with Session() as s:
        app = s.launch([a])
        app.frame('first.png')
        rc, _, _ = _launch_second(s, ['--new-window', d])
        assert rc == 0, f'iro --new-window exited with status {rc}'
        _wait_frames(app, ['first.png', 'fourth.png'])
        wid_first, wid_fourth = app.window_id('first.png'), app.window_id('fourth.png')

        # Use the older window, then launch: the file goes there.
        _wait_active(app, 'first.png')
        rc, _, _ = _launch_second(s, [e])
        assert rc == 0, f'second iro exited with status {rc}'
        frames = _wait_frames(app, ['fifth.png', 'fourth.png'])
        _wait_tabs(app, next(fr for fr in frames if fr.name == 'fifth.png'),
                   ['first.png', 'fifth.png'])
        assert app.window_id('fifth.png') == wid_first

        # Now use the newer one.
        _wait_active(app, 'fourth.png')
        rc, _, _ = _launch_second(s, [f])
        assert rc == 0, f'second iro exited with status {rc}'
        frames = _wait_frames(app, ['fifth.png', 'sixth.png'])
        _wait_tabs(app, next(fr for fr in frames if fr.name == 'sixth.png'),
                   ['fourth.png', 'sixth.png'])
        assert app.window_id('sixth.png') == wid_fourth


# ---------------------------------------------------------------------------
# d. the tab keys, and the last tab closing the window (and so the app)
# ---------------------------------------------------------------------------

def test_tab_keys_switch_pick_and_close_and_the_last_tab_closes_the_window():
    a, b, c = _fixtures('first.png', 'second.png', 'third.png')
    with Session() as s:
        app = s.launch([a, b, c])
        frame = app.frame('first.png')
        _wait_tabs(app, frame, ['first.png', 'second.png', 'third.png'])
        wid = s.focus_window('first.png')

        for keys, title in (('ctrl+Tab', 'second.png'),
                            ('ctrl+shift+Tab', 'first.png'),
                            ('alt+3', 'third.png'),
                            ('ctrl+Page_Up', 'second.png'),
                            ('ctrl+Page_Down', 'third.png'),
                            ('alt+1', 'first.png'),
                            ('alt+2', 'second.png')):
            s.key(keys)
            frame = app.frame(title)
            assert app.window_id(title) == wid

        # Ctrl+W closes the selected tab (second.png); another is selected.
        s.key('ctrl+w')
        _wait_tabs(app, frame, ['first.png', 'third.png'])
        frame = app.wait(lambda: next((f for f in app.frames()
                                       if f.name in ('first.png', 'third.png')), None),
                         'the title to name a remaining tab')
        assert app.find_all('image', 'second.png') == [], 'the closed tab is still there'

        # One tab left: the tab bar hides (it stays in the tree with no height).
        s.key('ctrl+w')
        app.wait(lambda: len(_tabs(frame)) == 1, 'one tab left')
        last = _tabs(frame)[0]
        frame = app.frame(last)
        bar = _tab_bar(frame)
        app.wait(lambda: bar is None or extents(bar)[3] == 0, 'the tab bar to hide with one tab')
        assert len(app.frames()) == 1

        # Closing the last tab closes the window; it was the app's only window, so
        # GApplication's run loop ends and iro exits, successfully.
        s.key('ctrl+w')
        rc = app.wait_exit()
        assert rc == 0, f'iro exited with status {rc} after its last window closed; log:\n' \
                        + app.log()[-2000:]
        assert s.windows(last) == [] and s.windows('Iro') == [], 'a window is still mapped'


def test_closing_the_last_tab_of_one_window_leaves_the_other_window():
    a, d = _fixtures('first.png', 'fourth.png')
    with Session() as s:
        app = s.launch([a])
        app.frame('first.png')
        rc, _, _ = _launch_second(s, ['--new-window', d])
        assert rc == 0, f'iro --new-window exited with status {rc}'
        _wait_frames(app, ['first.png', 'fourth.png'])
        wid = app.window_id('fourth.png')

        closing = s.focus_window('first.png')
        s.key('ctrl+w')
        _wait_x_window_gone(s, closing, 'X window first.png to go')
        _wait_frames(app, ['fourth.png'], 'the window of the closed tab to go')
        assert app.alive()
        assert app.window_id('fourth.png') == wid


# ---------------------------------------------------------------------------
# e. Ctrl+N: a new, empty window with the start page
# ---------------------------------------------------------------------------

def test_ctrl_n_opens_a_second_window_with_the_start_page():
    a, = _fixtures('first.png')
    with Session() as s:
        app = s.launch([a])
        app.frame('first.png')
        s.focus_window('first.png')
        s.key('ctrl+n')
        frames = _wait_frames(app, ['Iro', 'first.png'])
        empty = next(f for f in frames if f.name == 'Iro')
        first = next(f for f in frames if f.name == 'first.png')

        # The start page is in the tree of every window (an inactive GtkStack page
        # stays there), so check it is the page this window shows: the window
        # answers the hint label when asked what is at the label's centre.
        hint = app.find('label', DROP_HINT, root=empty)
        app.wait(lambda: hit_test(empty, hint), 'the drop hint to show in the new window')
        button = app.find('push button', re.compile(r'Open…'), root=empty)
        assert any(c.getRoleName() == 'label' and c.name == 'Open…'
                   for c in find_all(button, 'label')), f'{button.name!r} has no "Open…" label'
        assert find_all(empty, 'image') == [], 'the new window shows an image'
        assert _tabs(empty) == [], f'the new window has tabs: {_tabs(empty)}'

        # The first window is untouched, and shows its image, not the start page.
        _wait_tabs(app, first, ['first.png'])
        canvas = app.find('image', 'first.png', root=first)
        app.wait(lambda: hit_test(first, canvas), 'the image in the first window')
        first_hint = find_all(first, 'label', DROP_HINT)
        assert not any(hit_test(first, n) for n in first_hint), 'start page shown in the first window'
        assert len(s.windows('Iro')) == 1


# ---------------------------------------------------------------------------
# (B4) the primary menu moves a tab to a new window and merges windows back
# ---------------------------------------------------------------------------

def _menu_item(app, title, label):
    """Open the primary menu of the window titled `title` (F10, as a keyboard user
    does; the menu button itself has no AT-SPI action in GTK 4.8) and return its
    item `label` (a popover's items are in the tree only while it is open)."""
    frame = app.frame(title)
    app.session.focus_window(title)
    app.session.key('F10')
    return app.find('menu item', label, root=frame)


def test_primary_menu_moves_a_tab_to_a_new_window_and_merges_all_windows():
    a, b, c = _fixtures('first.png', 'second.png', 'third.png')
    with Session() as s:
        app = s.launch([a, b, c])
        frame = app.frame('first.png')
        _wait_tabs(app, frame, ['first.png', 'second.png', 'third.png'])
        wid = app.window_id('first.png')

        # The selected tab (first.png) goes to a window of its own.
        do_action(_menu_item(app, 'first.png', 'Move Tab to New Window'))
        frames = app.wait(lambda: len(app.frames()) == 2 and app.frames(), 'a second window')
        moved = app.wait(lambda: next((f for f in app.frames() if f.name == 'first.png'), None),
                         'a window titled first.png')
        _wait_tabs(app, moved, ['first.png'])
        left = next(f for f in frames if f.name != 'first.png')
        _wait_tabs(app, left, ['second.png', 'third.png'])
        assert app.window_id(left.name) == wid, 'the tab did not move out of the old window'
        assert app.window_id('first.png') != wid
        app.find('image', 'first.png', root=moved)

        # Merge All Windows: one window again, holding every tab.
        moved_wid = app.window_id('first.png')
        do_action(_menu_item(app, left.name, 'Merge All Windows'))
        poll(lambda: len({wid, moved_wid} & _mapped_x_windows(s)) == 1,
             what='one of the two X windows to go')
        app.wait(lambda: len(app.frames()) == 1, 'one window after merging')
        merged = app.frames()[0]
        tabs = app.wait(lambda: (lambda t: t if len(t) == 3 else None)(_tabs(merged)),
                        'three tabs after merging')
        assert sorted(tabs) == ['first.png', 'second.png', 'third.png'], f'tabs: {tabs}'
        assert len(s.windows(merged.name)) == 1


# ---------------------------------------------------------------------------
# f. a file dropped on the window (real XDND, from a small GTK drag source)
# ---------------------------------------------------------------------------

DRAG_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'drag_source.py')
DRAG_SOURCE_TITLE = 'Iro Test Drag Source'


def _start_drag_source(s, paths):
    """drag_source.py offering `paths`, moved beside iro's window (no window
    manager here, so every window maps at 0,0 and XMoveWindow places it); its
    output goes to a log in the session folder, kept with a failed test's
    artifacts. Returns (its X window id, a function reading its output lines)."""
    try:
        import gi
        gi.require_version('Gtk', '4.0')
    except (ImportError, ValueError) as e:
        skip(f'no GTK 4 for Python to make a drag source (python3-gi, gir1.2-gtk-4.0): {e}')
    env = s.app_env({'GTK_A11Y': 'none', 'NO_AT_BRIDGE': '1'})
    # Session._spawn: the session ends it with everything else it started.
    s._spawn('drag-source', [sys.executable, DRAG_SOURCE, *paths], env=env)
    log = os.path.join(s.tmp, 'drag-source.log')

    def lines():
        with open(log, errors='replace') as f:
            return [line.strip() for line in f]
    poll(lambda: 'ready' in lines(), what='the drag source window')
    wid = poll(lambda: (s.windows(DRAG_SOURCE_TITLE) or [None])[0], what='the drag source X window')
    s.xdotool('windowmove', '--sync', wid, 1400, 300)
    return wid, lines


def _wait_source(lines, fn, what):
    """poll(fn), failing with the drag source's output so far."""
    try:
        return poll(fn, what=what)
    except WaitTimeout as e:
        raise WaitTimeout(f'{e}; drag source output: {lines()}') from None


def _drag(s, source_wid, target_wid, lines):
    """Press in the middle of the source window, move until the source says its
    drag began, move to the middle of the target window and on, a pixel at a time,
    until the source says the target accepts a copy (XdndStatus came back), and
    release. Every step waits for what it needs; none relies on a pause."""
    sx, sy, sw, sh = s.window_geometry(source_wid)
    tx, ty, tw, th = s.window_geometry(target_wid)
    pointer = [sx + sw // 2, sy + sh // 2]

    def move(x, y):
        if [x, y] != pointer:                       # mousemove --sync waits for a move
            s.mousemove(x, y)
            pointer[:] = [x, y]

    def nudge(x, y):
        # Motion events are what drive GTK's drag (its threshold, then XdndPosition
        # to the target): alternate between (x, y) and the point next to it.
        if pointer != [x, y]:
            move(x, y)
        else:
            move(x + 1, y)

    def accepted():
        actions = [line for line in lines() if line.startswith('action ')]
        return actions and actions[-1] == 'action copy'

    s.mousemove(*pointer)
    s.xdotool('mousedown', 1)
    try:
        y0 = pointer[1]
        _wait_source(lines, lambda: move(pointer[0] - 4, y0) or 'drag-begin' in lines(),
                     'the drag to begin')
        cx, cy = tx + tw // 2, ty + th // 2
        x0 = pointer[0]
        for i in range(1, 11):                      # glide over in ten motions
            move(x0 + (cx - x0) * i // 10, y0 + (cy - y0) * i // 10)
        _wait_source(lines, lambda: nudge(cx, cy) or accepted(), 'iro to accept the drop')
    finally:
        s.xdotool('mouseup', 1)


def test_file_dragged_onto_the_window_opens_as_a_tab():
    a, dropped = _fixtures('first.png', 'dropped.png')
    with Session() as s:
        app = s.launch([a])
        frame = app.frame('first.png')
        app.find('image', 'first.png', root=frame)
        source, lines = _start_drag_source(s, [dropped])
        _drag(s, source, app.window_id('first.png'), lines)
        _wait_source(lines, lambda: 'dnd-finished' in lines(), 'iro to take the drop')
        # The dropped file is a new, selected tab of the same window.
        frame = app.frame('dropped.png')
        _wait_tabs(app, frame, ['first.png', 'dropped.png'])
        app.find('image', 'dropped.png', root=frame)
        assert _frame_names(app) == ['dropped.png'], f'windows: {_frame_names(app)}'


def test_many_files_open_with_the_first_tab_in_view_and_only_it_and_its_neighbour_decoded():
    """`iro *.png` with thirty files: the tab bar shows the first tab, the one selected
    (AdwTabBar follows each tab added, so it used to show the last ones), and the tabs
    never shown have no image yet: they decode when shown."""
    folder = fixture_dir()
    names = [f'photo-{i:02}.png' for i in range(1, 31)]
    paths = [write_quadrants(os.path.join(folder, name), 64, 48) for name in names]
    with Session() as s:
        app = s.launch(paths)
        frame = app.frame(names[0])
        bar = app.wait(lambda: tab_bar(app) if len(tab_labels(app)) == len(names) else None, '30 tab labels')

        def label(name):
            found = [n for n in find_all(bar, 'label') if n.name == name]
            return found[0] if found else None
        app.wait(lambda: hit_test(frame, label(names[0])), 'the first tab in view in the tab bar')
        assert not hit_test(frame, label(names[-1])), 'the last tab is scrolled out of view'
        # Shown: the image of the first; never shown: no image node for the tenth yet.
        app.find('image', names[0], root=frame)
        assert not find_all(app.node(), 'image', names[9]), 'a tab never shown decoded its image'


def test_a_tabs_context_menu_acts_on_that_tab():
    """A right-click on a tab that is not the one shown opens the tab's menu; Close Other
    Tabs keeps that tab, not the shown one (BEHAVIOUR F6's tab menu)."""
    a, b, c = _fixtures('menu-a.png', 'menu-b.png', 'menu-c.png')
    with Session() as s:
        app = s.launch([a, b, c])
        frame = app.frame('menu-a.png')
        _wait_tabs(app, frame, ['menu-a.png', 'menu-b.png', 'menu-c.png'])
        label = app.wait(lambda: next((n for n in find_all(_tab_bar(frame), 'label') if n.name == 'menu-b.png'), None),
                         'the tab of menu-b.png')
        x, y, w, h = app.screen_extents(label, frame)
        s.click(x + w // 2, y + h // 2, button=3)
        item = app.wait(lambda: next((n for n in app.find_all('menu item') if n.name == 'Close Other Tabs'), None),
                        'the tab menu')
        assert {'Move to New Window', 'Duplicate Tab', 'Close Tabs to the Right', 'Close Tab'} <= {
            n.name for n in app.find_all('menu item')}
        do_action(item)
        app.wait(lambda: _frame_names(app) == ['menu-b.png'], 'only menu-b.png left, shown')
