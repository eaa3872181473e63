// C wrappers for the GLib-level modules (GObjectSupport, IroImaging), which the decoder
// helper is built from and which therefore must not need GTK. Each says why it exists.
#pragma once
#include <gdk-pixbuf/gdk-pixbuf.h>

// g_log_structured is variadic: one structured message in `domain` with the code
// location, so G_MESSAGES_DEBUG=<domain> shows debug messages.
void iro_log(const char *domain, GLogLevelFlags level, const char *file, const char *line, const char *message);

// gdk-pixbuf's animation iterator counts time in GTimeVal, which GLib deprecates (with
// no replacement in gdk-pixbuf 2.42); these take milliseconds since the animation's start.
GdkPixbufAnimationIter *iro_animation_get_iter(GdkPixbufAnimation *animation);
gboolean iro_animation_iter_advance(GdkPixbufAnimationIter *iter, gint64 elapsed_milliseconds);

// GDK's texture constructors, for the image levels IroImaging prepares for drawing. In
// Iro, which links GTK, these call GDK; in the decoder helper, which links no GTK and
// draws nothing, they return NULL. Each returns a new `GdkTexture *` sharing the pixels.
struct _GdkTexture *iro_texture_new_for_pixbuf(GdkPixbuf *pixbuf);
// Pixels as B8G8R8A8, premultiplied (cairo's ARGB32 on little-endian machines).
struct _GdkTexture *iro_texture_new_bgra_premultiplied(int width, int height, GBytes *bytes, gsize stride);
// GdkMemoryFormat's value for that layout (a test checks it against GDK's).
enum { IRO_MEMORY_B8G8R8A8_PREMULTIPLIED = 0 };
