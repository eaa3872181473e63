"""Stepping through a folder as a user does (BEHAVIOUR F1): the arrow, Page and Home/End
keys and the mouse's back and forward buttons, in the file manager's natural order,
with other files left out; the header says where you are and its buttons turn
insensitive at the ends. A focused hue slider keeps those keys for itself."""

import os

from harness import Session, find_all, fixture_dir, states, write_quadrants


def _folder():
    d = os.path.join(fixture_dir(), 'photos')
    os.makedirs(d, exist_ok=True)
    for name in ['b1.png', 'b2.png', 'b9.png', 'b10.png', 'b11.png', '.hidden.png']:
        write_quadrants(os.path.join(d, name), 160, 120)
    with open(os.path.join(d, 'notes.txt'), 'w') as f:
        f.write('not an image\n')
    return d


def _position(app, frame):
    """The header's "3 / 5" under the image's name."""
    labels = [n.name for n in find_all(frame, 'label') if ' / ' in (n.name or '')]
    return labels[0] if labels else None


def test_keys_and_mouse_buttons_step_through_the_folder_in_natural_order():
    folder = _folder()
    with Session() as s:
        app = s.launch([os.path.join(folder, 'b9.png')])
        frame = app.frame('b9.png')
        app.wait(lambda: _position(app, frame) == '3 / 5', 'the position 3 / 5 (hidden and text files left out)')
        s.focus_window('b9.png')

        def step(key, name, position):
            s.key(key)
            nonlocal frame
            frame = app.frame(name)
            app.wait(lambda: _position(app, frame) == position, f'{name} at {position}')

        step('Right', 'b10.png', '4 / 5')
        step('Right', 'b11.png', '5 / 5')
        next_button = app.find('push button', 'Next Image', root=frame)
        app.wait(lambda: 'sensitive' not in states(next_button), 'Next Image insensitive at the end')
        canvas = app.find('image', 'b11.png', root=frame)
        app.wait(lambda: 'focused' in states(canvas), 'the image has the keyboard focus')
        s.key('Right')
        app.wait(lambda: app.frame('b11.png') is not None, 'still b11.png')
        s.key('Left')  # had Right moved the focus off the image, Left would not step back
        step('Left', 'b9.png', '3 / 5')
        step('End', 'b11.png', '5 / 5')
        step('Home', 'b1.png', '1 / 5')
        previous_button = app.find('push button', 'Previous Image', root=frame)
        app.wait(lambda: 'sensitive' not in states(previous_button), 'Previous Image insensitive at the start')
        step('Page_Down', 'b2.png', '2 / 5')
        step('End', 'b11.png', '5 / 5')
        step('Page_Up', 'b10.png', '4 / 5')
        step('Left', 'b9.png', '3 / 5')

        # The mouse's back (8) and forward (9) buttons, over the image.
        x, y, w, h = app.screen_extents(app.find('image', 'b9.png'), frame)
        s.click(x + w // 2, y + h // 2, button=9)
        frame = app.frame('b10.png')
        s.click(x + w // 2, y + h // 2, button=8)
        frame = app.frame('b9.png')
        assert len(app.frames()) == 1, 'one window'

        # With the keyboard focus on the hue slider (Tab reaches it), Home, End and the Page
        # keys move the slider and leave the image where it is.
        def slider_focused():
            sliders = app.find_all('slider', 'Hue', root=frame)
            return sliders[0] if sliders and 'focused' in states(sliders[0]) else None
        for _ in range(12):
            if slider_focused():
                break
            s.key('Tab')
        slider = app.wait(slider_focused, 'Tab to reach the hue slider')
        value = slider.queryValue()
        for key, wanted in [('Home', lambda v: v == 0), ('End', lambda v: v == 1), ('Page_Down', lambda v: v < 1)]:
            s.key(key)
            app.wait(lambda: wanted(value.currentValue), f'{key} to move the slider (at {value.currentValue})')
        assert _position(app, frame) == '3 / 5', 'the image stayed'
