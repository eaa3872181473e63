"""A slideshow as a user runs one (BEHAVIOUR H3): S starts it full screen, it steps at the
preferred interval (here a second) while the screensaver waits, Space pauses it, Right
steps, and Esc leaves at the image shown, the window as it was; an animation plays to its
end before the show moves on."""

import os
import subprocess
import time

from fake_services import fake_service, read_lines
from harness import Session, fixture_dir, probably_showing, skip
from images import write_png

INTERVAL = 1.0


def _folder():
    d = os.path.join(fixture_dir(), 'show')
    os.makedirs(d, exist_ok=True)
    for i, colour in enumerate([(220, 30, 30), (30, 200, 40), (40, 60, 220), (240, 220, 30), (200, 40, 200)]):
        write_png(os.path.join(d, f's{i + 1}.png'), 160, 100, lambda x, y, c=colour: c)
    return d


def _position(frame):
    """Which image of the five the window shows, from its title (full screen hides the header)."""
    name = frame.name or ''
    return f'{name[1]} / 5' if len(name) == 6 and name.startswith('s') and name.endswith('.png') else None


def _header_shown(app, frame):
    """The header's Open button on screen: the window is not full screen (there its bars hide)."""
    found = app.find_all('push button', 'Open', root=frame)
    return bool(found) and probably_showing(app, frame, found[0])


def _with_interval(s, seconds, loops):
    """The preferences, where Iro keeps them when its schema is not installed."""
    folder = os.path.join(s.app_env()['XDG_CONFIG_HOME'], 'iro')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'window-state.ini'), 'w') as f:
        f.write(f'[window]\nslideshow-seconds={seconds}\nslideshow-loop={str(loops).lower()}\n')


def _start(s, folder, name, position, loops):
    """Iro on `name` of the folder (at `position` once listed), a show of a second an image."""
    s.start_window_manager()
    _with_interval(s, int(INTERVAL), loops=loops)
    app = s.launch([os.path.join(folder, name)])
    frame = app.frame(name)
    wid = s.focus_window(name)
    app.wait(lambda: _position(frame) == position, 'the folder listed')
    assert _header_shown(app, frame)
    return app, frame, wid


def _after(position):
    """The position after `position` ("3 / 5") in a show that loops."""
    index, count = (int(part) for part in position.split(' / '))
    return f'{index % count + 1} / {count}'


def test_the_slideshow_steps_pauses_and_ends_at_the_image_shown():
    folder = _folder()
    calls = os.path.join(fixture_dir(), 'inhibitions.txt')
    with Session() as s, fake_service('fake_session_manager.py', calls):
        app, frame, wid = _start(s, folder, 's1.png', '1 / 5', loops=True)
        s.key('s')
        app.wait(lambda: s.window_geometry(wid) == (0, 0, 1920, 1080) and not _header_shown(app, frame), 'the show runs full screen')
        inhibit = app.wait(lambda: [line for line in read_lines(calls) if line.startswith('inhibit')], 'the screensaver held off')
        flags, cookie, _reason = inhibit[0].split(' ', 3)[1:]
        assert int(flags) == 8, inhibit  # GTK_APPLICATION_INHIBIT_IDLE

        # Each image stays its interval: measured from when each step was seen.
        first = app.wait(lambda: _position(frame) != '1 / 5' and _position(frame), 'the show steps', timeout=10)
        stepped = time.monotonic()
        app.wait(lambda: _position(frame) != first, 'and steps again', timeout=10)
        assert time.monotonic() - stepped >= INTERVAL * 0.7, f'an image stayed only {time.monotonic() - stepped:.2f} s'

        # Space pauses: the image stays for several intervals (the pause is the behaviour).
        s.key('space')
        app.wait(lambda: app.find_all('label', 'Slideshow paused'), 'paused')
        at = _position(frame)
        seen = time.monotonic()
        while time.monotonic() - seen < INTERVAL * 3:
            assert _position(frame) == at, 'a paused show stepped'
            time.sleep(0.1)
        s.key('Right')  # steps in the show's order, paused or not
        after = _after(at)
        app.wait(lambda: _position(frame) == after, f'Right steps to {after}')

        s.key('Escape')
        app.wait(lambda: _header_shown(app, frame), 'Esc: the window as it was, its header back')
        app.wait(lambda: f'uninhibit {cookie}' in read_lines(calls), 'the screensaver released')
        ended = time.monotonic()
        while time.monotonic() - ended < INTERVAL * 2.5:
            assert _position(frame) == after, 'the show went on after Esc'
            time.sleep(0.1)


def test_a_show_that_does_not_loop_ends_at_the_last_image():
    folder = _folder()
    with Session() as s:
        app, frame, _ = _start(s, folder, 's4.png', '4 / 5', loops=False)
        s.key('s')
        app.wait(lambda: not _header_shown(app, frame), 'full screen')
        app.wait(lambda: _position(frame) == '5 / 5', 'the last image', timeout=10)
        app.wait(lambda: _header_shown(app, frame), 'after it, the show ended by itself', timeout=10)
        assert _position(frame) == '5 / 5'


def test_an_animation_plays_to_its_end_before_the_show_moves_on():
    folder = os.path.join(fixture_dir(), 'animated')
    os.makedirs(folder)
    write_png(os.path.join(folder, 's1.png'), 160, 100, lambda x, y: (220, 30, 30))
    write_png(os.path.join(folder, 's3.png'), 160, 100, lambda x, y: (40, 60, 220))
    # Three frames of a second each, looping for ever: one pass is three seconds.
    gif = os.path.join(folder, 's2.gif')
    r = subprocess.run(['convert', '-delay', '100', '-size', '160x100', 'xc:orange', 'xc:lime', 'xc:purple', '-loop', '0', gif],
                       capture_output=True)
    if r.returncode != 0:
        skip(f'ImageMagick could not make the GIF: {r.stderr.decode(errors="replace")[:200]}')
    with Session() as s:
        s.start_window_manager()
        _with_interval(s, int(INTERVAL), loops=False)
        app = s.launch([os.path.join(folder, 's1.png')])
        frame = app.frame('s1.png')
        s.focus_window('s1.png')
        app.wait(lambda: app.find_all('label', '1 / 3'), 'the folder listed')
        s.key('s')
        app.wait(lambda: frame.name == 's2.gif', 'the show reaches the animation', timeout=10)
        arrived = time.monotonic()
        app.wait(lambda: frame.name == 's3.png', 'and goes on after it', timeout=15)
        stayed = time.monotonic() - arrived
        assert stayed >= 2.5, f'the animation (three seconds a pass) stayed only {stayed:.2f} s'
