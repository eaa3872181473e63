"""Command line: --version and --help need no display and no D-Bus."""

import os
import re
import subprocess

from harness import iro_bin, REPO, TIMEOUT


def _run(*args):
    env = {k: v for k, v in os.environ.items()
           if k not in ('DISPLAY', 'WAYLAND_DISPLAY', 'DBUS_SESSION_BUS_ADDRESS')}
    env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/iro-e2e-no-bus'
    return subprocess.run([iro_bin(), *args], capture_output=True, text=True,
                          timeout=TIMEOUT, env=env, stdin=subprocess.DEVNULL)


def _project_version():
    try:
        with open(os.path.join(REPO, 'meson.build')) as f:
            m = re.search(r"version\s*:\s*'([^']+)'", f.read())
        return m.group(1) if m else None
    except OSError:
        return None


def test_version_prints_name_and_version():
    r = _run('--version')
    assert r.returncode == 0, f'exit status {r.returncode}; stderr: {r.stderr}'
    out = r.stdout.strip()
    assert re.fullmatch(r'Iro \d+\.\d+\.\d+', out), f'--version printed {r.stdout!r}'
    version = _project_version()
    if version:
        assert out == f'Iro {version}', f'--version printed {out!r}, meson.build says {version}'


def test_help_shows_usage_and_options():
    r = _run('--help')
    assert r.returncode == 0, f'exit status {r.returncode}; stderr: {r.stderr}'
    assert re.search(r'iro .*\[FILE…\]', r.stdout), f'no "[FILE…]" usage in:\n{r.stdout}'
    assert '--new-window' in r.stdout, f'no --new-window in:\n{r.stdout}'
    assert '--version' in r.stdout, f'no --version in:\n{r.stdout}'
