"""Stand-ins for desktop services on the test session's bus: a helper that runs one of the
fake_*.py scripts while a test needs it, and what those scripts share to own a name."""

import os
import subprocess
import sys
from contextlib import contextmanager

from processes import read_line
from session import HERE
from waiting import TIMEOUT


@contextmanager
def fake_service(script, *args):
    """Runs Tests/EndToEnd/`script` with `args` until the block ends, once it says it is ready."""
    service = subprocess.Popen([sys.executable, os.path.join(HERE, script), *args],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert read_line(service.stdout.fileno(), TIMEOUT, script) == 'ready'
        yield service
    finally:
        service.terminate()
        service.wait(TIMEOUT)


def serve(name, path, interface_xml, called, get_property=None):
    """Owns `name` on the session bus with one object at `path`, prints "ready", and answers
    calls for ever (run from a fake_*.py script)."""
    from gi.repository import Gio, GLib
    interface = Gio.DBusNodeInfo.new_for_xml(interface_xml).interfaces[0]

    def bus_acquired(connection, _name):
        connection.register_object(path, interface, called, get_property, None)

    Gio.bus_own_name(Gio.BusType.SESSION, name, Gio.BusNameOwnerFlags.NONE, bus_acquired,
                     lambda *_: print('ready', flush=True), lambda *_: sys.exit(1))
    GLib.MainLoop().run()


def read_lines(path):
    """The lines a fake service wrote to `path` so far (None before it wrote any)."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read().splitlines() or None
