#include "iro_pango.h"

#include "iro_lazy_library.h"
#include <pango/pangocairo.h>

// pangocairo and the pango functions it brings, found in the library once (dlsym looks in
// the libraries it links too).
#define IRO_PANGO_FUNCTIONS(X)                                                                                           \
    X(pango_cairo_create_layout)                                                                                         \
    X(pango_cairo_show_layout)                                                                                           \
    X(pango_layout_set_text)                                                                                             \
    X(pango_layout_set_font_description)                                                                                 \
    X(pango_layout_set_width)                                                                                            \
    X(pango_layout_set_wrap)                                                                                             \
    X(pango_layout_get_pixel_size)                                                                                       \
    X(pango_font_description_from_string)                                                                                \
    X(pango_font_description_set_absolute_size)                                                                          \
    X(pango_font_description_free)

IRO_LAZY_LIBRARY(IRO_PANGO_FUNCTIONS, "libpangocairo-1.0.so.0", "pangocairo")

void *iro_pango_layout(void *cairo, const char *text, double size, double wrap_width, int *height) {
    *height = 0;
    if (!api_load()) return NULL;
    PangoLayout *layout = api.pango_cairo_create_layout(cairo);
    if (!layout) return NULL;
    PangoFontDescription *font = api.pango_font_description_from_string("Sans");
    if (font) {
        api.pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
        api.pango_layout_set_font_description(layout, font);
        api.pango_font_description_free(font);
    }
    if (wrap_width > 0) {
        double width = wrap_width * PANGO_SCALE;
        api.pango_layout_set_width(layout, width < 1 ? 1 : width > G_MAXINT ? G_MAXINT : (int)width);
        api.pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    }
    api.pango_layout_set_text(layout, text, -1);
    int width = 0;
    api.pango_layout_get_pixel_size(layout, &width, height);
    return layout;
}

void iro_pango_show(void *cairo, void *layout) { api.pango_cairo_show_layout(cairo, layout); }

void iro_pango_free(void *layout) {
    if (layout) g_object_unref(layout);
}
