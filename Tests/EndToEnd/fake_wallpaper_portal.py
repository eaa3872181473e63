"""A desktop portal with only the Wallpaper interface, for tests: owns
org.freedesktop.portal.Desktop, writes each SetWallpaperURI's URI and options to the file
given as its argument, and answers through the request's Response signal with the code
given as its second argument (0: set, 1: cancelled). Prints "ready" once it answers."""

import sys

from gi.repository import GLib

from fake_services import serve

CODE = int(sys.argv[2]) if len(sys.argv) > 2 else 0


def called(connection, sender, path, interface, method, parameters, invocation):
    _parent, uri, options = parameters.unpack()
    with open(sys.argv[1], 'a') as f:
        f.write(f"{uri} {options.get('show-preview')} {options.get('set-on')}\n")
    handle = f"/org/freedesktop/portal/desktop/request/{sender[1:].replace('.', '_')}/{options.get('handle_token')}"
    invocation.return_value(GLib.Variant('(o)', (handle,)))
    connection.emit_signal(sender, handle, 'org.freedesktop.portal.Request', 'Response',
                           GLib.Variant('(ua{sv})', (CODE, {})))


serve('org.freedesktop.portal.Desktop', '/org/freedesktop/portal/desktop',
      '<node><interface name="org.freedesktop.portal.Wallpaper">'
      '<method name="SetWallpaperURI"><arg type="s" direction="in"/><arg type="s" direction="in"/>'
      '<arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>'
      '<property name="version" type="u" access="read"/></interface></node>',
      called, lambda *_: GLib.Variant('u', 1))
