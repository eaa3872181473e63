#!/usr/bin/python3
"""A minimal drag source for the end-to-end tests: a GTK 4 window titled
"Iro Test Drag Source" whose whole area, pressed and dragged, offers FILE… as
text/uri-list (what file managers offer). The test moves it beside iro's window
and drives the drag with xdotool, so iro receives a real XDND drop through its
GtkDropTarget.

    /usr/bin/python3 drag_source.py FILE...

Reports on standard output, one line each: "ready" once its window is mapped,
"drag-begin" when a drag starts, "action copy" when the drop target under the
pointer accepts the drop (XdndStatus; "action none" when it stops accepting),
"dnd-finished" when the target has taken the data, "drag-cancel REASON" when
the drag failed, "drag-end" when it is over.
Not a test module (run_all.py only collects test_*.py).
"""

import sys

import gi
gi.require_version('Gtk', '4.0')
gi.require_version('Gdk', '4.0')
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

TITLE = 'Iro Test Drag Source'


def say(line):
    print(line, flush=True)


def drag_begin(_source, drag):
    say('drag-begin')

    def action_changed(*_):
        action = drag.get_selected_action()
        say('action copy' if action & Gdk.DragAction.COPY else f'action {int(action) or "none"}')
    drag.connect('notify::selected-action', action_changed)
    drag.connect('dnd-finished', lambda *_: say('dnd-finished'))


def main(paths):
    uris = ''.join(Gio.File.new_for_path(p).get_uri() + '\r\n' for p in paths)
    Gtk.init()
    window = Gtk.Window(title=TITLE)
    window.set_default_size(300, 200)
    label = Gtk.Label(label='drag me')
    label.set_hexpand(True)
    label.set_vexpand(True)
    window.set_child(label)

    source = Gtk.DragSource()
    source.set_actions(Gdk.DragAction.COPY)
    source.connect('prepare', lambda *_: Gdk.ContentProvider.new_for_bytes(
        'text/uri-list', GLib.Bytes.new(uris.encode())))
    source.connect('drag-begin', drag_begin)
    source.connect('drag-cancel', lambda _s, _d, reason: say(f'drag-cancel {reason.value_nick}') or False)
    source.connect('drag-end', lambda *_: say('drag-end'))
    label.add_controller(source)

    loop = GLib.MainLoop()
    window.connect('close-request', lambda *_: loop.quit() or False)
    window.connect('map', lambda *_: say('ready'))
    window.present()
    loop.run()


if __name__ == '__main__':
    main(sys.argv[1:])
