"""Where Iro's own widgets are in its accessibility tree: the zoom label in the header
bar ('N %') and the tab bar with its tab labels. Also normalise_spaces, for labels
that use non-breaking or narrow spaces.
"""

import re

from accessibility import find_all

_SPACES = re.compile(r'[\s\u00a0\u202f\u2009]+')
_PERCENT = re.compile(r'^\s*(\d+)\s*%\s*$')


def normalise_spaces(text):
    """Collapse any run of (also non-breaking / narrow) spaces to one ' '."""
    return _SPACES.sub(' ', text or '').strip()


def zoom_label(app, timeout=None):
    """The header bar's zoom percentage label node (a label reading 'N %')."""
    return app.find('label', _PERCENT, timeout)


def zoom_percent(node):
    """The percentage a zoom label node reads, as an int (None if it reads no 'N %')."""
    m = _PERCENT.match(node.name or '')
    return int(m.group(1)) if m else None


def wait_zoom_text(app, text, timeout=None):
    """Wait until the zoom label reads `text` (e.g. '200 %'); returns the node."""
    def ok():
        for n in app.find_all('label', _PERCENT):
            if normalise_spaces(n.name) == text:
                return n
        return None
    return app.wait(ok, f'the zoom label to read {text!r}', timeout)


def tab_bar(app):
    """The tab bar node: a 'page tab list' if the app ever exposes one, else the
    AdwTabBar (libadwaita 1.2 gives it the generic role 'filler' and no name, so
    GTK 4.8 falls back to the type name 'AdwTabBar')."""
    for role, name in (('page tab list', None), ('filler', 'AdwTabBar')):
        found = app.find_all(role, name)
        if found:
            return found[0]
    return None


def tab_labels(app):
    """Names of the tab labels, in tab order ([] when there is no tab bar)."""
    bar = tab_bar(app)
    if bar is None:
        return []
    return [n.name for n in find_all(bar, 'label')]
