"""A PDF as a user reads it (BEHAVIOUR G1–G7), with real keys: the header's page indicator,
Page Down through the pages, typing a page number after Ctrl+L, and Ctrl+F finding a word
on a later page."""

import os

from harness import Session, find_all, fixture_dir


def _pdf(pages):
    """A PDF of `pages` (each a line of text in Helvetica on US letter), written by hand."""
    objects = [b'<< /Type /Catalog /Pages 2 0 R >>', None, b'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>']
    kids = []
    for text in pages:
        content = b'BT /F1 24 Tf 72 600 Td (%s) Tj ET' % text.encode('ascii')
        objects.append(b'<< /Length %d >>\nstream\n%s\nendstream' % (len(content), content))
        objects.append(b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> '
                       b'/Contents %d 0 R >>' % len(objects))
        kids.append(b'%d 0 R' % len(objects))
    objects[1] = b'<< /Type /Pages /Kids [%s] /Count %d >>' % (b' '.join(kids), len(kids))
    out = b'%PDF-1.4\n'
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b'%d 0 obj\n%s\nendobj\n' % (number, body)
    table = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objects) + 1)
    out += b''.join(b'%010d 00000 n \n' % offset for offset in offsets)
    out += b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objects) + 1, table)
    return out


def _page(frame):
    """The page indicator's number, from the entry's accessible name ("Page 3 of 4")."""
    names = [n.name for n in find_all(frame, 'text') if (n.name or '').startswith('Page ')]
    return names[0].split()[1] if names else None


def test_page_keys_a_typed_page_number_and_a_search_move_through_a_pdf():
    path = os.path.join(fixture_dir(), 'book.pdf')
    with open(path, 'wb') as f:
        f.write(_pdf(['First page', 'Second page', 'Third page with the word needle', 'Fourth page']))
    with Session() as s:
        app = s.launch([path])
        frame = app.frame('book.pdf')
        s.focus_window('book.pdf')
        app.wait(lambda: _page(frame) == '1', 'the page indicator at 1')
        app.find('label', '/ 4', root=frame)

        s.key('Page_Down')
        app.wait(lambda: _page(frame) == '2', 'Page Down: page 2')
        s.key('End')
        app.wait(lambda: _page(frame) == '4', 'End: the last page')
        s.key('ctrl+l')
        s.xdotool('type', '3')
        s.key('Return')
        app.wait(lambda: _page(frame) == '3', 'typed 3: page 3')
        s.key('Home')
        app.wait(lambda: _page(frame) == '1', 'Home: the first page')

        s.key('ctrl+f')
        search = app.find('entry', 'Find in Document', root=frame)
        s.xdotool('type', 'needle')
        app.wait(lambda: any(n.name == '1 of 1' for n in find_all(frame, 'label')), 'the search found the word once')
        app.wait(lambda: _page(frame) == '3', 'on page 3, now shown')
        s.key('Escape')
        app.wait(lambda: not any(n.name == '1 of 1' for n in find_all(frame, 'label')), 'the search bar closed')
        assert search is not None
