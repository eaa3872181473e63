"""End-to-end test harness for Iro: the built `iro` binary as a user meets it.

A `Session` gives a private world: its own D-Bus session bus (a dbus-daemon with no
service activation, so nothing such as xdg-desktop-portal is ever started), its own
Xvfb on a free display, and its own AT-SPI bus (at-spi-bus-launcher). It ends exactly
what it started (each process it spawned plus their descendants, by pid).

Inside a session, `session.launch(args)` starts iro and returns an `App`; `App` finds
nodes of iro's accessibility tree by role and name, always by polling with a deadline.

    with Session() as s:
        app = s.launch([png])
        frame = app.frame('quadrants.png')             # waits up to 10 s
        canvas = app.find('image', 'quadrants.png')    # anywhere under the app
        x, y, w, h = app.screen_extents(canvas, frame)
        r, g, b = s.pixel(x + w // 2, y + h // 2)      # from a fresh screenshot
        do_action(app.find('push button', 'Zoom In'))
        s.focus_window('quadrants.png'); s.key('ctrl+minus')

libatspi keeps one connection to the accessibility bus per process, so there is one
Session per process: run_all.py runs every test in a process of its own.

Run with /usr/bin/python3 (Debian's python3-pyatspi lives there).
"""

import os
import re
import select
import shutil
import signal
import struct
import subprocess
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..'))
DEFAULT_BIN = os.path.join(REPO, '.build', 'debug', 'iro')
TIMEOUT = float(os.environ.get('IRO_E2E_TIMEOUT', '10'))
POLL_INTERVAL = 0.05


# ---------------------------------------------------------------------------
# Outcomes and waiting
# ---------------------------------------------------------------------------

class Skip(Exception):
    """Raised by a test that cannot run here (missing tool, missing sample...)."""


def skip(reason):
    raise Skip(reason)


class WaitTimeout(AssertionError):
    pass


class AppDied(AssertionError):
    """The app under test exited while we were waiting for it (never retried)."""


def iro_bin():
    return os.environ.get('IRO_BIN') or DEFAULT_BIN


def _pump_atspi_events():
    """Dispatch pending D-Bus signals so libatspi's cache (names, states, children)
    follows the app. Without a main loop, cached names would go stale."""
    try:
        from gi.repository import GLib
    except ImportError:
        return
    ctx = GLib.MainContext.default()
    for _ in range(1000):
        if not ctx.pending():
            break
        ctx.iteration(False)


def poll(fn, timeout=None, what='condition', interval=POLL_INTERVAL):
    """Call fn() until it returns something truthy; return that. Raises WaitTimeout
    after `timeout` seconds (default TIMEOUT). Exceptions from fn count as "not yet"
    (nodes go stale while the tree changes); the last one is reported on timeout."""
    timeout = TIMEOUT if timeout is None else timeout
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        _pump_atspi_events()
        try:
            value = fn()
            if value:
                return value
        except (WaitTimeout, Skip, AppDied):
            raise
        except Exception as e:  # stale accessible, D-Bus error, ...
            last_error = e
        if time.monotonic() >= deadline:
            msg = f'timed out after {timeout:g} s waiting for {what}'
            if last_error is not None:
                msg += f' (last error: {last_error!r})'
            raise WaitTimeout(msg)
        time.sleep(interval)


# ---------------------------------------------------------------------------
# Processes: start, and end exactly what was started
# ---------------------------------------------------------------------------

def become_subreaper():
    """Make this process the reaper of its orphaned descendants (Linux
    PR_SET_CHILD_SUBREAPER): a helper whose parent dies mid-shutdown is re-parented
    here rather than to init (which in a container may never reap it), so it stays
    visible to descendants() and is reaped by reap_orphans()."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except Exception:
        pass


def reap_orphans():
    """Collect exit statuses of children nobody waits for (see become_subreaper).
    Call only when no subprocess.Popen of ours is still running."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _parent_map():
    children = {}
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(')') + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(entry))
    return children


def descendants(pid):
    """All live descendants of pid (children first)."""
    children = _parent_map()
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(0), []):
            out.append(c)
            todo.append(c)
    return out


def _alive(pid):
    try:
        with open(f'/proc/{pid}/stat') as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(')') + 2] != 'Z'


