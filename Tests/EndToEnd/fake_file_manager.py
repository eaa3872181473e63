"""A file manager on the session bus, for tests: owns org.freedesktop.FileManager1 and
appends the URIs each ShowItems call names to the file given as its argument. Prints
"ready" once it answers."""

import sys

from gi.repository import Gio, GLib

INTERFACE = Gio.DBusNodeInfo.new_for_xml(
    '<node><interface name="org.freedesktop.FileManager1"><method name="ShowItems">'
    '<arg type="as" direction="in"/><arg type="s" direction="in"/></method></interface></node>').interfaces[0]


def called(connection, sender, path, interface, method, parameters, invocation):
    uris, _startup = parameters.unpack()
    with open(sys.argv[1], 'a') as f:
        f.write(''.join(uri + '\n' for uri in uris))
    invocation.return_value(None)


def bus_acquired(connection, name):
    connection.register_object('/org/freedesktop/FileManager1', INTERFACE, called, None, None)


def name_acquired(connection, name):
    print('ready', flush=True)


Gio.bus_own_name(Gio.BusType.SESSION, 'org.freedesktop.FileManager1', Gio.BusNameOwnerFlags.NONE,
                 bus_acquired, name_acquired, lambda *args: sys.exit(1))
GLib.MainLoop().run()
