"""Show in Folder (BEHAVIOUR F4): the image's menu asks the file manager on the session bus
to show the file (org.freedesktop.FileManager1.ShowItems with the file's URI)."""

import os
from urllib.parse import quote

from fake_services import fake_service, read_lines
from harness import Session, fixture_dir, write_quadrants


def test_show_in_folder_asks_the_file_manager_to_show_the_file():
    png = write_quadrants(os.path.join(fixture_dir(), 'show me.png'))
    calls = os.path.join(fixture_dir(), 'file-manager-calls.txt')
    with Session() as s, fake_service('fake_file_manager.py', calls):
        app = s.launch([png])
        app.choose_in_image_menu(s, 'show me.png', 'Show in Folder')
        uris = app.wait(lambda: read_lines(calls), 'ShowItems called')
        assert uris == ['file://' + quote(os.path.abspath(png))], uris