def end_tree(proc, grace=3.0):
    """SIGTERM a process we started and all its descendants, SIGKILL what is left
    after `grace` seconds, and reap our direct child."""
    if proc is None:
        return
    pids = [proc.pid] + descendants(proc.pid) if proc.poll() is None else descendants(proc.pid)
    for p in reversed(pids):
        try:
            os.kill(p, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        proc.poll()
        if not any(_alive(p) for p in pids):
            break
        time.sleep(0.02)
    for p in pids:
        if _alive(p):
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass


def _read_line(fd, timeout, what):
    deadline = time.monotonic() + timeout
    buf = b''
    while b'\n' not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            raise WaitTimeout(f'timed out after {timeout:g} s waiting for {what}')
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                raise RuntimeError(f'{what}: stream closed before a line arrived ({buf!r})')
            buf += chunk
    return buf.split(b'\n', 1)[0].decode().strip()


# ---------------------------------------------------------------------------
# Session
# ---------------------------------------------------------------------------

_DBUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <!-- no service directories: nothing is ever activated on this bus -->
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""

_session_used = False


class Session:
    """Private D-Bus session + Xvfb + AT-SPI bus. One per process."""

    def __init__(self, width=1920, height=1080, depth=24):
        self.size = (width, height, depth)
        self.tmp = None
        self.display = None
        self.bus_address = None
        self.apps = []
        self._procs = []          # (name, Popen), in start order
        self._saved_env = {}
        self.last_shot = None

    # -- lifecycle ----------------------------------------------------------
    def __enter__(self):
        global _session_used
        if _session_used:
            raise RuntimeError('one Session per process (libatspi keeps its first bus)')
        _session_used = True
        missing = [t for t in ('dbus-daemon', 'Xvfb', 'xdotool', 'import', 'dbus-send')
                   if not shutil.which(t)]
        if not os.access('/usr/libexec/at-spi-bus-launcher', os.X_OK):
            missing.append('/usr/libexec/at-spi-bus-launcher (at-spi2-core)')
        try:
            import pyatspi  # noqa: F401
        except ImportError:
            missing.append('pyatspi (python3-pyatspi; run with /usr/bin/python3)')
        if missing:
            skip('not installed: ' + ', '.join(missing))
        become_subreaper()
        self.tmp = tempfile.mkdtemp(prefix='iro-e2e-')
        try:
            self._start_dbus()
            self._start_xvfb()
            self._start_atspi()
            import pyatspi  # noqa: F401  (after the environment points at our buses)
        except BaseException:
            self._stop()
            raise
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and exc_type is not Skip:
            self._save_artifacts()
        self._stop()
        return False

    def _save_artifacts(self):
        """On failure: keep logs and the last screenshot in $IRO_E2E_ARTIFACTS."""
        dest = os.environ.get('IRO_E2E_ARTIFACTS')
        if not dest or not self.tmp:
            return
        try:
            os.makedirs(dest, exist_ok=True)
            for name in os.listdir(self.tmp):
                if name.endswith(('.log', '.png')):
                    shutil.copy(os.path.join(self.tmp, name), dest)
            if self.last_shot is not None:
                self.last_shot.write_png(os.path.join(dest, 'last-screenshot.png'))
            for app in self.apps:
                try:
                    with open(os.path.join(dest, f'tree-{app.pid}.txt'), 'w') as f:
                        f.write(app.dump())
                except Exception:
                    pass
        except OSError:
            pass

    def describe(self):
        """One line per helper process (alive or exit status) and its log tail."""
        out = [f'DISPLAY={self.display} DBUS_SESSION_BUS_ADDRESS={self.bus_address}']
        for name, proc in self._procs:
            state = 'running' if proc.poll() is None else f'exited {proc.returncode}'
            tail = ''
            try:
                with open(os.path.join(self.tmp, f'{name}.log'), errors='replace') as f:
                    tail = f.read()[-300:].strip().replace('\n', ' | ')
            except OSError:
                pass
            out.append(f'{name} (pid {proc.pid}): {state} {tail}')
        return '\n'.join(out)

    def _spawn(self, name, argv, **kw):
        log = open(os.path.join(self.tmp, f'{name}.log'), 'wb')
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                stdout=kw.pop('stdout', log), stderr=log,
                                env=kw.pop('env', os.environ.copy()), **kw)
        log.close()
        self._procs.append((name, proc))
        return proc

    def _setenv(self, key, value):
        if key not in self._saved_env:
            self._saved_env[key] = os.environ.get(key)
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value

    def _start_dbus(self):
        conf = os.path.join(self.tmp, 'session.conf')
        with open(conf, 'w') as f:
            f.write(_DBUS_CONFIG.format(dir=self.tmp))
        r, w = os.pipe()
        try:
            self._spawn('dbus', ['dbus-daemon', f'--config-file={conf}', '--nofork',
                                 f'--print-address={w}'], pass_fds=(w,))
            os.close(w)
            w = None
            self.bus_address = _read_line(r, TIMEOUT, 'dbus-daemon address')
        finally:
            os.close(r)
            if w is not None:
                os.close(w)
        self._setenv('DBUS_SESSION_BUS_ADDRESS', self.bus_address)
        self._setenv('AT_SPI_BUS_ADDRESS', None)
        runtime = os.path.join(self.tmp, 'runtime')
        os.mkdir(runtime, 0o700)
        self._setenv('XDG_RUNTIME_DIR', runtime)

    def _start_xvfb(self):
        """Xvfb on a free display, chosen like xvfb-run -a but from a range of its
        own; the display is ours once Xvfb has written its pid into
        /tmp/.X{n}-lock and accepts connections. (Not -displayfd: with it, Xvfb
        creates no lock file, so other tools cannot see the display is taken.)
        -noreset: by default Xvfb resets whenever its last client disconnects, and
        a client connecting during a reset is refused."""
        width, height, depth = self.size
        first = 300 + os.getpid() % 50
        for n in list(range(first, 400)) + list(range(300, first)):
            if os.path.exists(f'/tmp/.X{n}-lock') or os.path.exists(f'/tmp/.X11-unix/X{n}'):
                continue
            proc = self._spawn('xvfb', ['Xvfb', f':{n}', '-noreset', '-screen', '0',
                                        f'{width}x{height}x{depth}', '-nolisten', 'tcp'])
            if self._xvfb_ready(proc, n):
                self.display = f':{n}'
                self._setenv('DISPLAY', self.display)
                return
            end_tree(proc)
            self._procs.remove(('xvfb', proc))
        raise RuntimeError('no free X display in :300-:399 for Xvfb')

    @staticmethod
    def _xvfb_ready(proc, n):
        import socket
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                return False  # display taken after all (lock or socket in use)
            try:
                with open(f'/tmp/.X{n}-lock') as f:
                    owner = int(f.read().strip() or 0)
            except (OSError, ValueError):
                owner = 0
            if owner == proc.pid:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    s.connect(f'/tmp/.X11-unix/X{n}')
                    return True
                except OSError:
                    pass
                finally:
                    s.close()
            elif owner:
                return False  # someone else's server
            time.sleep(0.02)
        return False

    def _start_atspi(self):
        self._spawn('atspi', ['/usr/libexec/at-spi-bus-launcher', '--launch-immediately'])

        def ready():
            r = subprocess.run(['dbus-send', '--session', '--print-reply',
                                '--dest=org.a11y.Bus', '/org/a11y/bus',
                                'org.a11y.Bus.GetAddress'],
                               capture_output=True, text=True, timeout=TIMEOUT)
            return r.returncode == 0 and 'string' in r.stdout
        poll(ready, what='the AT-SPI bus (org.a11y.Bus)')

    def _stop(self):
        for app in self.apps:
            app.quit()
        for _, proc in reversed(self._procs):
            end_tree(proc)
        self._procs.clear()
        # Helpers re-parented to us (subreaper) when their parents ended first were
        # killed by end_tree too; collect their exit statuses.
        reap_orphans()
        for key, value in self._saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        self._saved_env.clear()
        if self.tmp and not os.environ.get('IRO_E2E_KEEP'):
            shutil.rmtree(self.tmp, ignore_errors=True)

    # -- the app --------------------------------------------------------------
    def app_env(self, extra=None):
        env = os.environ.copy()
        env.update({
            'ADW_DISABLE_PORTAL': '1',
            'GTK_USE_PORTAL': '0',
            'GDK_BACKEND': 'x11',
            'GTK_A11Y': 'atspi',
            'DISPLAY': self.display,
            'DBUS_SESSION_BUS_ADDRESS': self.bus_address,
            'HOME': os.path.join(self.tmp, 'home'),
            'XDG_CONFIG_HOME': os.path.join(self.tmp, 'home', '.config'),
            'XDG_DATA_HOME': os.path.join(self.tmp, 'home', '.local', 'share'),
            'XDG_CACHE_HOME': os.path.join(self.tmp, 'home', '.cache'),
            'GSETTINGS_BACKEND': 'memory',
            'LANGUAGE': 'en', 'LC_ALL': 'C.UTF-8', 'LANG': 'C.UTF-8',
        })
        env.pop('NO_AT_BRIDGE', None)
        env.pop('AT_SPI_BUS_ADDRESS', None)
        os.makedirs(env['XDG_CONFIG_HOME'], exist_ok=True)
        if extra:
            for k, v in extra.items():
                if v is None:
                    env.pop(k, None)
                else:
                    env[k] = v
        return env

    def launch(self, args, env=None):
        """Start iro with `args`; returns an App. `env` entries override (None unsets)."""
        binary = iro_bin()
        if not os.access(binary, os.X_OK):
            raise RuntimeError(f'no iro binary at {binary} (set IRO_BIN or run '
                               '`swift build --product iro`)')
        n = len(self.apps)
        log_path = os.path.join(self.tmp, f'iro-{n}.log')
        log = open(log_path, 'wb')
        proc = subprocess.Popen([binary] + list(args), stdin=subprocess.DEVNULL,
                                stdout=log, stderr=subprocess.STDOUT,
                                env=self.app_env(env), cwd=self.tmp)
        log.close()
        app = App(self, proc, log_path)
        self.apps.append(app)
        return app

    # -- screen -----------------------------------------------------------------
    def screenshot(self, path=None):
        """Grab the whole screen (ImageMagick `import -window root`); returns an
        Image. Also written as a PNG to `path` if given. Always kept in memory as
        session.last_shot so a failing test can save it (save_last_shot)."""
        r = subprocess.run(['import', '-display', self.display, '-window', 'root',
                            '-depth', '8', 'ppm:-'], capture_output=True, timeout=TIMEOUT)
        if r.returncode != 0:
            raise RuntimeError('import -window root failed: ' + r.stderr.decode(errors='replace'))
        shot = Image.from_ppm(r.stdout)
        self.last_shot = shot
        if path:
            shot.write_png(path)
        return shot

    def save_last_shot(self, name='failure'):
        """Write the last screenshot to $IRO_E2E_ARTIFACTS (or the session folder,
        which is removed at exit); returns its path."""
        if self.last_shot is None:
            return None
        folder = os.environ.get('IRO_E2E_ARTIFACTS') or self.tmp
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f'{name}.png')
        self.last_shot.write_png(path)
        return path

    def pixel(self, x, y, shot=None):
        """RGB at screen point (x, y): from `shot` (an Image) or a fresh screenshot."""
        return (shot or self.screenshot()).pixel(int(x), int(y))

    # -- input (xdotool) --------------------------------------------------------
    def xdotool(self, *args):
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

    def mousemove(self, x, y):
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


