"""What a screen reader reads: no mnemonic underscores, no type-name fallbacks,
no empty labels, in the empty window, on image tabs and on error tabs."""

import os
import re

from accessibility import states
from harness import Session, do_action, fixture_dir, write_quadrants, walk, tab_bar


_MNEMONIC = re.compile(r'(^|\s)_\w')
_IRO_TYPE = re.compile(r'^Iro[A-Z]\w*$')


def _naming_problems(app):
    """Accessible names a screen reader would read wrongly, outside libadwaita's own
    tab bar (whose unnamed parts are upstream's)."""
    bar = tab_bar(app)
    upstream = list(walk(bar)) if bar is not None else []
    problems = []
    for n in walk(app.node()):
        if any(n == u for u in upstream):
            continue
        role, name = n.getRoleName(), n.name or ''
        if _MNEMONIC.search(name):
            problems.append(f'{role} {name!r}: mnemonic underscore in the name')
        if _IRO_TYPE.match(name):
            problems.append(f'{role} {name!r}: no accessible name (type-name fallback)')
        if role == 'label' and name in ('', 'GtkLabel'):
            problems.append(f'{role} {name!r}: empty label exposed (hide it instead)')
    return problems


def test_accessible_names_are_clean():
    d = fixture_dir()
    png = write_quadrants(os.path.join(d, 'quadrants.png'))
    problems = []
    with Session() as s:
        empty = s.launch([])
        empty.frame('Iro')
        empty.find('label', 'Open images, or drop images here')
        problems += [f'empty window: {p}' for p in _naming_problems(empty)]
        empty.quit()
        app = s.launch([png, os.path.join(d, 'missing.png')])
        app.frame('quadrants.png')
        app.find('label', 'File Not Found')
        problems += [f'image + missing file: {p}' for p in _naming_problems(app)]
        # Edit mode's bar (BEHAVIOUR D7): every control named, none by its GTK type.
        s.focus_window('quadrants.png')
        s.key('alt+1')  # the image's tab
        edit = app.find('push button', 'Edit')
        app.wait(lambda: 'sensitive' in states(edit), 'Edit to be available on the image')
        do_action(edit)  # as a screen reader presses it
        app.find('push button', 'Done')
        problems += [f'edit mode: {p}' for p in _naming_problems(app)]
        bar = app.find('combo box', 'Crop Aspect').parent
        controls = {'push button', 'toggle button', 'combo box', 'check box', 'radio button', 'slider', 'entry'}
        problems += [f'edit mode: {n.getRoleName()} {n.name!r}: a control named by its type'
                     for n in walk(bar) if n.getRoleName() in controls and (n.name or '').startswith('Gtk')]
        # Markup's bar (BEHAVIOUR I1) likewise: every tool, colour and button named.
        do_action(app.find('push button', 'Cancel'))
        app.wait(lambda: not app.find_all('push button', 'Done'), 'edit mode to end')
        markup = app.find('push button', 'Markup')
        app.wait(lambda: 'sensitive' in states(markup), 'Markup to be available')
        do_action(markup)
        tools = app.find('push button', 'Pen').parent.parent
        problems += [f'markup: {p}' for p in _naming_problems(app)]
        problems += [f'markup: {n.getRoleName()} {n.name!r}: a control unnamed or named by its type'
                     for n in walk(tools) if n.getRoleName() in controls and (not n.name or n.name.startswith('Gtk'))]
    assert not problems, '\n'.join(problems)


def test_asking_for_a_window_past_the_last_one_does_not_crash():
    """A screen reader with a stale window count may ask the application for a child
    past its last window. GTK 4.8 then answers with the last toplevel even if it was
    never shown, and crashes on one without an accessible path — so Iro keeps no
    hidden, never-shown windows around (the shortcuts window is made on demand)."""
    d = fixture_dir()
    png = write_quadrants(os.path.join(d, 'quadrants.png'))
    with Session() as s:
        app = s.launch([png])
        app.frame('quadrants.png')
        node = app.node()
        count = node.childCount
        for index in range(count, count + 2):
            try:
                node.getChildAtIndex(index)
            except Exception:
                pass            # an error is a fine answer; a crash is not
        app.frame('quadrants.png')     # still there, still answering
        assert app.alive(), 'iro crashed:\n' + app.log()[-2000:]
