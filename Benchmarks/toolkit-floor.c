// The least a GTK 4 + libadwaita program does to show a photo, for the launch bench
// (VIEWERS="... toolkit-floor"): what any viewer built on these toolkits pays before its
// first frame, measured in the same harness as the viewers. It decodes the photo with
// gdk-pixbuf at the size that fits the screen on a second thread while GTK starts (as Iro
// does in its helper), then shows it in a GtkPicture in an AdwApplicationWindow with a
// header bar. No session bus, menus, tabs or sandbox: a floor, not a viewer.
//
//   gcc -O2 -o toolkit-floor toolkit-floor.c $(pkg-config --cflags --libs libadwaita-1)
#include <adwaita.h>
#include <stdlib.h>

static GdkPixbuf *decoded;
static GMutex lock;
static GCond done;
static gboolean finished;

static gpointer decode(gpointer path) {
    // Fits the area below the header bar of a window maximised on a 1920 × 1080 screen, so
    // that it is drawn 1:1 (as Iro draws its view), not scaled by GSK in every frame.
    GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_scale(path, 1920, 1030, TRUE, NULL);
    g_mutex_lock(&lock);
    decoded = pixbuf;
    finished = TRUE;
    g_cond_signal(&done);
    g_mutex_unlock(&lock);
    return NULL;
}

static void activate(GtkApplication *app, gpointer user_data) {
    (void)user_data;
    GtkWidget *window = adw_application_window_new(app);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    g_mutex_lock(&lock);
    while (!finished) g_cond_wait(&done, &lock);
    g_mutex_unlock(&lock);
    GtkWidget *picture = decoded ? gtk_picture_new_for_pixbuf(decoded) : gtk_label_new("cannot decode");
    gtk_widget_set_vexpand(picture, TRUE);
    gtk_widget_set_halign(picture, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(picture, GTK_ALIGN_CENTER);
    if (decoded) gtk_picture_set_can_shrink(GTK_PICTURE(picture), FALSE);
    gtk_box_append(GTK_BOX(box), picture);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
    gtk_window_set_default_size(GTK_WINDOW(window), 1200, 800);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    if (argc != 2) {
        g_printerr("usage: %s IMAGE\n", argv[0]);
        return 2;
    }
    // What Iro chooses on a machine without a GPU render node.
    setenv("GSK_RENDERER", "cairo", 0);
    setenv("GDK_DEBUG", "gl-disable", 0);
    g_thread_unref(g_thread_new("decode", decode, argv[1]));
    AdwApplication *app = adw_application_new("io.github.iroviewer.ToolkitFloor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