# ---------------------------------------------------------------------------
# The app and its accessibility tree
# ---------------------------------------------------------------------------

def _matches(value, want):
    if want is None:
        return True
    if isinstance(want, re.Pattern):
        return want.search(value or '') is not None
    if callable(want):
        return bool(want(value))
    return value == want


def walk(node, depth_limit=200):
    """Yield node and every descendant (depth first, document order). Stale children
    are skipped."""
    stack = [(node, 0)]
    while stack:
        n, d = stack.pop()
        yield n
        if d >= depth_limit:
            continue
        try:
            count = n.childCount
        except Exception:
            continue
        kids = []
        for i in range(count):
            try:
                c = n.getChildAtIndex(i)
            except Exception:
                c = None
            if c is not None:
                kids.append(c)
        stack.extend((c, d + 1) for c in reversed(kids))


def find_all(root, role=None, name=None):
    """Every node under root (inclusive) with that role (role name such as 'push
    button', or None for any) and name (exact string, compiled regex, predicate, or
    None for any)."""
    out = []
    for n in walk(root):
        try:
            if role is not None and n.getRoleName() != role:
                continue
            if not _matches(n.name, name):
                continue
        except Exception:
            continue
        out.append(n)
    return out


def ancestors(node):
    out = []
    n = node.parent
    while n is not None:
        out.append(n)
        try:
            if n.getRoleName() == 'application':
                break
        except Exception:
            break
        n = n.parent
    return out


