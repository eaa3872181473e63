"""The image's context menu (BEHAVIOUR E6): a right-click opens it where the pointer is,
Shift+F10 opens it from the keyboard, and its items do what their names say."""

import os

from harness import Session, do_action, fixture_dir, write_quadrants, zoom_percent, zoom_label

ITEMS = ['Open in New Tab', 'Previous Image', 'Next Image', 'Zoom to Fit', 'Original Size',
         'Rotate Clockwise', 'Rotate Counterclockwise', 'Fullscreen', 'Edit', 'Markup', 'Save', 'Save a Copy…', 'Copy', 'Copy Path',
         'Open With…', 'Show in Folder', 'Move to Trash']


def _menu_items(app):
    return [n.name for n in app.find_all('menu item') if n.name]


def test_right_click_and_shift_f10_open_the_images_menu():
    png = write_quadrants(os.path.join(fixture_dir(), 'menu.png'), 3000, 2000)
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('menu.png')
        canvas = app.find('image', 'menu.png')
        x, y, w, h = app.screen_extents(canvas, frame)
        s.click(x + w // 3, y + h // 3, button=3)
        app.wait(lambda: all(item in _menu_items(app) for item in ITEMS), f'the menu items {ITEMS}')

        do_action(app.find('menu item', 'Original Size'))
        app.wait(lambda: zoom_percent(zoom_label(app)) == 100, 'Original Size zoomed to 100 %')

        s.focus_window('menu.png')
        s.key('shift+F10')
        app.wait(lambda: 'Zoom to Fit' in _menu_items(app), 'the menu from the keyboard')
        do_action(app.find('menu item', 'Zoom to Fit'))
        app.wait(lambda: zoom_percent(zoom_label(app)) < 100, 'Zoom to Fit back to best fit')
