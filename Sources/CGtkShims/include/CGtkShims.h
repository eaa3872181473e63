// C wrappers for what Swift cannot call directly: variadic functions and
// GObject macros. Each says why it exists.
#pragma once
#include <gtk/gtk.h>

// g_signal_emit_by_name is variadic. Tests use it to emit real gesture and
// widget signals exactly as GTK would.
void iro_emit_void(gpointer instance, const char *signal);
void iro_emit_double(gpointer instance, const char *signal, double value);
void iro_emit_uint(gpointer instance, const char *signal, guint value);
void iro_emit_pointer(gpointer instance, const char *signal, gpointer argument);
void iro_emit_int_double_double(gpointer instance, const char *signal, int n, double x, double y);
void iro_emit_double_double(gpointer instance, const char *signal, double x, double y);

// g_object_set for a single property of a simple type (variadic in C).
void iro_object_set_boolean(gpointer object, const char *property, gboolean value);
void iro_object_set_int(gpointer object, const char *property, int value);
void iro_object_set_string(gpointer object, const char *property, const char *value);

// gtk_accessible_update_property is variadic; the label is what screen
// readers (and AT-SPI end-to-end tests) read as the widget's name.
void iro_accessible_set_label(GtkWidget *widget, const char *label);

// gtk_widget_class_install_action etc. are fine, but a GtkScrollable
// implementation needs g_object_class_override_property on the class at init;
// this helper installs the four GtkScrollable properties with ids 1…4.
void iro_scrollable_override_properties(GObjectClass *klass);

// g_type_add_interface_static takes a GInterfaceInfo; GtkScrollable needs no
// vfuncs of ours, so one call with an empty info registers it.
void iro_add_scrollable_interface(GType type);

// Libdispatch's main queue does not run under GLib's main loop by itself.
// This watches its wake-up fd from the default GMainContext so that work
// submitted to DispatchQueue.main (and the MainActor) runs while GTK is in
// charge. Returns the GSource id. (The same SPI CoreFoundation uses.)
guint iro_attach_dispatch_main_queue(void);

// g_object_get is variadic; reads one boolean property (e.g. gtk-enable-animations).
// A string property's value (g_free it); NULL when the object has no such property.
char *iro_object_dup_string(gpointer object, const char *property);
void iro_object_get_boolean(gpointer object, const char *property, gboolean *value);

// GtkDropTarget::drop with a value, as GTK emits it when files are dropped
// (tests drive drops through the real signal). Returns the handler's answer.
gboolean iro_emit_drop(gpointer target, const GValue *value, double x, double y);

// GApplication::command-line as the primary instance emits it for a launch: a command
// line object holding argv ("aay"), the parsed options ("a{sv}", file arguments under
// "" as "aay") and platform data (with "cwd"). Returns the handler's exit status.
gint iro_emit_command_line(gpointer application, GVariant *arguments, GVariant *options, GVariant *platform_data);

// AdwTabView::create-window as AdwTabBar emits it when a tab is dropped outside
// every tab bar. Returns the AdwTabView the handler made (or NULL).
gpointer iro_emit_create_window(gpointer tab_view);

// GtkEventControllerKey::key-pressed as GTK emits it for a key press.
gboolean iro_emit_key_pressed(gpointer controller, guint keyval, GdkModifierType state);

// GtkLabel::activate-link as a click on a link emits it; whether a handler took it.
gboolean iro_emit_activate_link(gpointer label, const char *uri);

// The accessible description (read after the name), also variadic in GTK.
void iro_accessible_set_description(GtkWidget *widget, const char *description);

// On X11 with the cairo renderer, cairo gives up its shared-memory pool as soon as no
// surface uses it; a frame then starts in a fresh pool and pays a page fault for every
// page it paints. With one window a frame's memory is still in use when the next frame
// asks, but two full-screen windows painting in turn (a presentation) empty the pool
// every step: about 4000 faults, 10 ms or more, per step. This keeps a 1 KB image in a
// pool large enough for a frame of width × height, so that the pool, and its faulted
// pages, stay. Destroy the result with cairo_surface_destroy to let the pool go. NULL
// when the display is not X11 or cairo has no shared memory there.
cairo_surface_t *iro_x11_hold_shm_pool(GdkDisplay *display, int width, int height);

// A GObject whose properties are declared at registration: the state a Swift model shows
// to widgets, observed the GObject way (notify::NAME, g_object_bind_property, GBindingGroup,
// GSignalGroup). Swift has no way to declare GObject properties; this class keeps each value
// in a GValue of its own and emits notify only when a value really changes, so a
// bidirectional binding settles at once. `specs` are sunk and kept by the class.
GType iro_model_type_register(const char *type_name, GParamSpec **specs, guint n_specs);

// GParamSpec constructors whose flags Swift would spell out each time: readable, writable,
// static strings, notify only on a change (G_PARAM_EXPLICIT_NOTIFY).
GParamSpec *iro_model_param_double(const char *name, double minimum, double maximum, double initial);
GParamSpec *iro_model_param_boolean(const char *name, gboolean initial);
GParamSpec *iro_model_param_string(const char *name, const char *initial);
GParamSpec *iro_model_param_int(const char *name, int minimum, int maximum, int initial);
GParamSpec *iro_model_param_uint64(const char *name);

// g_object_set / g_object_get for one property of those types (variadic in C).
void iro_object_set_double(gpointer object, const char *property, double value);
double iro_object_get_double(gpointer object, const char *property);
int iro_object_get_int(gpointer object, const char *property);
guint64 iro_object_get_uint64(gpointer object, const char *property);
void iro_object_set_uint64(gpointer object, const char *property, guint64 value);

// A list of `count` items for a GtkListView or GtkGridView: a document's pages (BEHAVIOUR
// G3) or a folder's images (H1), whose rows look their item up by position. Item i is a
// GtkStringObject holding "i + 1", made only when the list asks for it. A GtkStringList
// would make every string up front: 100 000 pages stalled the main loop for 90 ms.
#define IRO_TYPE_PAGE_LIST (iro_page_list_get_type())
G_DECLARE_FINAL_TYPE(IroPageList, iro_page_list, IRO, PAGE_LIST, GObject)
IroPageList *iro_page_list_new(void);
void iro_page_list_set_count(IroPageList *list, guint count);
/* `removed` items at `position` replaced by `added` (a folder's files changed there). */
void iro_page_list_splice(IroPageList *list, guint position, guint removed, guint added);
