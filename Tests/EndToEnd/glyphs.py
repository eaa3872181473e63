"""Text as drawn on the screen: whether a label's characters came out as glyphs or as the
boxes Pango draws for a character no installed font has (a rectangle around its code in
hex digits). The AT-SPI name of a label is the same either way; only its pixels tell.

A box is a blob of ink whose four sides are solid lines. A glyph seldom is: the test picks
text whose characters have no closed frame (kana and open kanji such as 人, 見, る).
"""

from collections import Counter


def _ink(image, background, threshold=90):
    """Rows of booleans: where the image differs from `background` by more than `threshold`
    (sum over R, G, B), which keeps anti-aliased fringes out."""
    return [[sum(abs(a - b) for a, b in zip(image.pixel(x, y), background)) > threshold
             for x in range(image.width)] for y in range(image.height)]


def cells(image):
    """The blobs of ink in a crop of one line of text, left to right: runs of columns with
    ink, each with its ink's bounds as (left, top, right, bottom), inclusive."""
    background = Counter(image.pixel(x, y) for y in range(image.height) for x in range(image.width)).most_common(1)[0][0]
    ink = _ink(image, background)
    columns = [any(ink[y][x] for y in range(image.height)) for x in range(image.width)]
    found, x = [], 0
    while x < image.width:
        if not columns[x]:
            x += 1
            continue
        left = x
        while x < image.width and columns[x]:
            x += 1
        right = x - 1
        rows = [y for y in range(image.height) if any(ink[y][left:right + 1])]
        found.append(((left, rows[0], right, rows[-1]), ink))
    return [bounds for bounds, _ in found], ink


def is_box(bounds, ink, solid=0.85):
    """Whether the blob in `bounds` is framed by four solid sides, as Pango's missing-glyph
    box is (and as a tall enough blob to hold hex digits)."""
    left, top, right, bottom = bounds
    width, height = right - left + 1, bottom - top + 1
    if width < 6 or height < 8:
        return False

    def share(points):
        points = list(points)
        return sum(1 for x, y in points if ink[y][x]) / len(points)

    sides = [
        share((left, y) for y in range(top, bottom + 1)),
        share((right, y) for y in range(top, bottom + 1)),
        share((x, top) for x in range(left, right + 1)),
        share((x, bottom) for x in range(left, right + 1)),
    ]
    return min(sides) >= solid


def boxes_and_glyphs(image):
    """(boxes, others): how many blobs of ink in the crop are missing-glyph boxes and how
    many are not."""
    bounds, ink = cells(image)
    boxes = sum(1 for b in bounds if is_box(b, ink))
    return boxes, len(bounds) - boxes
