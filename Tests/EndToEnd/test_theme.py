"""Iro starts GTK's settings on libadwaita's empty theme (`EmptyThemeAtStart`, ARCHITECTURE):
the window still has libadwaita's style, a user's own GTK_THEME is kept, and the variable
Iro names the empty theme with while GTK starts reaches no program Iro starts."""

import os
import stat

from harness import Session, extents, fixture_dir, write_quadrants


def _header_colour(s, app, name):
    """The median colour of a row near the top of the window's header bar, from a fifth to
    four fifths of its width (between the buttons at either end, above the title)."""
    frame = app.frame(name)
    ox, oy = app.window_origin(frame)
    _, _, width, _ = extents(frame)
    shot = s.screenshot()
    row = sorted(shot.pixel(ox + x, oy + 4) for x in range(width // 5, width * 4 // 5, 7))
    return row[len(row) // 2]


def test_the_window_has_libadwaitas_style_and_a_users_own_theme_is_kept():
    png = write_quadrants(os.path.join(fixture_dir(), 'styled.png'))
    with Session() as s:
        app = s.launch([png], env={'GTK_THEME': None})
        light = app.wait(lambda: (lambda c: c if min(c) > 180 else None)(_header_colour(s, app, 'styled.png')),
                         "a light header bar (libadwaita's light style)")
        assert max(light) - min(light) < 12, f'a grey header bar, not {light}'
        app.quit()
        # GTK's own dark theme, named by the user: libadwaita then adds no style of its own,
        # and the header bar is GTK's dark one.
        dark = s.launch([png], env={'GTK_THEME': 'Adwaita:dark'})
        colour = dark.wait(lambda: (lambda c: c if max(c) < 100 else None)(_header_colour(s, dark, 'styled.png')),
                           "a dark header bar (the user's GTK_THEME)")
        assert colour != (0, 0, 0), 'drawn by a theme, not left black'


def test_programs_iro_starts_get_no_gtk_theme_from_it():
    # With no file manager on the session bus, Show in Folder opens the folder in the
    # default application for folders: here a script that writes down its environment.
    png = write_quadrants(os.path.join(fixture_dir(), 'env.png'))
    with Session() as s:
        env = s.app_env()
        record = os.path.join(s.tmp, 'folder-opener-env.txt')
        script = os.path.join(s.tmp, 'folder-opener.sh')
        with open(script, 'w') as f:
            f.write(f'#!/bin/sh\nenv > "{record}.part" && mv "{record}.part" "{record}"\n')
        os.chmod(script, os.stat(script).st_mode | stat.S_IXUSR)
        applications = os.path.join(env['XDG_DATA_HOME'], 'applications')
        os.makedirs(applications, exist_ok=True)
        with open(os.path.join(applications, 'iro-test-folder-opener.desktop'), 'w') as f:
            f.write('[Desktop Entry]\nType=Application\nName=Folder opener\n'
                    f'Exec={script} %u\nMimeType=inode/directory;\nNoDisplay=true\n')
        with open(os.path.join(env['XDG_CONFIG_HOME'], 'mimeapps.list'), 'w') as f:
            f.write('[Default Applications]\ninode/directory=iro-test-folder-opener.desktop\n')
        app = s.launch([png], env={'GTK_THEME': None})
        app.choose_in_image_menu(s, 'env.png', 'Show in Folder')
        seen = app.wait(lambda: os.path.exists(record) and open(record).read(), 'the folder opener started')
        names = [line.split('=', 1)[0] for line in seen.splitlines()]
        assert 'DISPLAY' in names, 'the opener got Iro\'s environment'
        assert 'GTK_THEME' not in names, 'GTK_THEME stays inside Iro\'s start-up'