def states(node):
    """Set of state names such as {'visible', 'sensitive', 'showing'}."""
    import pyatspi
    return {pyatspi.stateToString(s) for s in node.getState().getStates()}


def has_state(node, state):
    return node.getState().contains(state)


def extents(node):
    """(x, y, width, height) of a node, in window coordinates (component interface,
    ATSPI_COORD_TYPE_WINDOW). GTK 4.8 cannot know where its window is on the screen:
    asking for ATSPI_COORD_TYPE_SCREEN returns the same window-relative numbers and
    logs "Screen coordinates not supported" in the app. Use App.screen_extents for
    screen coordinates."""
    import pyatspi
    e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return e.x, e.y, e.width, e.height


def has_area(node):
    """True if the node has a non-empty allocation. A node in a GtkStack page that
    was never shown reports 0×0, and so does an auto-hidden AdwTabBar (height 0);
    but a page that was shown once and then replaced keeps its old, non-zero
    extents, so this is a necessary, not a sufficient, condition for "on screen"."""
    x, y, w, h = extents(node)
    return w > 0 and h > 0


def in_tree(app, node):
    """True if the node is (still) reachable from the app's root. GTK 4.8 leaves
    widgets that are not visible (gtk_widget_get_visible() false) out of the tree,
    so for controls that are hidden that way, absence is the "not showing" test."""
    return any(n == node for n in walk(app.node()))


