"""Iro in Japanese (BEHAVIOUR E5): with LANG=ja_JP.UTF-8 the start page, the primary menu, error
pages (with the decoder's detail) and `--help` speak Japanese. What each must say is read from po/ja.po (compiled
here with msgfmt), so the test follows the translation rather than repeating it."""

import gettext
import os
import subprocess
import tempfile

from glyphs import boxes_and_glyphs
from harness import REPO, Session, TIMEOUT, iro_bin, write_quadrants

JAPANESE = {'LANG': 'ja_JP.UTF-8', 'LC_ALL': None, 'LANGUAGE': None}


def _catalogue():
    with tempfile.TemporaryDirectory() as tmp:
        mo = os.path.join(tmp, 'iro.mo')
        subprocess.run(['msgfmt', '-o', mo, os.path.join(REPO, 'po', 'ja.po')], check=True)
        with open(mo, 'rb') as f:
            return gettext.GNUTranslations(f)


def _japanese(catalogue, english, mnemonic=False):
    text = catalogue.gettext(english)
    assert text != english, f'po/ja.po does not translate {english!r}'
    assert any('\u3040' <= c <= '\u30ff' or '\u4e00' <= c <= '\u9fff' for c in text), f'{text!r} is not Japanese'
    return text.replace('_', '') if mnemonic else text


def test_help_is_in_japanese():
    ja = _catalogue()
    env = {**os.environ, 'LANG': 'ja_JP.UTF-8'}
    for key in ('LC_ALL', 'LANGUAGE', 'DISPLAY', 'WAYLAND_DISPLAY'):
        env.pop(key, None)
    r = subprocess.run([iro_bin(), '--help'], capture_output=True, text=True, timeout=TIMEOUT, env=env,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 0, f'exit status {r.returncode}; stderr: {r.stderr}'
    for english in ('Show the version and exit', 'Open the files in a new window',
                    'View images: PNG, JPEG and every format gdk-pixbuf reads.'):
        assert _japanese(ja, english) in r.stdout, f'--help lacks the Japanese for {english!r}:\n{r.stdout}'
    assert 'Show the version and exit' not in r.stdout, r.stdout


def test_start_page_menu_and_error_page_are_in_japanese():
    ja = _catalogue()
    with Session() as s:
        app = s.launch([], env=JAPANESE)
        app.frame()
        app.find('label', _japanese(ja, 'View Images'))
        app.find('label', _japanese(ja, 'Open images, or drop images here'))

        app.find('push button', _japanese(ja, 'Main Menu'))
        s.focus_window('Iro')
        s.key('F10')
        for item in ('_New Window', '_Keyboard Shortcuts', 'Present on _Other Monitor'):
            app.find('menu item', _japanese(ja, item, mnemonic=True))
        s.key('Escape')

        missing = os.path.join(s.tmp, 'missing.png')
        s.launch([missing], env=JAPANESE).wait_exit()  # hands the file to the running Iro
        app.find('label', _japanese(ja, 'File Not Found'))
        reason = _japanese(ja, 'The file does not exist. It may have been moved, renamed or deleted.')
        app.find('label', lambda name: reason in (name or ''))

        # A PNG cut short: the decoder helper's detail, English there, shown in Japanese.
        whole = write_quadrants(os.path.join(s.tmp, 'whole.png'), 64, 48)
        cut = os.path.join(s.tmp, 'cut.png')
        with open(whole, 'rb') as f, open(cut, 'wb') as out:
            out.write(f.read()[:-12])  # without its IEND chunk
        s.launch([cut], env=JAPANESE).wait_exit()
        detail = _japanese(ja, 'the PNG data ends early')
        app.find('label', lambda name: detail in (name or ''))


def _drawn_title(session, env):
    """The start page's title as drawn in Japanese by an Iro started with `env`: (its text,
    boxes, other blobs of ink). Iro quits afterwards."""
    title = _japanese(_catalogue(), 'View Images')
    app = session.launch([], env=env)
    frame = app.frame()
    x, y, w, h = app.screen_extents(app.find('label', title), frame)
    assert w > 0 and h > 0, f'the title has no size: {w}×{h}'
    boxes, others = boxes_and_glyphs(session.screenshot().crop(x, y, w, h))
    app.quit()
    app.wait_exit()
    return title, boxes, others


def test_japanese_is_drawn_in_glyphs_not_boxes():
    """The installed fonts draw every character of the Japanese title. The same check on a
    machine with no Japanese font (fontconfig limited to DejaVu) finds a box for each
    character: it is the check that would fail if install-deps forgot the font."""
    with Session() as s, tempfile.TemporaryDirectory() as tmp:
        conf = os.path.join(tmp, 'fonts.conf')
        with open(conf, 'w') as f:
            f.write('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    '<dir>/usr/share/fonts/truetype/dejavu</dir>'
                    f'<cachedir>{tmp}/cache</cachedir></fontconfig>')
        title, boxes, _ = _drawn_title(s, {**JAPANESE, 'FONTCONFIG_FILE': conf})
        assert boxes >= len(title) - 1, f'without a Japanese font {title!r} should be boxes; found {boxes}'

        title, boxes, others = _drawn_title(s, JAPANESE)
        if boxes:
            s.save_last_shot('japanese-title')
        assert boxes == 0, f'{boxes} of the title\'s characters ({title!r}) are drawn as missing-glyph boxes'
        assert others >= len(title) // 2, f'too little ink for {title!r}: {others} blobs'
