"""An animated GIF plays on screen and Space pauses it (BEHAVIOUR A10)."""

import os
import subprocess

from harness import Session, fixture_dir, poll, skip


def test_an_animated_gif_changes_on_screen_and_space_pauses_it():
    gif = os.path.join(fixture_dir(), 'anim.gif')
    r = subprocess.run(['convert', '-delay', '15', '-size', '300x200', 'xc:red', 'xc:lime', 'xc:blue',
                        '-loop', '0', gif], capture_output=True)
    if r.returncode != 0:
        skip(f'ImageMagick could not make the GIF: {r.stderr.decode(errors="replace")[:200]}')
    with Session() as s:
        app = s.launch([gif])
        frame = app.frame('anim.gif')
        x, y, w, h = app.screen_extents(app.find('image', 'anim.gif'), frame)
        centre = (x + w // 2, y + h // 2)
        seen = set()

        def three_colours():
            seen.add(s.pixel(*centre))
            return len(seen) >= 3
        poll(three_colours, what=f'the three frames on screen (seen {seen})')

        s.focus_window('anim.gif')
        s.key('space')
        # Paused: once two screenshots 0.5 s apart agree, the frame stays.
        def still():
            first = s.pixel(*centre)
            poll(lambda: True, timeout=0.5)
            import time
            time.sleep(0.5)
            return first == s.pixel(*centre) and first
        paused_on = poll(still, what='the animation to stand still')
        import time
        time.sleep(0.6)
        assert s.pixel(*centre) == paused_on, 'still paused'
        s.key('space')
        poll(lambda: s.pixel(*centre) != paused_on, what='playing again')
