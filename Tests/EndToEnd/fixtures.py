"""Test images on disk: a temporary folder for them, the quadrant image most tests
open (write_quadrants, colours in QUADRANTS) and conversion to other formats with
ImageMagick. The screen-side checks of the quadrant image are in screen.py.
"""

import shutil
import subprocess
import tempfile

from images import write_png
from waiting import TIMEOUT, skip

def fixture_dir():
    """A temporary folder for fixtures, removed at exit."""
    d = tempfile.mkdtemp(prefix='iro-e2e-fixtures-')
    import atexit
    atexit.register(shutil.rmtree, d, True)
    return d


QUADRANTS = {  # colour of each quadrant of write_quadrants' image
    'top_left': (230, 30, 30),
    'top_right': (30, 200, 40),
    'bottom_left': (40, 60, 220),
    'bottom_right': (240, 220, 30),
}


def write_quadrants(path, width=400, height=300, colours=QUADRANTS):
    """A width×height PNG of four solid quadrants (colours: QUADRANTS)."""
    hw, hh = width // 2, height // 2
    top = bytes(colours['top_left']) * hw + bytes(colours['top_right']) * (width - hw)
    bottom = bytes(colours['bottom_left']) * hw + bytes(colours['bottom_right']) * (width - hw)
    return write_png(path, width, height, rows=[top] * hh + [bottom] * (height - hh))


def convert_image(src, dst, *options):
    """ImageMagick convert (e.g. PNG → JPEG). Skips the test if convert is missing."""
    exe = shutil.which('convert')
    if not exe:
        skip('ImageMagick convert is not installed')
    subprocess.run([exe, src, *options, dst], check=True, capture_output=True,
                   timeout=TIMEOUT)
    return dst
