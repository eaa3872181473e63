// Markup's text laid out by Pango (pangocairo), behind plain C types. IroImaging links no
// Pango: the decoder helper is built from it and draws text only for a marked-up PDF's copy,
// so pangocairo is loaded when text is first drawn (in Iro, GTK has loaded it already).
#pragma once

/// `text` laid out for `cairo` (a `cairo_t *`) in a sans-serif font at `size` pixels, wrapped
/// at `wrap_width` pixels (0: not wrapped) between words or, in a word too long, between
/// characters; its height in pixels in `height`. A `PangoLayout *` to free with
/// `iro_pango_free`, or NULL when pangocairo cannot be loaded.
void *iro_pango_layout(void *cairo, const char *text, double size, double wrap_width, int *height);

/// Draws `layout` on `cairo` with its top-left corner at the current point, in the current source.
void iro_pango_show(void *cairo, void *layout);

void iro_pango_free(void *layout);
