"""A desktop portal with only the Wallpaper interface, for tests: owns
org.freedesktop.portal.Desktop, writes each SetWallpaperURI's URI and options to the file
given as its argument, and answers through the request's Response signal with the code
given as its second argument (0: set, 1: cancelled). Prints "ready" once it answers."""

import sys

from gi.repository import Gio, GLib

INTERFACE = Gio.DBusNodeInfo.new_for_xml(
    '<node><interface name="org.freedesktop.portal.Wallpaper">'
    '<method name="SetWallpaperURI"><arg type="s" direction="in"/><arg type="s" direction="in"/>'
    '<arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>'
    '<property name="version" type="u" access="read"/></interface></node>').interfaces[0]
CODE = int(sys.argv[2]) if len(sys.argv) > 2 else 0


def called(connection, sender, path, interface, method, parameters, invocation):
    _parent, uri, options = parameters.unpack()
    with open(sys.argv[1], 'a') as f:
        f.write(f"{uri} {options.get('show-preview')} {options.get('set-on')}\n")
    token = options.get('handle_token', 'request')
    handle = f"/org/freedesktop/portal/desktop/request/{sender[1:].replace('.', '_')}/{token}"
    invocation.return_value(GLib.Variant('(o)', (handle,)))
    connection.emit_signal(sender, handle, 'org.freedesktop.portal.Request', 'Response',
                           GLib.Variant('(ua{sv})', (CODE, {})))


def get_property(connection, sender, path, interface, name):
    return GLib.Variant('u', 1)


def bus_acquired(connection, name):
    connection.register_object('/org/freedesktop/portal/desktop', INTERFACE, called, get_property, None)


def name_acquired(connection, name):
    print('ready', flush=True)


Gio.bus_own_name(Gio.BusType.SESSION, 'org.freedesktop.portal.Desktop', Gio.BusNameOwnerFlags.NONE,
                 bus_acquired, name_acquired, lambda *args: sys.exit(1))
GLib.MainLoop().run()
