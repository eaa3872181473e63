"""The preferences as a user changes them (BEHAVIOUR H4): Ctrl+, opens them; choosing that
the mouse wheel goes to the next image makes the wheel step through the folder at once,
in the window already open, and the choice is kept for the next time."""

import os

from harness import Session, find_all, fixture_dir
from images import write_png


def _position(frame):
    labels = [n.name for n in find_all(frame, 'label') if ' / ' in (n.name or '')]
    return labels[0] if labels else None


def test_the_wheel_preference_makes_the_wheel_step_through_the_folder():
    folder = os.path.join(fixture_dir(), 'wheel')
    os.makedirs(folder)
    for i, colour in enumerate([(220, 30, 30), (30, 200, 40), (40, 60, 220)]):
        write_png(os.path.join(folder, f'w{i + 1}.png'), 160, 100, lambda x, y, c=colour: c)
    with Session() as s:
        app = s.launch([os.path.join(folder, 'w1.png')])
        frame = app.frame('w1.png')
        s.focus_window('w1.png')
        app.wait(lambda: _position(frame) == '1 / 3', 'the folder listed')
        canvas = app.find('image', 'w1.png', root=frame)
        x, y, w, h = app.screen_extents(canvas, frame)
        # As it comes: the wheel scrolls (an image that fits does not move), no step.
        s.mousemove(x + w // 2, y + h // 2)
        s.xdotool('click', '--repeat', 3, 5)
        s.key('ctrl+comma')
        preferences = app.frame('Preferences')
        assert _position(frame) == '1 / 3', 'the wheel stepped before it was asked to'

        wheel = app.find('combo box', 'Mouse wheel', root=preferences)
        px, py, pw, ph = app.screen_extents(wheel, preferences)
        s.click(px + pw - 40, py + ph // 2)
        app.wait(lambda: app.find_all('label', 'Steps through the folder'), 'the wheel choices')
        # The choices' popover: the one chosen has the keys; the third is two down.
        s.key('Down', 'Down', 'Return')
        kept = os.path.join(s.app_env()['XDG_CONFIG_HOME'], 'iro', 'window-state.ini')
        app.wait(lambda: os.path.exists(kept) and 'wheel-action=step' in open(kept).read(), 'the choice kept')
        # Esc closes the choices if they are still open, then the preferences.
        for _ in range(2):
            if [f for f in app.frames() if f.name == 'Preferences']:
                s.key('Escape')
        app.wait(lambda: not [f for f in app.frames() if f.name == 'Preferences'], 'the preferences closed')

        s.focus_window('w1.png')
        s.mousemove(x + w // 2, y + h // 2)
        s.xdotool('click', 5)
        app.wait(lambda: _position(frame) == '2 / 3', 'the wheel down: the next image')
        s.xdotool('click', 4)
        app.wait(lambda: _position(frame) == '1 / 3', 'the wheel up: the previous image')
        s.key('ctrl+q')
        app.wait_exit()

        # The next time, the wheel steps from the start.
        again = s.launch([os.path.join(folder, 'w2.png')])
        frame = again.frame('w2.png')
        s.focus_window('w2.png')
        again.wait(lambda: _position(frame) == '2 / 3', 'the folder listed')
        # The new window came up under a pointer that did not move: a move lets GTK know it is there.
        s.mousemove(x + w // 2 + 5, y + h // 2 + 5)
        s.mousemove(x + w // 2, y + h // 2)
        s.xdotool('click', 5)
        again.wait(lambda: _position(frame) == '3 / 3', 'still the next image')
