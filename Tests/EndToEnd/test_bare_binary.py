"""The release binary as a newcomer, a benchmark or a debugger runs it: straight from
.build/, with nothing in its environment but a desktop session's display, buses and
home. It still has its stylesheet: the hue control sits in its capsule, whose window-
coloured padding hides the image behind it."""

import os

from harness import REPO, Session, close_enough, fixture_dir, poll, skip, write_png

RELEASE_BIN = os.environ.get('IRO_RELEASE_BIN') or os.path.join(REPO, '.build', 'release', 'iro')
NAVY = (20, 30, 110)


def light(pixel):
    return min(pixel) > 200


def test_bare_release_binary_draws_the_capsule_from_its_own_resources():
    if not os.access(RELEASE_BIN, os.X_OK):
        skip(f'no release build at {RELEASE_BIN} (meson-helpers/run-tests builds it)')
    # Large enough to fill the view at best fit, so the capsule floats over the image.
    png = write_png(os.path.join(fixture_dir(), 'navy.png'), 1600, 1200, rows=[bytes(NAVY) * 1600] * 1200)
    with Session() as s:
        app = s.launch([png], binary=RELEASE_BIN, bare=True)
        frame = app.frame('navy.png')
        slider = app.find('slider', 'Hue')
        # The strip just above the "Hue:" label and the slider lies in the capsule's
        # padding: the window's colour with the stylesheet, the navy image without it.
        bx, by, bw, bh = app.screen_extents(slider.parent, frame)
        strip = [(x, by - 3) for x in range(bx + 4, bx + bw - 4, 8)]
        # The pointer on the control keeps it shown, however long the checks take.
        s.mousemove(bx + 10, by + bh // 2)

        def capsule_drawn():
            shot = s.screenshot()
            return shot if all(light(shot.pixel(x, y)) for x, y in strip) else None
        shot = poll(capsule_drawn, what='the capsule drawn around the hue control')
        # The image is there too, beside the capsule.
        fx, fy, fw, fh = app.screen_extents(app.find('image', 'navy.png'), frame)
        centre = shot.pixel(fx + fw // 2, fy + fh // 3)
        assert close_enough(centre, NAVY), f'the image at the centre: {centre}'
