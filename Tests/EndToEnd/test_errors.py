"""Files that cannot be opened get an error page; the app and the other tabs live on."""

import os

from harness import Session, fixture_dir, write_quadrants, wait_quadrants, tab_labels


def test_missing_file_and_folder_show_error_pages_next_to_good_image():
    d = fixture_dir()
    png = write_quadrants(os.path.join(d, 'quadrants.png'), 400, 300)
    missing = os.path.join(d, 'missing.png')
    folder = os.path.join(d, 'folder')
    os.mkdir(folder)
    with Session() as s:
        app = s.launch([png, missing, folder])
        frame = app.frame('quadrants.png')
        # The tab next to the one shown has loaded already; the third loads once shown.
        app.find('label', 'File Not Found')
        # The explanation names the file.
        app.find('label', lambda n: (n or '').startswith('\u201cmissing.png\u201d'))
        assert app.alive(), 'iro exited'
        labels = app.wait(lambda: (lambda t: t if len(t) >= 3 else None)(tab_labels(app)),
                          'three tab labels')
        assert labels == ['quadrants.png', 'missing.png', 'folder'], f'tab labels: {labels}'

        # The good image is the selected tab, and it is drawn.
        canvas = app.find('image', 'quadrants.png')
        wait_quadrants(s, app, frame, canvas)

        # Visit both error tabs and come back: still alive, image still drawn.
        s.focus_window('quadrants.png')
        s.key('ctrl+Page_Down')
        app.frame('missing.png')
        s.key('ctrl+Page_Down')
        app.frame('folder')
        app.find('label', 'This Is a Folder')
        app.find('label', lambda n: (n or '').startswith('\u201cfolder\u201d'))
        s.key('ctrl+Page_Up', 'ctrl+Page_Up')
        frame = app.frame('quadrants.png')
        assert app.alive(), 'iro exited'
        wait_quadrants(s, app, frame, canvas)
