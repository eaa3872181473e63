"""JPEG XL, JPEG 2000 and camera RAW, which Iro decodes itself: each opens from the command
line and shows its pixels (the RAW's embedded preview first, then the sensor's picture)."""

import os
import shutil
import subprocess

from harness import Session, fixture_dir, write_quadrants, convert_image, wait_quadrants
from fixtures import TIMEOUT, skip

HERE = os.path.dirname(os.path.abspath(__file__))


def run_tool(tool, *arguments):
    """Runs a tool that makes a fixture; skips the test when it is not installed."""
    exe = shutil.which(tool)
    if not exe:
        skip(f'{tool} is not installed (meson-helpers/install-deps.sh installs it)')
    subprocess.run([exe, *arguments], check=True, capture_output=True, timeout=TIMEOUT)


def jxl(png):
    out = os.path.splitext(png)[0] + '.jxl'
    run_tool('cjxl', png, out, '-d', '0')
    return out


def jp2(png):
    out = os.path.splitext(png)[0] + '.jp2'
    run_tool('opj_compress', '-i', png, '-o', out)
    return out


def dng(png):
    """A DNG of the picture (Tests/Fixtures/make-dng.py), with a preview half its size."""
    ppm = convert_image(png, os.path.splitext(png)[0] + '.ppm')
    out = os.path.splitext(png)[0] + '.dng'
    run_tool('python3', os.path.join(HERE, '..', 'Fixtures', 'make-dng.py'), out, '--from', ppm)
    return out


def check_opens(make, name):
    png = write_quadrants(os.path.join(fixture_dir(), name + '.png'), 400, 300)
    path = make(png)
    os.remove(png)
    with Session() as s:
        app = s.launch([path])
        base = os.path.basename(path)
        frame = app.frame(base)
        canvas = app.find('image', base)
        wait_quadrants(s, app, frame, canvas, size=(400, 300), zoom=1.0)


def test_jpeg_xl_opens_and_shows_its_pixels():
    check_opens(jxl, 'web')


def test_jpeg_2000_opens_and_shows_its_pixels():
    check_opens(jp2, 'scan')


def test_camera_raw_opens_and_shows_its_pixels():
    check_opens(dng, 'IMG_0001')
