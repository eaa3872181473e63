"""Waiting and outcomes: how long to wait (TIMEOUT), poll() that waits for a state
(and keeps libatspi's view of the app current while it waits), and the exceptions a
test ends with besides a plain AssertionError (Skip, WaitTimeout, AppDied).

Tests wait for states, never for a fixed time: poll(fn) calls fn until it returns
something truthy, with a deadline of TIMEOUT seconds (IRO_E2E_TIMEOUT, default 10).
"""

import os
import shutil
import time

TIMEOUT = float(os.environ.get('IRO_E2E_TIMEOUT', '10'))
POLL_INTERVAL = 0.05


class Skip(Exception):
    """Raised by a test that cannot run here (missing tool, missing sample...)."""


def skip(reason):
    raise Skip(reason)


class WaitTimeout(AssertionError):
    """A state waited for did not come within its deadline."""


class AppDied(AssertionError):
    """The app under test exited while we were waiting for it (never retried)."""


def require_tools(*tools):
    """Skip the test unless every one of these programs is on PATH."""
    missing = [t for t in tools if not shutil.which(t)]
    if missing:
        skip('missing tools: ' + ', '.join(missing))


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
