"""Input through xdotool: keys, pointer moves and clicks as real (XTEST) input, and
the X windows they go to (found by title, focused, measured); the clipboard read back
with xclip. There is no window manager in a session, so focus is given with
XSetInputFocus (focus_window).
"""

import os
import re
import subprocess

from waiting import TIMEOUT, poll


class KeyboardAndPointer:
    """xdotool on a session's display. Mixed into Session, whose `display` it uses."""

    def xdotool(self, *args):
        """Run xdotool with these arguments on the display; returns its output."""
        r = subprocess.run(['xdotool'] + [str(a) for a in args], capture_output=True,
                           text=True, timeout=TIMEOUT,
                           env=dict(os.environ, DISPLAY=self.display))
        if r.returncode != 0:
            raise RuntimeError(f'xdotool {" ".join(map(str, args))}: rc={r.returncode} '
                               f'{r.stderr.strip()}')
        return r.stdout

    def key(self, *keys, window=None):
        """xdotool key, e.g. key('ctrl+minus'), as real (XTEST) input to the window
        that has the keyboard focus: call focus_window first. With `window` (an X
        window id) xdotool sends synthetic events (XSendEvent) instead, which
        toolkits may ignore."""
        if window is not None:
            self.xdotool('key', '--window', window, *keys)
        else:
            self.xdotool('key', *keys)

    def clipboard(self, target):
        """The clipboard's content as `target` (bytes), or None while it offers none (xclip)."""
        r = subprocess.run(['xclip', '-selection', 'clipboard', '-t', target, '-o'], capture_output=True,
                           timeout=TIMEOUT, env=dict(os.environ, DISPLAY=self.display))
        return r.stdout if r.returncode == 0 and r.stdout else None

    def clipboard_text(self):
        """The clipboard's text (UTF-8), or None."""
        content = self.clipboard('UTF8_STRING')
        return content.decode(errors='replace') if content is not None else None

    def type(self, text):
        """xdotool type: `text` as real key presses to the window with the keyboard focus."""
        self.xdotool('type', '--delay', 40, text)

    def mousemove(self, x, y):
        """Move the pointer and wait until it is there (xdotool's --sync would wait forever
        for a move to where the pointer already is)."""
        here = dict(item.split(':') for item in self.xdotool('getmouselocation').split()[:2])
        if (int(here['x']), int(here['y'])) != (int(x), int(y)):
            self.xdotool('mousemove', '--sync', int(x), int(y))

    def click(self, x, y, button=1):
        self.mousemove(x, y)
        self.xdotool('click', button)

    def windows(self, name):
        """X window ids whose title is exactly `name`."""
        r = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name',
                            '^' + re.escape(name) + '$'], capture_output=True, text=True,
                           timeout=TIMEOUT, env=dict(os.environ, DISPLAY=self.display))
        return [int(w) for w in r.stdout.split()]

    def focus_window(self, name):
        """Give keyboard focus to the X window titled `name` (no window manager here,
        so windowactivate would fail; XSetInputFocus via windowfocus works)."""
        wid = poll(lambda: (self.windows(name) or [None])[0], what=f'X window {name!r}')
        self.xdotool('windowfocus', '--sync', wid)
        poll(lambda: self.xdotool('getwindowfocus').strip() == str(wid),
             what=f'keyboard focus on {name!r}')
        return wid

    def window_geometry(self, wid):
        """(x, y, width, height) of an X window on the screen."""
        out = self.xdotool('getwindowgeometry', '--shell', wid)
        v = dict(line.split('=', 1) for line in out.split())
        return int(v['X']), int(v['Y']), int(v['WIDTH']), int(v['HEIGHT'])
