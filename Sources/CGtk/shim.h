// The C headers Iro calls directly. GTK 4.8 and libadwaita 1.2 (Debian 12);
// gdk-pixbuf comes with GTK. Helpers that need real C live in CGtkShims.
#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h>
