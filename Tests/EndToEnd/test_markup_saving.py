"""Keeping markup as a user does it (BEHAVIOUR I4), through the real file chooser: Save Markup
writes a note package that opens again with its markup; Save a Copy writes a PNG with the
stroke in the image's own pixels, at full resolution; and a PDF's copy is a PDF whose pages
carry their markup and whose text `pdftotext` still reads."""

import os
import subprocess

from harness import TIMEOUT, Session, fixture_dir, poll, require_tools, write_pdf, write_png
from images import Image
from test_markup import canvas_box, drag, red, start_markup

WHITE = (255, 255, 255)


def white_png(folder, name, width, height):
    """A white PNG in a folder of its own (what the chooser opens on); the folder and its path."""
    folder = os.path.join(fixture_dir(), folder)
    os.makedirs(folder, exist_ok=True)
    return folder, write_png(os.path.join(folder, name), width, height, pixel_fn=lambda x, y: WHITE)


def save_as(s, app, title, name):
    """In the file chooser titled `title` (GTK's own, no portal here): the name, then Enter."""
    s.focus_window(title)
    s.key('ctrl+a')
    s.type(name)
    s.key('Return')


def stroke_across_the_middle(s, app, frame, name):
    """A pen stroke along the canvas's middle row, from a quarter to three quarters across."""
    start_markup(s, app, frame, name)
    cx, cy, cw, ch = canvas_box(app, frame, name)
    mid_y = cy + ch // 2
    drag(s, [(cx + cw // 4 + i * (cw // 8), mid_y) for i in range(5)])
    app.wait(lambda: red(s.pixel(cx + cw // 2, mid_y)), 'the stroke on screen')
    return cx, cy, cw, ch


def test_save_markup_writes_a_package_that_reopens_with_the_markup():
    folder, png = white_png('package', 'photo.png', 800, 600)
    package = os.path.join(folder, 'kept.notesdoc')
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('photo.png')
        stroke_across_the_middle(s, app, frame, 'photo.png')
        s.key('ctrl+alt+s')
        save_as(s, app, 'Save Markup', 'kept.notesdoc')
        poll(lambda: os.path.exists(os.path.join(package, 'Markup.svg')), what='the package written')
        with open(os.path.join(package, 'Markup.svg'), encoding='utf-8') as f:
            assert 'data-iro="pen"' in f.read(), 'the stroke in the package'
        assert Image.read(png).pixel(400, 300)[:3] == WHITE, 'the original untouched'
        # Saved: Iro quits without asking. Opened again, the package shows the stroke.
        s.key('ctrl+q')
        app.wait_exit()
        again = s.launch([package])
        frame = again.frame('kept.notesdoc')
        cx, cy, cw, ch = canvas_box(again, frame, 'kept.notesdoc')
        again.wait(lambda: red(s.pixel(cx + cw // 2, cy + ch // 2)), 'the markup shown again')
        assert not red(s.pixel(cx + cw // 2, cy + ch // 2 - 60)), 'and only where it was drawn'


def test_save_copy_writes_a_png_with_the_stroke_at_full_resolution():
    # Larger than the window: shown reduced, written at every pixel.
    folder, png = white_png('flatten', 'big.png', 2400, 1800)
    copy = os.path.join(folder, 'flat.png')
    with Session() as s:
        app = s.launch([png])
        frame = app.frame('big.png')
        stroke_across_the_middle(s, app, frame, 'big.png')
        s.key('ctrl+shift+s')
        save_as(s, app, 'Save a Copy', 'flat.png')
        poll(lambda: os.path.exists(copy) and os.path.getsize(copy) > 0, what='the copy written')
        poll(lambda: Image.read(copy) is not None, what='the copy complete')
    image = Image.read(copy)
    assert (image.width, image.height) == (2400, 1800), 'full resolution'
    # The stroke along the middle row, from a quarter to three quarters across.
    for x in (800, 1200, 1600):
        assert red(image.pixel(x, 900)), f'the stroke at {x},900: {image.pixel(x, 900)}'
    assert image.pixel(1200, 800)[:3] == WHITE, 'nothing above it'
    assert image.pixel(200, 900)[:3] == WHITE, 'nothing before it'


def _pdf_page(path, page):
    """Page `page` (from 1) of the PDF at `path`, drawn by pdftoppm at 96 dpi (as Iro shows
    a page at 100 %)."""
    out = subprocess.run(['pdftoppm', '-f', str(page), '-l', str(page), '-r', '96', path],
                         capture_output=True, timeout=TIMEOUT, check=True).stdout
    return Image.from_ppm(out)


def _red_count(image):
    """How many pixels are reddish (the pen's red, or its anti-aliased edge on white)."""
    return sum(1 for y in range(0, image.height, 2) for x in range(0, image.width, 2)
               if image.pixel(x, y)[0] - max(image.pixel(x, y)[1:3]) > 80)


def test_a_pdf_pages_markup_is_saved_into_a_pdf_whose_text_is_still_text():
    require_tools('pdftotext', 'pdftoppm')
    folder = os.path.join(fixture_dir(), 'paper')
    os.makedirs(folder, exist_ok=True)
    pdf = os.path.join(folder, 'paper.pdf')
    write_pdf(pdf, ['The first page', 'The second page', 'The third page'])
    copy = os.path.join(folder, 'marked.pdf')
    with Session() as s:
        app = s.launch([pdf])
        frame = app.frame('paper.pdf')
        s.focus_window('paper.pdf')
        s.key('Page_Down')
        app.wait(lambda: any((n.name or '') == 'Page 2 of 3' for n in app.find_all('text', root=frame)), 'page 2')
        stroke_across_the_middle(s, app, frame, 'paper.pdf')
        s.key('ctrl+shift+s')
        save_as(s, app, 'Save a Copy', 'marked.pdf')
        poll(lambda: os.path.exists(copy) and os.path.getsize(copy) > 0, what='the copy written')
    text = subprocess.run(['pdftotext', copy, '-'], capture_output=True, text=True, timeout=TIMEOUT, check=True).stdout
    for words in ('The first page', 'The second page', 'The third page'):
        assert words in text, f'{words!r} extracted from {text!r}'
    assert _red_count(_pdf_page(copy, 2)) > 20, 'the stroke on page 2'
    assert _red_count(_pdf_page(copy, 1)) == 0, 'and not on page 1'
    assert _red_count(_pdf_page(pdf, 2)) == 0, 'the original untouched'
