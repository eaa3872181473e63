"""`iro` with no files: an empty window that offers to open images."""

import re

from harness import Session


def test_empty_window_offers_open_button_and_drop_hint():
    with Session() as s:
        app = s.launch([])
        frame = app.frame()
        assert frame.name == 'Iro', f'window title {frame.name!r}'
        app.find('label', 'Open images, or drop images here')
        # The page's button, labelled "Open…" (its accessible name currently also
        # carries the raw mnemonic: '_Open… Open…').
        button = app.find('push button', re.compile(r'Open…'))
        assert any(c.getRoleName() == 'label' and c.name == 'Open…'
                   for c in [button.getChildAtIndex(i) for i in range(button.childCount)]), \
            f'{button.name!r} has no "Open…" label'
        # And the header bar's Open button.
        app.find('push button', 'Open')
        assert len(app.frames()) == 1
