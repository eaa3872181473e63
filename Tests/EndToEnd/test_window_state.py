"""A new window opens at the size the last one closed with (BEHAVIOUR E4), whether the
settings schema is installed (GSettings) or not (a key file, as when iro runs straight
from .build/)."""

import os
import shutil
import subprocess

from harness import REPO, Session, extents, fixture_dir, skip, write_pdf, write_quadrants


def _resize_quit_and_reopen(s, png, env=None):
    app = s.launch([png], env=env)
    frame = app.frame('size.png')
    wid = s.focus_window('size.png')
    before = extents(frame)[2:]
    s.xdotool('windowsize', '--sync', wid, 820, 610)
    # The X server's geometry changes first; Iro keeps the size it has seen itself (its
    # frame's accessible size), so quitting earlier would rightly keep the old one.
    app.wait(lambda: s.window_geometry(wid)[2:] == (820, 610) and extents(frame)[2:] != before,
             'the window resized to 820×610, as Iro sees it')
    s.key('ctrl+q')
    app.wait_exit()
    again = s.launch([png], env=env)
    again.frame('size.png')
    wid = s.windows('size.png')[0]
    return again.wait(lambda: s.window_geometry(wid)[2:] == (820, 610) and s.window_geometry(wid),
                      'the new window at 820×610')


def test_without_a_schema_the_size_is_kept_in_a_key_file():
    png = write_quadrants(os.path.join(fixture_dir(), 'size.png'), 160, 120)
    with Session() as s:
        _resize_quit_and_reopen(s, png)
        home = s.app_env()['XDG_CONFIG_HOME']
        with open(os.path.join(home, 'iro', 'window-state.ini')) as f:
            kept = f.read()
        assert 'width=820' in kept and 'height=610' in kept, kept


def _schema_env():
    """An environment with Iro's settings schema compiled and installed for the session."""
    if not shutil.which('glib-compile-schemas'):
        skip('glib-compile-schemas is not installed (libglib2.0-bin)')
    schemas = os.path.join(fixture_dir(), 'schemas')
    os.makedirs(schemas, exist_ok=True)
    shutil.copy(os.path.join(REPO, 'data', 'io.github.iroviewer.Iro.gschema.xml'), schemas)
    subprocess.run(['glib-compile-schemas', schemas], check=True)
    return {'GSETTINGS_SCHEMA_DIR': schemas, 'GSETTINGS_BACKEND': 'keyfile'}


def test_with_the_schema_installed_the_size_is_kept_in_gsettings():
    env = _schema_env()
    png = write_quadrants(os.path.join(fixture_dir(), 'size.png'), 160, 120)
    with Session() as s:
        _resize_quit_and_reopen(s, png, env=env)
        home = s.app_env()['XDG_CONFIG_HOME']
        assert not os.path.exists(os.path.join(home, 'iro', 'window-state.ini')), 'not the key-file fallback'
        with open(os.path.join(home, 'glib-2.0', 'settings', 'keyfile')) as f:
            kept = f.read()
        assert 'window-width=820' in kept and 'window-height=610' in kept, kept


def test_continuous_pages_and_the_page_sidebar_are_remembered_across_launches():
    """BEHAVIOUR G3, G11: C and F9 are choices kept in GSettings for the next launch."""
    env = _schema_env()
    path = os.path.join(fixture_dir(), 'kept.pdf')
    write_pdf(path, ['One', 'Two'])
    with Session() as s:
        app = s.launch([path], env=env)
        frame = app.frame('kept.pdf')
        s.focus_window('kept.pdf')
        app.find('list', 'Pages', root=frame)
        s.key('c')
        app.find('document text', 'kept.pdf', root=frame)
        s.key('F9') # hides the sidebar, shown by default
        s.key('ctrl+q')
        app.wait_exit()
        home = s.app_env()['XDG_CONFIG_HOME']
        with open(os.path.join(home, 'glib-2.0', 'settings', 'keyfile')) as f:
            kept = f.read()
        assert 'continuous-pages=true' in kept and 'page-sidebar-shown=false' in kept, kept
        again = s.launch([path], env=env)
        frame = again.frame('kept.pdf')
        again.find('document text', 'kept.pdf', root=frame)

