"""The running iro under test (App): its process and log, its root in the
accessibility tree, waiting for nodes (find, wait_all, frame) with a dump of the tree
on timeout, and where its windows and nodes are on the screen.

Session.launch creates Apps; nodes found are pyatspi accessibles, handled with the
functions of accessibility.py.
"""

import re
import subprocess

from accessibility import do_action, dump, extents, find_all, name_matches
from processes import end_tree
from waiting import TIMEOUT, AppDied, WaitTimeout, poll

class App:
    """A running iro, found in the accessibility tree by its process id."""

    def __init__(self, session, proc, log_path):
        self.session = session
        self.proc = proc
        self.log_path = log_path
        self._node = None

    @property
    def pid(self):
        return self.proc.pid

    def alive(self):
        return self.proc.poll() is None

    def log(self):
        try:
            with open(self.log_path, errors='replace') as f:
                return f.read()
        except OSError:
            return ''

    def quit(self):
        end_tree(self.proc)

    def wait_exit(self, timeout=None):
        return poll(lambda: self.proc.poll() is not None and (self.proc.returncode,),
                    timeout, what=f'iro (pid {self.pid}) to exit')[0]

    def _check_alive(self):
        if not self.alive():
            raise AppDied(f'iro exited with status {self.proc.returncode}; log:\n'
                          + self.log()[-3000:] + '\n-- session --\n' + self.session.describe())

    def node(self, timeout=None):
        """The 'application' node of this process."""
        import pyatspi

        def find():
            self._check_alive()
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                a = desktop.getChildAtIndex(i)
                try:
                    if a is not None and a.get_process_id() == self.pid:
                        return a
                except Exception:
                    continue
            return None
        if self._node is None:
            self._node = poll(find, timeout, what=f'iro (pid {self.pid}) on the AT-SPI bus')
        return self._node

    def _failure(self, what, timeout):
        tree = ''
        try:
            tree = dump(self.node(timeout=1))
        except Exception as e:
            tree = f'(no tree: {e!r})'
        return WaitTimeout(f'timed out after {timeout:g} s waiting for {what}\n'
                           f'-- accessibility tree --\n{tree}\n-- iro log (tail) --\n'
                           + self.log()[-2000:] + '\n-- session --\n'
                           + self.session.describe())

    def wait(self, fn, what, timeout=None):
        """poll(fn) that also fails fast if iro died, and dumps the tree on timeout."""
        timeout = TIMEOUT if timeout is None else timeout

        def step():
            self._check_alive()
            return fn()
        try:
            return poll(step, timeout, what=what)
        except WaitTimeout:
            raise self._failure(what, timeout) from None

    def find(self, role, name=None, timeout=None, root=None):
        """First node with role and name under the app (or `root`), waiting for it."""
        return self.wait(lambda: (find_all(root or self.node(timeout), role, name) or [None])[0],
                         f'{role} {name!r}', timeout)

    def find_all(self, role=None, name=None, root=None):
        """Every matching node right now (no waiting)."""
        self._check_alive()
        return find_all(root or self.node(), role, name)

    def wait_all(self, role, name=None, count=1, timeout=None, root=None):
        """Wait until at least `count` nodes match; return them all."""
        def enough():
            found = find_all(root or self.node(timeout), role, name)
            return found if len(found) >= count else None
        return self.wait(enough, f'{count}× {role} {name!r}', timeout)

    def frame(self, name=None, timeout=None):
        """The app's window (AT-SPI role 'frame'), with that name if given."""
        def find():
            app = self.node(timeout)
            for i in range(app.childCount):
                c = app.getChildAtIndex(i)
                if c is not None and c.getRoleName() == 'frame' and name_matches(c.name, name):
                    return c
            return None
        return self.wait(find, f'frame {name!r}', timeout)

    def frames(self):
        app = self.node()
        out = []
        for i in range(app.childCount):
            c = app.getChildAtIndex(i)
            if c is not None and c.getRoleName() == 'frame':
                out.append(c)
        return out

    def window_id(self, title, timeout=None):
        return poll(lambda: (self.session.windows(title) or [None])[0], timeout,
                    what=f'X window titled {title!r}')

    def window_origin(self, frame):
        """Screen position of the frame's window-coordinate origin: the X window's
        position plus the client-side-decoration margin GTK draws around the
        window (_GTK_FRAME_EXTENTS when a compositor is running; without one,
        GTK 4.8 still keeps an invisible resize border: half of the size
        difference between the X window and the frame)."""
        wid = self.window_id(frame.name)
        wx, wy, ww, wh = self.session.window_geometry(wid)
        left = top = None
        r = subprocess.run(['xprop', '-display', self.session.display, '-id', str(wid),
                            '_GTK_FRAME_EXTENTS'], capture_output=True, text=True,
                           timeout=TIMEOUT)
        m = re.search(r'=\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+)', r.stdout)
        if r.returncode == 0 and m:
            left, top = int(m.group(1)), int(m.group(3))
        else:
            _, _, fw, fh = extents(frame)
            left, top = max(0, (ww - fw) // 2), max(0, (wh - fh) // 2)
        return wx + left, wy + top

    def screen_extents(self, node, frame):
        """Node extents on the screen: window-relative AT-SPI extents plus the
        window origin (see window_origin)."""
        x, y, w, h = extents(node)
        ox, oy = self.window_origin(frame)
        return x + ox, y + oy, w, h

    def choose_in_image_menu(self, session, name, item):
        """Right-clicks the middle of the image `name` and activates the menu item `item`."""
        frame = self.frame(name)
        x, y, w, h = self.screen_extents(self.find('image', name), frame)
        session.click(x + w // 2, y + h // 2, button=3)
        do_action(self.find('menu item', item))

    def dump(self):
        return dump(self.node())
