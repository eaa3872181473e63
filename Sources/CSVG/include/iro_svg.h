// An SVG document rendered by librsvg at any size, behind plain C types (librsvg's
// headers bring all of GLib, cairo and gdk-pixbuf, which Swift already imports from CGtk).
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct IroSvg IroSvg;

/// Parses the SVG (plain or gzip-compressed) in `data`. External files are never loaded
/// (the document has no base location). NULL on failure, with librsvg's message in `error`.
IroSvg *iro_svg_open(const uint8_t *data, size_t size, char *error, size_t error_size);

/// Draws the document scaled to `document_width` × `document_height`, the part from
/// (`left`, `top`) that is `width` × `height`, into `pixels`: cairo's ARGB32
/// (premultiplied, native-endian: B, G, R, A in memory here), rows `stride` bytes apart,
/// which must be zeroed. 0 on failure, with the reason in `error`.
int iro_svg_render(IroSvg *svg, uint8_t *pixels, int width, int height, int stride, double left, double top,
                   double document_width, double document_height, char *error, size_t error_size);

void iro_svg_free(IroSvg *svg);