def probably_showing(app, frame, node):
    """Best effort without STATE_SHOWING (which GTK 4.8 sets on windows only): the
    node is in the tree, has a non-empty allocation, and overlaps the window.
    Blind to opacity, to overlap by other widgets, and to inactive stack pages
    that were shown before (they keep stale extents): for those, compare
    screenshots (Image.crop / differing_fraction)."""
    if not in_tree(app, node) or not has_area(node):
        return False
    x, y, w, h = extents(node)
    fx, fy, fw, fh = extents(frame)
    return x < fx + fw and y < fy + fh and x + w > fx and y + h > fy


def hit_test(frame, node):
    """Ask the window which accessible is at the centre of `node`
    (GetAccessibleAtPoint): True if it is `node` or inside it, so False when the node
    is covered or in an inactive page. Works for labels and the image canvas; for
    icon buttons GTK 4.8 answers nothing (the pick lands on their unexposed
    GtkImage), so there False means nothing."""
    import pyatspi
    x, y, w, h = extents(node)
    if w <= 0 or h <= 0:
        return False
    hit = frame.queryComponent().getAccessibleAtPoint(x + w // 2, y + h // 2,
                                                      pyatspi.WINDOW_COORDS)
    while hit is not None:
        if hit == node:
            return True
        if hit == frame:
            return False
        hit = hit.parent
    return False


def do_action(node, name=None):
    """Run an action through AT-SPI (index 0, or the action called `name`)."""
    action = node.queryAction()
    index = 0
    if name is not None:
        names = [action.getName(i) for i in range(action.nActions)]
        if name not in names:
            raise AssertionError(f'{describe(node)} has no action {name!r} (has {names})')
        index = names.index(name)
    if action.nActions <= index:
        raise AssertionError(f'{describe(node)} has no actions')
    return action.doAction(index)


def describe(node):
    try:
        return f"{node.getRoleName()} {node.name!r}"
    except Exception as e:
        return f'<stale node: {e}>'


