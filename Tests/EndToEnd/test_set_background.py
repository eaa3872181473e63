"""Set as Background (BEHAVIOUR F4) through the desktop portal: the image's menu asks the
portal's Wallpaper interface, with a preview, for both the desktop and the lock screen, and
says so once the portal answers."""

import os
import subprocess
import sys
from urllib.parse import quote

from harness import HERE, TIMEOUT, Session, do_action, fixture_dir, read_line, write_quadrants


def test_set_as_background_asks_the_portal_with_a_preview():
    png = write_quadrants(os.path.join(fixture_dir(), 'back ground.png'))
    calls = os.path.join(fixture_dir(), 'wallpaper-calls.txt')
    with Session() as s:
        portal = subprocess.Popen([sys.executable, os.path.join(HERE, 'fake_wallpaper_portal.py'), calls, '0'],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            assert read_line(portal.stdout.fileno(), TIMEOUT, 'the fake portal') == 'ready'
            app = s.launch([png])
            frame = app.frame('back ground.png')
            canvas = app.find('image', 'back ground.png')
            x, y, w, h = app.screen_extents(canvas, frame)
            s.click(x + w // 2, y + h // 2, button=3)
            do_action(app.find('menu item', 'Set as Background'))

            def asked():
                if os.path.exists(calls):
                    with open(calls) as f:
                        return f.read().split('\n')[0] or None
                return None
            call = app.wait(asked, 'SetWallpaperURI called')
            assert call == 'file://' + quote(os.path.abspath(png)) + ' True both', call
            app.find('label', '“back ground.png” is the background')
        finally:
            portal.terminate()
            portal.wait(TIMEOUT)
