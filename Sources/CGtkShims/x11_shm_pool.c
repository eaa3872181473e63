#include "CGtkShims.h"
#include <gdk/x11/gdkx.h>
#include <cairo-xlib.h>

cairo_surface_t *iro_x11_hold_shm_pool(GdkDisplay *display, int width, int height) {
    if (!GDK_IS_X11_DISPLAY(display) || width <= 0 || height <= 0) return NULL;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    int screen = DefaultScreen(xdisplay);
    // Any drawable of the display will do: the pool belongs to cairo's device for the
    // display, which GTK's window surfaces share.
    cairo_surface_t *root = cairo_xlib_surface_create(xdisplay, RootWindow(xdisplay, screen),
                                                      DefaultVisual(xdisplay, screen), 1, 1);
    // A frame-sized image makes cairo create a pool that can hold frames; the small one
    // is then placed in that pool (the newest with room) and keeps it from being freed.
    cairo_surface_t *frame = cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, width, height);
    cairo_surface_t *anchor = cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, 16, 16);
    cairo_surface_destroy(frame);
    cairo_surface_destroy(root);
    if (cairo_surface_status(anchor) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(anchor);
        return NULL;
    }
    return anchor;
}
