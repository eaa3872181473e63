"""Set as Background (BEHAVIOUR F4) through the desktop portal: the image's menu asks the
portal's Wallpaper interface, with a preview, for both the desktop and the lock screen, and
says so once the portal answers."""

import os
from urllib.parse import quote

from fake_services import fake_service, read_lines
from harness import Session, fixture_dir, write_quadrants


def test_set_as_background_asks_the_portal_with_a_preview():
    png = write_quadrants(os.path.join(fixture_dir(), 'back ground.png'))
    calls = os.path.join(fixture_dir(), 'wallpaper-calls.txt')
    with Session() as s, fake_service('fake_wallpaper_portal.py', calls, '0'):
        app = s.launch([png])
        app.choose_in_image_menu(s, 'back ground.png', 'Set as Background')
        asked = app.wait(lambda: read_lines(calls), 'SetWallpaperURI called')
        assert asked == ['file://' + quote(os.path.abspath(png)) + ' True both'], asked
        app.find('label', '“back ground.png” is the background')
