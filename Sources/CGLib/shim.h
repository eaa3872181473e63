// The C headers of the libraries below GTK: GLib, GIO, gdk-pixbuf and cairo. What the
// decoder helper is built from (GObjectSupport, IroImaging) imports only these, so it
// links none of GTK: 1.8 MB less resident in every helper, and 8 ms less to start it.
// CGtk includes this header first, and so shares these declarations: a GObject * is
// the same type on both sides.
#include <glib.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
