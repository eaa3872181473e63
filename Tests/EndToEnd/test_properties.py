"""Image Properties (BEHAVIOUR F4): Alt+Return shows the panel beside the image, with the
photo's camera data as a screen reader reads it, and the next run opens with it shown."""

import os

from exif import CAMERA, tiff, with_exif
from harness import Session, convert_image, fixture_dir, states, write_quadrants
from processes import descendants


def _camera_jpeg():
    png = write_quadrants(os.path.join(fixture_dir(), 'camera.png'), 320, 200)
    jpeg = convert_image(png, os.path.join(fixture_dir(), 'camera.jpg'))
    return with_exif(jpeg, tiff(**CAMERA))


def _comm(pid):
    try:
        with open(f'/proc/{pid}/comm') as comm:
            return comm.read().strip()
    except OSError:
        return ''


def test_alt_return_shows_the_camera_data_and_the_next_run_keeps_the_panel():
    jpeg = _camera_jpeg()
    with Session() as s:
        app = s.launch([jpeg])
        app.frame('camera.jpg')
        s.focus_window('camera.jpg')
        s.key('alt+Return')
        for name in ['Camera: Canon EOS 5D Mark IV', 'Exposure: 1/250 s', 'Aperture: f/2.8', 'ISO: 200',
                     'Focal Length: 50 mm', 'Taken: 1 May 2024, 12:34:56', 'Location: 48.85837° N, 2.29447° E',
                     'Dimensions: 320 × 200 (0.1 MP)', 'Name: camera.jpg']:
            app.find('label', name)
        # The metadata was parsed by a decoder helper: Exiv2 is loaded there, not in Iro.
        assert 'libgexiv2' not in open(f'/proc/{app.pid}/maps').read(), 'gexiv2 loaded in Iro itself'
        helpers = [pid for pid in descendants(app.pid) if _comm(pid) == 'iro-decoder']
        assert any('libgexiv2' in open(f'/proc/{pid}/maps').read() for pid in helpers), 'gexiv2 in no helper'
        button = app.find('push button', 'Image Properties')
        app.wait(lambda: 'pressed' in states(button), 'the header button pressed')
        s.key('ctrl+q')
        app.wait_exit()

        again = s.launch([jpeg])
        again.frame('camera.jpg')
        again.find('label', 'Camera: Canon EOS 5D Mark IV')
        s.focus_window('camera.jpg')
        s.key('alt+Return')
        again.wait(lambda: not again.find_all('label', 'Camera: Canon EOS 5D Mark IV'), 'the panel hidden again')
