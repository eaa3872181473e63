"""Files GIO reaches without a local path (BEHAVIOUR A13): `trash:///…` through GVfs on the
test's own D-Bus session opens, shows its pixels and steps through its folder; a missing one
and an unmounted network location each get their own page."""

import os
import subprocess
import urllib.parse

from harness import Session, skip, wait_quadrants, write_quadrants

GVFS_TRASH = '/usr/libexec/gvfsd-trash'


def _trash(session, path):
    """Moves `path` to the session's trash with GIO, and gives its trash:/// URI."""
    subprocess.run(['gio', 'trash', path], env=session.app_env(), check=True, timeout=60)
    return 'trash:///' + urllib.parse.quote(os.path.basename(path))


def test_a_file_in_the_trash_opens_through_gvfs():
    if not os.access(GVFS_TRASH, os.X_OK):
        skip('GVfs is not installed (gvfs-backends): no trash:/// location to read')
    with Session(gvfs=True) as s:
        folder = os.path.join(s.tmp, 'photos')
        os.makedirs(folder)
        first = write_quadrants(os.path.join(folder, 'in the trash.png'), 400, 300)
        second = write_quadrants(os.path.join(folder, 'second.png'), 200, 150)
        uri = _trash(s, first)
        _trash(s, second)
        assert not os.path.exists(first)

        app = s.launch([uri])
        frame = app.frame('in the trash.png')
        canvas = app.find('image', 'in the trash.png')
        wait_quadrants(s, app, frame, canvas, size=(400, 300), zoom=1.0)
        # The trash is a folder GIO lists: the header counts its two images.
        app.find('label', '1 / 2')

        s.launch(['trash:///gone.png']).wait_exit()  # hands it to the running Iro
        app.find('label', 'File Not Found')


def test_an_unmounted_network_location_says_so():
    if not os.access('/usr/libexec/gvfsd-sftp', os.X_OK):
        skip('GVfs is not installed (gvfs-backends): sftp:// is no location here')
    with Session(gvfs=True) as s:
        app = s.launch(['sftp://iro-test.invalid/photo.png'])
        app.find('label', 'The Location Is Not Mounted')
        app.find('push button', lambda name: 'Retry' in (name or ''))