def dump(node, max_lines=400):
    """Indented text of the tree under node (role, name, and states other than the
    usual 'visible sensitive')."""
    lines = []

    def rec(n, d):
        if len(lines) >= max_lines:
            return
        try:
            have = states(n)
            st = sorted(have - {'visible', 'sensitive', 'enabled'})
            if 'sensitive' not in have and n.getRoleName() != 'application':
                st.append('insensitive')
            lines.append('  ' * d + f"{n.getRoleName()} {n.name!r}" +
                         (f" [{' '.join(st)}]" if st else ''))
            for i in range(n.childCount):
                rec(n.getChildAtIndex(i), d + 1)
        except Exception as e:
            lines.append('  ' * d + f'? {e!r}')
    rec(node, 0)
    return '\n'.join(lines)


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
                if c is not None and c.getRoleName() == 'frame' and _matches(c.name, name):
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

    def dump(self):
        return dump(self.node())


# ---------------------------------------------------------------------------
# Images: write PNG fixtures, read screenshots (pure Python, zlib + struct)
# ---------------------------------------------------------------------------

def _png_chunk(kind, data):
    return (struct.pack('>I', len(data)) + kind + data +
            struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))


def write_png(path, width, height, pixel_fn=None, rows=None):
    """Write an 8-bit RGB PNG. Either pixel_fn(x, y) -> (r, g, b) or rows (a list of
    `height` bytes objects of width*3 bytes)."""
    if rows is None:
        rows = [bytes(c for x in range(width) for c in pixel_fn(x, y)) for y in range(height)]
    raw = b''.join(b'\x00' + r for r in rows)
    data = (b'\x89PNG\r\n\x1a\n' +
            _png_chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)) +
            _png_chunk(b'IDAT', zlib.compress(raw, 6)) +
            _png_chunk(b'IEND', b''))
    with open(path, 'wb') as f:
        f.write(data)
    return path


QUADRANTS = {  # colour of each quadrant of write_quadrants' image
    'top_left': (230, 30, 30),
    'top_right': (30, 200, 40),
    'bottom_left': (40, 60, 220),
    'bottom_right': (240, 220, 30),
}


def write_quadrants(path, width=400, height=300, colours=QUADRANTS):
    """A width×height PNG of four solid quadrants (colours: QUADRANTS)."""
    hw, hh = width // 2, height // 2
    top = bytes(colours['top_left']) * hw + bytes(colours['top_right']) * (width - hw)
    bottom = bytes(colours['bottom_left']) * hw + bytes(colours['bottom_right']) * (width - hw)
    return write_png(path, width, height, rows=[top] * hh + [bottom] * (height - hh))


