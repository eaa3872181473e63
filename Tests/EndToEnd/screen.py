"""What is on the screen: screenshots (the Screenshots mixin of Session) and checks of
the quadrant image (fixtures.write_quadrants) as drawn in the canvas.

Screen coordinates of a node come from App.screen_extents; pixels are RGB tuples
compared with images.close_enough.
"""

import ctypes
import os
import subprocess

from fixtures import QUADRANTS
from images import Image, close_enough
from waiting import TIMEOUT, WaitTimeout, poll


class Screenshots:
    """Screenshots of a session's display. Mixed into Session, whose `display`,
    `tmp` (the session folder) and `last_shot` it uses."""

    def screenshot(self, path=None):
        """Grab the whole screen (ImageMagick `import -window root`); returns an
        Image. Also written as a PNG to `path` if given. Always kept in memory as
        session.last_shot so a failing test can save it (save_last_shot)."""
        r = subprocess.run(['import', '-display', self.display, '-window', 'root',
                            '-depth', '8', 'ppm:-'], capture_output=True, timeout=TIMEOUT)
        if r.returncode != 0:
            raise RuntimeError('import -window root failed: ' + r.stderr.decode(errors='replace'))
        shot = Image.from_ppm(r.stdout)
        self.last_shot = shot
        if path:
            shot.write_png(path)
        return shot

    def save_last_shot(self, name='failure'):
        """Write the last screenshot to $IRO_E2E_ARTIFACTS (or the session folder,
        which is removed at exit); returns its path."""
        if self.last_shot is None:
            return None
        folder = os.environ.get('IRO_E2E_ARTIFACTS') or self.tmp
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f'{name}.png')
        self.last_shot.write_png(path)
        return path

    def pixel(self, x, y, shot=None):
        """RGB at screen point (x, y): from `shot` (an Image) or a fresh screenshot."""
        return (shot or self.screenshot()).pixel(int(x), int(y))

    def pointer_hidden(self):
        """Whether the pointer is drawn as nothing: every pixel of the X server's current
        cursor image (XFixes) is fully transparent."""
        return all(pixel >> 24 == 0 for pixel in self.cursor_pixels())

    def cursor_pixels(self):
        """The X server's current cursor image (XFixes), as a tuple of ARGB pixels."""
        return self._cursor(lambda cursor: tuple(cursor.pixels[i] for i in range(cursor.width * cursor.height)))

    def cursor_name(self):
        """The name of the X server's current cursor ('grab', 'text', 'pointer'…; Xcursor
        names the cursors it loads from the theme), or '' for one without a name."""
        return self._cursor(lambda cursor: (cursor.name or b'').decode(errors='replace'))

    def _cursor(self, read):
        """`read` applied to the X server's current cursor image (XFixes)."""
        x11, xfixes = ctypes.CDLL('libX11.so.6'), ctypes.CDLL('libXfixes.so.3')
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        x11.XFree.argtypes = [ctypes.c_void_p]
        xfixes.XFixesGetCursorImage.restype = ctypes.POINTER(_CursorImage)
        xfixes.XFixesGetCursorImage.argtypes = [ctypes.c_void_p]
        display = x11.XOpenDisplay(self.display.encode())
        if not display:
            raise RuntimeError(f'cannot open display {self.display}')
        try:
            image = xfixes.XFixesGetCursorImage(display)
            if not image:
                raise RuntimeError('XFixesGetCursorImage failed')
            found = read(image.contents)
            x11.XFree(image)
            return found
        finally:
            x11.XCloseDisplay(display)


class _CursorImage(ctypes.Structure):
    """XFixesCursorImage: pixels are ARGB, one unsigned long each."""
    _fields_ = [('x', ctypes.c_short), ('y', ctypes.c_short), ('width', ctypes.c_ushort),
                ('height', ctypes.c_ushort), ('xhot', ctypes.c_ushort), ('yhot', ctypes.c_ushort),
                ('cursor_serial', ctypes.c_ulong), ('pixels', ctypes.POINTER(ctypes.c_ulong)),
                ('atom', ctypes.c_ulong), ('name', ctypes.c_char_p)]


def quadrant_centres(x, y, w, h):
    """Screen points at the centres of the four quadrants of a rectangle."""
    return {
        'top_left': (x + w // 4, y + h // 4),
        'top_right': (x + 3 * w // 4, y + h // 4),
        'bottom_left': (x + w // 4, y + 3 * h // 4),
        'bottom_right': (x + 3 * w // 4, y + 3 * h // 4),
    }


def quadrant_mismatches(session, app, frame, canvas, size=(400, 300), zoom=1.0,
                        colours=QUADRANTS, tolerance=12, shot=None, canvas_extents=None):
    """Check a write_quadrants image as drawn centred in the canvas at `zoom`.
    Returns a list of problems (empty when all is well): each quadrant centre must
    have its colour; 4 px inside each outer corner of the image must have that
    corner's colour, and 4 px outside must not look like any quadrant (so the image
    is drawn at size×zoom, centred). `shot`: check this screenshot rather than a
    fresh one; `canvas_extents`: the canvas's screen extents if the caller has them
    already (else asked for with App.screen_extents)."""
    x, y, w, h = canvas_extents or app.screen_extents(canvas, frame)
    iw, ih = size[0] * zoom, size[1] * zoom
    left, top = x + (w - iw) / 2, y + (h - ih) / 2
    right, bottom = left + iw, top + ih
    shot = shot or session.screenshot()
    problems = []

    def expect(px, py, want, what):
        got = shot.pixel(int(px), int(py))
        if not close_enough(got, want, tolerance):
            problems.append(f'{what} at ({int(px)}, {int(py)}): got {got}, want {want}')

    def expect_not(px, py, what):
        if not (0 <= px < shot.width and 0 <= py < shot.height):
            return
        got = shot.pixel(int(px), int(py))
        if any(close_enough(got, c, tolerance) for c in colours.values()):
            problems.append(f'{what} at ({int(px)}, {int(py)}) is image-coloured {got}')

    for name, (px, py) in quadrant_centres(left, top, iw, ih).items():
        expect(px, py, colours[name], f'{name} centre')
    corners = {'top_left': (left, top, 1, 1), 'top_right': (right, top, -1, 1),
               'bottom_left': (left, bottom, 1, -1), 'bottom_right': (right, bottom, -1, -1)}
    for name, (cx, cy, dx, dy) in corners.items():
        # the inside point is 4 px from the edges, the outside one 4 px beyond them
        # (right/bottom are exclusive, hence the -1 when stepping inward from them)
        ix = cx + 4 * dx - (1 if dx < 0 else 0)
        iy = cy + 4 * dy - (1 if dy < 0 else 0)
        expect(ix, iy, colours[name], f'{name} corner (inside)')
        ox = cx - 4 * dx - (1 if dx < 0 else 0)
        oy = cy - 4 * dy - (1 if dy < 0 else 0)
        if x <= ox < x + w and y <= oy < y + h:
            expect_not(ox, oy, f'{name} corner (outside)')
    return problems


def wait_quadrants(session, app, frame, canvas, timeout=None, **kw):
    """Poll screenshots until quadrant_mismatches is empty; on timeout, fail with
    the last problems and the path of the saved screenshot."""
    last = []

    def ok():
        last[:] = quadrant_mismatches(session, app, frame, canvas, **kw)
        return not last
    try:
        poll(ok, timeout, what='the quadrant image on screen')
    except WaitTimeout as e:
        path = session.save_last_shot('quadrants')
        raise AssertionError(f'{e}: ' + '; '.join(last) + f' (screenshot: {path})') from None
