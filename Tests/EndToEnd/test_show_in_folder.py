"""Show in Folder (BEHAVIOUR F4): the image's menu asks the file manager on the session bus
to show the file (org.freedesktop.FileManager1.ShowItems with the file's URI)."""

import os
import subprocess
import sys
from urllib.parse import quote

from harness import HERE, TIMEOUT, Session, do_action, fixture_dir, read_line, write_quadrants


def test_show_in_folder_asks_the_file_manager_to_show_the_file():
    png = write_quadrants(os.path.join(fixture_dir(), 'show me.png'))
    calls = os.path.join(fixture_dir(), 'file-manager-calls.txt')
    with Session() as s:
        manager = subprocess.Popen([sys.executable, os.path.join(HERE, 'fake_file_manager.py'), calls],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            assert read_line(manager.stdout.fileno(), TIMEOUT, 'the fake file manager') == 'ready'
            app = s.launch([png])
            frame = app.frame('show me.png')
            canvas = app.find('image', 'show me.png')
            x, y, w, h = app.screen_extents(canvas, frame)
            s.click(x + w // 2, y + h // 2, button=3)
            do_action(app.find('menu item', 'Show in Folder'))

            def shown():
                if os.path.exists(calls):
                    with open(calls) as f:
                        return f.read().split()
                return None
            uris = app.wait(shown, 'ShowItems called')
            assert uris == ['file://' + quote(os.path.abspath(png))], uris
        finally:
            manager.terminate()
            manager.wait(TIMEOUT)
