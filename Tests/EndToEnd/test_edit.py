"""Editing as a user does it (BEHAVIOUR D7): E for edit mode, Shift+arrows to pull the crop's
right and bottom edges in, Enter for Done, Ctrl+S to save. The file on disk then has the new
size, its image data is what `jpegtran -crop` makes of the original (not recompressed: the crop
starts on the block grid), and the original is in the trash."""

import os
import shutil
import struct
import subprocess

from accessibility import states
from harness import Session, fixture_dir, poll, skip, write_quadrants
from fixtures import convert_image


def jpeg_size(path):
    """(width, height) from a JPEG's frame header, or None while it is not one."""
    try:
        data = open(path, 'rb').read()
    except OSError:
        return None
    at = 2
    while at + 9 < len(data) and data[at] == 0xFF:
        marker, length = data[at + 1], struct.unpack('>H', data[at + 2:at + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack('>HH', data[at + 5:at + 9])
            return width, height
        at += 2 + length
    return None


def image_data(data):
    """Everything from the first scan on: the coefficients, whatever the markers before."""
    return data[data.index(b'\xff\xda'):]


def test_crop_with_the_keyboard_and_save_writes_the_new_size_without_recompressing():
    if not shutil.which('jpegtran'):
        skip('jpegtran (libjpeg-turbo-progs) is not installed')
    folder = os.path.join(fixture_dir(), 'edit')
    os.makedirs(folder, exist_ok=True)
    png = write_quadrants(os.path.join(folder, 'source.png'), 640, 480)
    photo = convert_image(png, os.path.join(folder, 'photo.jpg'), '-quality', '90', '-sampling-factor', '2x2')
    os.remove(png)
    original = open(photo, 'rb').read()
    expected = subprocess.run(['jpegtran', '-crop', '580x420+0+0', '-copy', 'all', photo],
                              capture_output=True, check=True).stdout

    with Session() as s:
        app = s.launch([photo])
        app.frame('photo.jpg')
        app.find('image', 'photo.jpg')
        edit = app.find('push button', 'Edit')
        app.wait(lambda: 'sensitive' in states(edit), 'Edit to be available once the photo is shown')
        s.focus_window('photo.jpg')
        s.key('e')
        app.find('push button', 'Done')  # edit mode's bar is up
        # A hundredth of the longer side (6 px) per press.
        for _ in range(10):
            s.key('shift+Left')
        for _ in range(10):
            s.key('shift+Up')
        app.find('label', '580 × 420 px')
        s.key('Return')
        app.wait(lambda: not app.find_all('push button', 'Done'), 'edit mode to end')
        s.key('ctrl+s')
        poll(lambda: jpeg_size(photo) == (580, 420), what='the file to be saved at 580 × 420',
             timeout=30)
        # The session's own trash (its XDG_DATA_HOME).
        trash = os.path.join(s.tmp, 'home', '.local', 'share', 'Trash', 'files')
        kept = [name for name in os.listdir(trash) if name.startswith('photo')] if os.path.isdir(trash) else []
        assert any(open(os.path.join(trash, name), 'rb').read() == original for name in kept), \
            f'the original is in the trash ({trash}: {kept})'

    saved = open(photo, 'rb').read()
    assert image_data(saved) == image_data(expected), 'the crop is lossless: jpegtran\'s very blocks'
