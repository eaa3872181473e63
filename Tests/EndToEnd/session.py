"""Sessions: the private world a test runs iro in, and starting iro there.

A Session starts its own D-Bus session bus (a dbus-daemon with no service
activation, so nothing such as xdg-desktop-portal is ever started), its own Xvfb on a
free display and its own AT-SPI bus (at-spi-bus-launcher), points this process's
environment at them, and on exit ends exactly what it started (see processes.py).
session.launch(args) starts iro there and returns an App (app.py). Screenshots come
from screen.Screenshots and keys, pointer and X windows from
user_input.KeyboardAndPointer, both mixed into Session.

libatspi keeps one connection to the accessibility bus per process, so there is one
Session per process.
"""

import os
import shutil
import subprocess
import tempfile
import time

from app import App
from processes import become_subreaper, end_tree, read_line, reap_orphans
from screen import Screenshots
from user_input import KeyboardAndPointer
from waiting import TIMEOUT, Skip, poll, skip

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..'))
DEFAULT_BIN = os.path.join(REPO, '.build', 'debug', 'iro')


def iro_bin():
    """The iro binary under test: $IRO_BIN, else the debug build."""
    return os.path.abspath(os.environ.get('IRO_BIN') or DEFAULT_BIN)      # iro runs in the session's folder


_DBUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <!-- no service directories but {services}: nothing else is ever activated on this bus -->
{servicedir}  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""

_session_used = False


