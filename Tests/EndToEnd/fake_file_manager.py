"""A file manager on the session bus, for tests: owns org.freedesktop.FileManager1 and
appends the URIs each ShowItems call names to the file given as its argument. Prints
"ready" once it answers."""

import sys

from fake_services import serve


def called(connection, sender, path, interface, method, parameters, invocation):
    uris, _startup = parameters.unpack()
    with open(sys.argv[1], 'a') as f:
        f.write(''.join(uri + '\n' for uri in uris))
    invocation.return_value(None)


serve('org.freedesktop.FileManager1', '/org/freedesktop/FileManager1',
      '<node><interface name="org.freedesktop.FileManager1"><method name="ShowItems">'
      '<arg type="as" direction="in"/><arg type="s" direction="in"/></method></interface></node>', called)
