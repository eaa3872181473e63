"""GNOME's session manager on the session bus, for tests: owns org.gnome.SessionManager,
answers what GTK asks of it (RegisterClient at start-up, Inhibit and Uninhibit), and appends
a line for each inhibition to the file given as its argument: "inhibit FLAGS REASON" (with
the cookie it gave) or "uninhibit COOKIE". Prints "ready" once it answers."""

import sys

from fake_services import serve

cookies = iter(range(1, 1000))


def called(connection, sender, path, interface, method, parameters, invocation):
    from gi.repository import GLib
    if method == 'RegisterClient':
        invocation.return_value(GLib.Variant('(o)', ('/org/gnome/SessionManager/Client1',)))
        return
    if method == 'Inhibit':
        _app, _toplevel, reason, flags = parameters.unpack()
        cookie = next(cookies)
        line = f'inhibit {flags} {cookie} {reason}'
        invocation.return_value(GLib.Variant('(u)', (cookie,)))
    elif method == 'Uninhibit':
        (cookie,) = parameters.unpack()
        line = f'uninhibit {cookie}'
        invocation.return_value(None)
    else:
        invocation.return_value(GLib.Variant('(b)', (False,)))
        return
    with open(sys.argv[1], 'a') as f:
        f.write(line + '\n')


serve('org.gnome.SessionManager', '/org/gnome/SessionManager',
      '<node><interface name="org.gnome.SessionManager">'
      '<method name="RegisterClient"><arg type="s" direction="in"/><arg type="s" direction="in"/>'
      '<arg type="o" direction="out"/></method>'
      '<method name="Inhibit"><arg type="s" direction="in"/><arg type="u" direction="in"/>'
      '<arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="u" direction="out"/></method>'
      '<method name="Uninhibit"><arg type="u" direction="in"/></method>'
      '<method name="IsInhibited"><arg type="u" direction="in"/><arg type="b" direction="out"/></method>'
      '</interface></node>', called)