class Session(Screenshots, KeyboardAndPointer):
    """Private D-Bus session + Xvfb + AT-SPI bus. One per process. Also takes
    screenshots (screen.Screenshots) and sends input (user_input.KeyboardAndPointer)
    on its display."""

    def __init__(self, width=1920, height=1080, depth=24, two_monitors=False, gvfs=False):
        """`two_monitors`: Xorg's dummy driver instead of Xvfb, with a second monitor
        (1280x720, right of the first) that `unplug_second_monitor` takes away. `gvfs`: the
        bus starts GVfs's daemon when asked (trash:///, sftp://), with the session's home."""
        self.size = (width, height, depth)
        self.two_monitors = two_monitors
        self.gvfs = gvfs
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
            if self.two_monitors:
                self._start_xorg_dummy()
            else:
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

    def _services(self):
        return ['org.gtk.vfs.Daemon'] if self.gvfs else []

    def _servicedir(self):
        """A service folder with only the services this session asked for (GVfs's daemon,
        which starts its trash and sftp backends itself)."""
        if not self._services():
            return ''
        folder = os.path.join(self.tmp, 'services')
        os.makedirs(folder, exist_ok=True)
        for name in self._services():
            shutil.copy(f'/usr/share/dbus-1/services/{name}.service', folder)
        return f'  <servicedir>{folder}</servicedir>\n'

    def _start_dbus(self):
        conf = os.path.join(self.tmp, 'session.conf')
        with open(conf, 'w') as f:
            f.write(_DBUS_CONFIG.format(dir=self.tmp, services=self._services() or 'none',
                                        servicedir=self._servicedir()))
        r, w = os.pipe()
        try:
            # Services the bus starts (GVfs's trash, say) live in the session's home, as iro does.
            home = os.path.join(self.tmp, 'home')
            os.makedirs(os.path.join(home, '.local', 'share'), exist_ok=True)
            services_env = {**os.environ, 'HOME': home, 'XDG_DATA_HOME': os.path.join(home, '.local', 'share'),
                            'XDG_CONFIG_HOME': os.path.join(home, '.config'),
                            'XDG_CACHE_HOME': os.path.join(home, '.cache')}
            self._spawn('dbus', ['dbus-daemon', f'--config-file={conf}', '--nofork',
                                 f'--print-address={w}'], pass_fds=(w,), env=services_env)
            os.close(w)
            w = None
            self.bus_address = read_line(r, TIMEOUT, 'dbus-daemon address')
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
        if not self._start_x_server('xvfb', 300, lambda n: ['Xvfb', f':{n}', '-noreset', '-screen', '0',
                                                          f'{width}x{height}x{depth}', '-nolisten', 'tcp']):
            raise RuntimeError('no free X display in :300-:399 for Xvfb')

    def _start_x_server(self, name, base, argv):
        """Starts `argv(n)` (an X server for display :n) on the first free display of
        base…base+99, starting at a place of this process's own; whether one started."""
        first = base + os.getpid() % 50
        for n in list(range(first, base + 100)) + list(range(base, first)):
            if os.path.exists(f'/tmp/.X{n}-lock') or os.path.exists(f'/tmp/.X11-unix/X{n}'):
                continue
            proc = self._spawn(name, argv(n))
            if self._xvfb_ready(proc, n):
                self.display = f':{n}'
                self._setenv('DISPLAY', self.display)
                return True
            end_tree(proc)
            self._procs.remove((name, proc))
            if not os.path.exists(f'/tmp/.X{n}-lock'):
                return False  # it failed for another reason than a taken display
        return False

    def _start_xorg_dummy(self):
        """Xorg with the dummy driver and two outputs (two-monitors.conf) on a free display."""
        missing = [t for t in ('Xorg', 'openbox', 'xrandr') if not shutil.which(t)]
        if not os.path.exists('/usr/lib/xorg/modules/drivers/dummy_drv.so'):
            missing.append('xserver-xorg-video-dummy')
        if missing:
            skip('not installed: ' + ', '.join(missing) + ' (meson-helpers/install-deps.sh)')
        conf = os.path.join(HERE, 'two-monitors.conf')
        log = os.path.join(self.tmp, 'xorg-server.log')
        if not self._start_x_server('xorg', 400, lambda n: ['Xorg', f':{n}', '-config', conf, '-noreset',
                                                          '-nolisten', 'tcp', '-logfile', log]):
            skip('Xorg with the dummy driver could not start here (see xorg-server.log)')
        # Two monitors: the third output is there to be turned on (`plug_third_monitor`).
        subprocess.run(['xrandr', '--output', 'DUMMY2', '--off'], check=True, timeout=TIMEOUT)

    def start_openbox(self):
        """openbox: a window manager that puts a window full screen on the monitor asked for."""
        self._spawn('openbox', ['openbox', '--sm-disable'])

        def announced():
            r = subprocess.run(['xprop', '-root', '_NET_SUPPORTING_WM_CHECK'], capture_output=True, text=True,
                               timeout=TIMEOUT)
            return 'window id' in r.stdout
        poll(announced, what='openbox')

    def unplug_second_monitor(self):
        subprocess.run(['xrandr', '--output', 'DUMMY1', '--off'], check=True, timeout=TIMEOUT)

    def plug_third_monitor(self):
        """DUMMY2, 1280x720, right of DUMMY1 (connected and off until now: two-monitors.conf)."""
        subprocess.run(['xrandr', '--output', 'DUMMY2', '--mode', '1280x720', '--right-of', 'DUMMY1'],
                       check=True, timeout=TIMEOUT)

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

    def start_window_manager(self):
        """A window manager on this display, for what only one does: fullscreen, maximized
        windows. matchbox-window-manager without title bars maximizes every window, as
        desktops do for an image viewer's; it has announced itself once the root window
        names it (_NET_SUPPORTING_WM_CHECK)."""
        if not shutil.which('matchbox-window-manager') or not shutil.which('xprop'):
            skip('not installed: matchbox-window-manager or xprop (meson-helpers/install-deps.sh)')
        self._spawn('wm', ['matchbox-window-manager', '-use_titlebar', 'no'])

        def announced():
            r = subprocess.run(['xprop', '-root', '_NET_SUPPORTING_WM_CHECK'], capture_output=True, text=True,
                               timeout=TIMEOUT)
            return 'window id' in r.stdout
        poll(announced, what='the window manager')

    # -- the app --------------------------------------------------------------
    def app_env(self, extra=None, bare=False):
        """The environment iro runs in: this session's display, buses and home. `bare`:
        nothing else from the test runner's environment (as a desktop session starts it)."""
        env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin')} if bare else os.environ.copy()
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

    def launch(self, args, env=None, binary=None, bare=False):
        """Start iro (`binary`, by default IRO_BIN) with `args`; returns an App. `env`
        entries override (None unsets); `bare` starts from an empty environment."""
        binary = binary or iro_bin()
        if not os.access(binary, os.X_OK):
            raise RuntimeError(f'no iro binary at {binary} (set IRO_BIN or run '
                               '`swift build --product iro`)')
        n = len(self.apps)
        log_path = os.path.join(self.tmp, f'iro-{n}.log')
        log = open(log_path, 'wb')
        proc = subprocess.Popen([binary] + list(args), stdin=subprocess.DEVNULL,
                                stdout=log, stderr=subprocess.STDOUT,
                                env=self.app_env(env, bare=bare), cwd=self.tmp)
        log.close()
        app = App(self, proc, log_path)
        self.apps.append(app)
        return app