def quadrant_centres(x, y, w, h):
    """Screen points at the centres of the four quadrants of a rectangle."""
    return {
        'top_left': (x + w // 4, y + h // 4),
        'top_right': (x + 3 * w // 4, y + h // 4),
        'bottom_left': (x + w // 4, y + 3 * h // 4),
        'bottom_right': (x + 3 * w // 4, y + 3 * h // 4),
    }


def convert_image(src, dst, *options):
    """ImageMagick convert (e.g. PNG → JPEG). Skips the test if convert is missing."""
    exe = shutil.which('convert')
    if not exe:
        skip('ImageMagick convert is not installed')
    subprocess.run([exe, src, *options, dst], check=True, capture_output=True,
                   timeout=TIMEOUT)
    return dst


def close_enough(actual, expected, tolerance=12):
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


class Image:
    """A decoded 8-bit PNG (grey, RGB, palette, with or without alpha; not
    interlaced), enough for screenshots from ImageMagick."""

    def __init__(self, width, height, channels, rows, path=None):
        self.width, self.height, self.channels = width, height, channels
        self.rows = rows  # list of bytes, channels bytes per pixel
        self.path = path

    def pixel(self, x, y):
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f'({x}, {y}) outside {self.width}×{self.height}')
        row = self.rows[y]
        c = self.channels
        p = row[x * c:(x + 1) * c]
        if c in (1, 2):
            return (p[0], p[0], p[0])
        return tuple(p[:3])

    @classmethod
    def from_ppm(cls, data):
        """Decode binary PPM (P6, maxval 255), as `import ... ppm:-` writes."""
        fields, pos = [], 0
        while len(fields) < 4:
            while data[pos:pos + 1].isspace():
                pos += 1
            if data[pos:pos + 1] == b'#':
                pos = data.index(b'\n', pos) + 1
                continue
            end = pos
            while not data[end:end + 1].isspace():
                end += 1
            fields.append(data[pos:end])
            pos = end
        pos += 1  # the single whitespace after maxval
        magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
        if magic != b'P6' or maxval != 255:
            raise ValueError(f'unsupported PPM ({magic!r}, maxval {maxval})')
        stride = width * 3
        rows = [data[pos + y * stride:pos + (y + 1) * stride] for y in range(height)]
        return cls(width, height, 3, rows)

    def crop(self, x, y, width, height):
        """The part of the image inside a rectangle (clipped to the image)."""
        x0, y0 = max(0, int(x)), max(0, int(y))
        x1, y1 = min(self.width, int(x + width)), min(self.height, int(y + height))
        c = self.channels
        rows = [self.rows[yy][x0 * c:x1 * c] for yy in range(y0, y1)]
        return Image(max(0, x1 - x0), max(0, y1 - y0), c, rows)

    def colours(self):
        """The set of distinct RGB colours."""
        return {self.pixel(x, y) for y in range(self.height) for x in range(self.width)}

    def differing_fraction(self, other, tolerance=12):
        """Share of pixels (0..1) that differ by more than tolerance from `other`
        (same size)."""
        if (self.width, self.height) != (other.width, other.height):
            raise ValueError('images differ in size')
        n = self.width * self.height
        if n == 0:
            return 0.0
        bad = sum(1 for y in range(self.height) for x in range(self.width)
                  if not close_enough(self.pixel(x, y), other.pixel(x, y), tolerance))
        return bad / n

    def write_png(self, path):
        if self.channels == 3:
            rows = self.rows
        else:
            rows = [bytes(c for x in range(self.width) for c in self.pixel(x, y))
                    for y in range(self.height)]
        write_png(path, self.width, self.height, rows=rows)
        return path

    @classmethod
    def read(cls, path):
        with open(path, 'rb') as f:
            data = f.read()
        if data[:8] != b'\x89PNG\r\n\x1a\n':
            raise ValueError(f'{path}: not a PNG')
        pos, idat, palette = 8, [], None
        width = height = depth = ctype = interlace = None
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            pos += 12 + length
            if kind == b'IHDR':
                width, height, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'PLTE':
                palette = body
            elif kind == b'IDAT':
                idat.append(body)
            elif kind == b'IEND':
                break
        if depth != 8 or interlace:
            raise ValueError(f'{path}: only 8-bit non-interlaced PNGs (depth {depth}, '
                             f'interlace {interlace})')
        channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
        raw = zlib.decompress(b''.join(idat))
        stride = width * channels
        rows, prev, i = [], bytearray(stride), 0
        for _ in range(height):
            ftype = raw[i]
            line = bytearray(raw[i + 1:i + 1 + stride])
            i += 1 + stride
            _unfilter(ftype, line, prev, channels)
            rows.append(bytes(line))
            prev = line
        if ctype == 3:
            rows = [b''.join(palette[3 * v:3 * v + 3] for v in r) for r in rows]
            channels = 3
        return cls(width, height, channels, rows, path)


def _unfilter(ftype, line, prev, bpp):
    n = len(line)
    if ftype == 0:
        return
    if ftype == 1:
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 0xff
    elif ftype == 2:
        for i in range(n):
            line[i] = (line[i] + prev[i]) & 0xff
    elif ftype == 3:
        for i in range(n):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xff
    elif ftype == 4:
        for i in range(n):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pred = a if (pa <= pb and pa <= pc) else (b if pb <= pc else c)
            line[i] = (line[i] + pred) & 0xff
    else:
        raise ValueError(f'bad PNG filter type {ftype}')


# ---------------------------------------------------------------------------
# Small helpers shared by tests
# ---------------------------------------------------------------------------

_SPACES = re.compile(r'[\s\u00a0\u202f\u2009]+')
_PERCENT = re.compile(r'^\s*(\d+)\s*%\s*$')


def normalise_spaces(text):
    """Collapse any run of (also non-breaking / narrow) spaces to one ' '."""
    return _SPACES.sub(' ', text or '').strip()


def zoom_label(app, timeout=None):
    """The header bar's zoom percentage label node (a label reading 'N %')."""
    return app.find('label', _PERCENT, timeout)


def zoom_percent(node):
    m = _PERCENT.match(node.name or '')
    return int(m.group(1)) if m else None


def wait_zoom_text(app, text, timeout=None):
    """Wait until the zoom label reads `text` (e.g. '200 %'); returns the node."""
    def ok():
        for n in app.find_all('label', _PERCENT):
            if normalise_spaces(n.name) == text:
                return n
        return None
    return app.wait(ok, f'the zoom label to read {text!r}', timeout)


def tab_bar(app):
    """The tab bar node: a 'page tab list' if the app ever exposes one, else the
    AdwTabBar (libadwaita 1.2 gives it the generic role 'filler' and no name, so
    GTK 4.8 falls back to the type name 'AdwTabBar')."""
    for role, name in (('page tab list', None), ('filler', 'AdwTabBar')):
        found = app.find_all(role, name)
        if found:
            return found[0]
    return None


def tab_labels(app):
    """Names of the tab labels, in tab order ([] when there is no tab bar)."""
    bar = tab_bar(app)
    if bar is None:
        return []
    return [n.name for n in find_all(bar, 'label')]


def quadrant_mismatches(session, app, frame, canvas, size=(400, 300), zoom=1.0,
                        colours=QUADRANTS, tolerance=12, shot=None):
    """Check a write_quadrants image as drawn centred in the canvas at `zoom`.
    Returns a list of problems (empty when all is well): each quadrant centre must
    have its colour; 4 px inside each outer corner of the image must have that
    corner's colour, and 4 px outside must not look like any quadrant (so the image
    is drawn at size×zoom, centred)."""
    x, y, w, h = app.screen_extents(canvas, frame)
    iw, ih = size[0] * zoom, size[1] * zoom
    left, top = x + (w - iw) / 2, y + (h - ih) / 2
    right, bottom = left + iw, top + ih
    shot = shot or session.screenshot()
    problems = []

    def expect(px, py, want, what):
        got = shot.pixel(int(px), int(py))
        if not close_enough(got, want, tolerance):
            problems.append(f'{what} at ({int(px)}, {int(py)}): got {got}, want {want}')

    def expect_not(px, py, what):
        if not (0 <= px < shot.width and 0 <= py < shot.height):
            return
        got = shot.pixel(int(px), int(py))
        if any(close_enough(got, c, tolerance) for c in colours.values()):
            problems.append(f'{what} at ({int(px)}, {int(py)}) is image-coloured {got}')

    for name, (px, py) in quadrant_centres(left, top, iw, ih).items():
        expect(px, py, colours[name], f'{name} centre')
    corners = {'top_left': (left, top, 1, 1), 'top_right': (right, top, -1, 1),
               'bottom_left': (left, bottom, 1, -1), 'bottom_right': (right, bottom, -1, -1)}
    for name, (cx, cy, dx, dy) in corners.items():
        # the inside point is 4 px from the edges, the outside one 4 px beyond them
        # (right/bottom are exclusive, hence the -1 when stepping inward from them)
        ix = cx + 4 * dx - (1 if dx < 0 else 0)
        iy = cy + 4 * dy - (1 if dy < 0 else 0)
        expect(ix, iy, colours[name], f'{name} corner (inside)')
        ox = cx - 4 * dx - (1 if dx < 0 else 0)
        oy = cy - 4 * dy - (1 if dy < 0 else 0)
        if x <= ox < x + w and y <= oy < y + h:
            expect_not(ox, oy, f'{name} corner (outside)')
    return problems


def wait_quadrants(session, app, frame, canvas, timeout=None, **kw):
    """Poll screenshots until quadrant_mismatches is empty; on timeout, fail with
    the last problems and the path of the saved screenshot."""
    last = []

    def ok():
        last[:] = quadrant_mismatches(session, app, frame, canvas, **kw)
        return not last
    try:
        poll(ok, timeout, what='the quadrant image on screen')
    except WaitTimeout as e:
        path = session.save_last_shot('quadrants')
        raise AssertionError(f'{e}: ' + '; '.join(last) + f' (screenshot: {path})') from None


def fixture_dir():
    """A temporary folder for fixtures, removed at exit."""
    d = tempfile.mkdtemp(prefix='iro-e2e-fixtures-')
    import atexit
    atexit.register(shutil.rmtree, d, True)
    return d


def require_tools(*tools):
    missing = [t for t in tools if not shutil.which(t)]
    if missing:
        skip('missing tools: ' + ', '.join(missing))
