#include "iro_svg.h"

#include "iro_lazy_library.h"
#include <librsvg/rsvg.h>
#include <stdio.h>

// librsvg is loaded when the first SVG is opened, not at start: it and the libraries only it
// needs (libxml2, pango's FreeType side…) are 1.6 MB resident in a decoder helper that
// will most likely never see an SVG, and 8 ms of its start-up.
#define IRO_SVG_FUNCTIONS(X)                                                                                             \
    X(rsvg_handle_new_from_data)                                                                                         \
    X(rsvg_handle_render_document)

IRO_LAZY_LIBRARY(IRO_SVG_FUNCTIONS, "librsvg-2.so.2", "librsvg")

struct IroSvg {
    RsvgHandle *handle;
};

static void describe(GError *failure, char *error, size_t error_size) {
    snprintf(error, error_size, "%s", failure ? failure->message : "librsvg failed");
    g_clear_error(&failure);
}

IroSvg *iro_svg_open(const uint8_t *data, size_t size, char *error, size_t error_size) {
    if (!api_load()) {
        snprintf(error, error_size, "%s", api_library.error);
        return NULL;
    }
    GError *failure = NULL;
    RsvgHandle *handle = api.rsvg_handle_new_from_data(data, size, &failure);
    if (!handle) {
        describe(failure, error, error_size);
        return NULL;
    }
    IroSvg *svg = g_new0(IroSvg, 1);
    svg->handle = handle;
    return svg;
}

int iro_svg_render(IroSvg *svg, uint8_t *pixels, int width, int height, int stride, double left, double top,
                   double document_width, double document_height, char *error, size_t error_size) {
    cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {-left, -top, document_width, document_height};
    GError *failure = NULL;
    gboolean drawn = api.rsvg_handle_render_document(svg->handle, cr, &viewport, &failure);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    if (!drawn) describe(failure, error, error_size);
    return drawn ? 1 : 0;
}

void iro_svg_free(IroSvg *svg) {
    if (!svg) return;
    g_object_unref(svg->handle);
    g_free(svg);
}
