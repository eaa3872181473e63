#include "CGLibShims.h"

void iro_log(const char *domain, GLogLevelFlags level, const char *file, const char *line, const char *message) {
    g_log_structured(domain, level, "CODE_FILE", file, "CODE_LINE", line, "MESSAGE", "%s", message);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
GdkPixbufAnimationIter *iro_animation_get_iter(GdkPixbufAnimation *animation) {
    GTimeVal start = { 0, 0 };
    return gdk_pixbuf_animation_get_iter(animation, &start);
}

gboolean iro_animation_iter_advance(GdkPixbufAnimationIter *iter, gint64 elapsed_milliseconds) {
    GTimeVal now = { (glong)(elapsed_milliseconds / 1000), (glong)(elapsed_milliseconds % 1000) * 1000 };
    return gdk_pixbuf_animation_iter_advance(iter, &now);
}
G_GNUC_END_IGNORE_DEPRECATIONS
