#include "CGLibShims.h"

// Weak references, with GDK's own signatures (GdkMemoryFormat is an int-sized enum): the
// dynamic linker binds them to GTK where it is loaded, and leaves them NULL where not.
extern struct _GdkTexture *gdk_texture_new_for_pixbuf(GdkPixbuf *pixbuf) __attribute__((weak));
extern struct _GdkTexture *gdk_memory_texture_new(int width, int height, int format, GBytes *bytes, gsize stride)
    __attribute__((weak));

struct _GdkTexture *iro_texture_new_for_pixbuf(GdkPixbuf *pixbuf) {
    return gdk_texture_new_for_pixbuf ? gdk_texture_new_for_pixbuf(pixbuf) : NULL;
}

struct _GdkTexture *iro_texture_new_bgra_premultiplied(int width, int height, GBytes *bytes, gsize stride) {
    return gdk_memory_texture_new ? gdk_memory_texture_new(width, height, IRO_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, stride)
                                  : NULL;
}
