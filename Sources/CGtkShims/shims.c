#include "CGtkShims.h"
#include <glib-unix.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdint.h>

void iro_emit_void(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}
void iro_emit_double(gpointer instance, const char *signal, double value) {
    g_signal_emit_by_name(instance, signal, value);
}
void iro_emit_uint(gpointer instance, const char *signal, guint value) {
    g_signal_emit_by_name(instance, signal, value);
}
void iro_emit_pointer(gpointer instance, const char *signal, gpointer argument) {
    g_signal_emit_by_name(instance, signal, argument);
}
void iro_emit_int_double_double(gpointer instance, const char *signal, int n, double x, double y) {
    g_signal_emit_by_name(instance, signal, n, x, y);
}
void iro_emit_double_double(gpointer instance, const char *signal, double x, double y) {
    g_signal_emit_by_name(instance, signal, x, y);
}

void iro_object_set_boolean(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}
void iro_object_set_int(gpointer object, const char *property, int value) {
    g_object_set(object, property, value, NULL);
}
void iro_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

void iro_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void iro_scrollable_override_properties(GObjectClass *klass) {
    g_object_class_override_property(klass, 1, "hadjustment");
    g_object_class_override_property(klass, 2, "vadjustment");
    g_object_class_override_property(klass, 3, "hscroll-policy");
    g_object_class_override_property(klass, 4, "vscroll-policy");
}

void iro_add_scrollable_interface(GType type) {
    static const GInterfaceInfo info = { NULL, NULL, NULL };
    g_type_add_interface_static(type, GTK_TYPE_SCROLLABLE, &info);
}

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean dispatch_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    uint64_t count;
    while (read(fd, &count, sizeof count) > 0) { }   /* drain the eventfd (non-blocking) */
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

guint iro_attach_dispatch_main_queue(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
    return g_unix_fd_add(fd, G_IO_IN, dispatch_main_queue_ready, NULL);
}

void iro_object_get_boolean(gpointer object, const char *property, gboolean *value) {
    g_object_get(object, property, value, NULL);
}

char *iro_object_dup_string(gpointer object, const char *property) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), property);
    if (!spec || spec->value_type != G_TYPE_STRING) return NULL;
    char *value = NULL;
    g_object_get(object, property, &value, NULL);
    return value;
}

gboolean iro_emit_drop(gpointer target, const GValue *value, double x, double y) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(target, "drop", value, x, y, &handled);
    return handled;
}

gint iro_emit_command_line(gpointer application, GVariant *arguments, GVariant *options, GVariant *platform_data) {
    GApplicationCommandLine *command_line = g_object_new(G_TYPE_APPLICATION_COMMAND_LINE, "arguments", arguments,
                                                         "options", options, "platform-data", platform_data, NULL);
    gint status = 1;
    g_signal_emit_by_name(application, "command-line", command_line, &status);
    g_object_unref(command_line);
    return status;
}

gpointer iro_emit_create_window(gpointer tab_view) {
    gpointer result = NULL;
    g_signal_emit_by_name(tab_view, "create-window", &result);
    return result;
}

gboolean iro_emit_key_pressed(gpointer controller, guint keyval, GdkModifierType state) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "key-pressed", keyval, 0u, state, &handled);
    return handled;
}

gboolean iro_emit_activate_link(gpointer label, const char *uri) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(label, "activate-link", uri, &handled);
    return handled;
}

void iro_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

