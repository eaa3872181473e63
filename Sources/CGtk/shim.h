// The C headers Iro calls directly. GTK 4.8 and libadwaita 1.2 (Debian 12), over the
// libraries CGLib imports (included first, so that their declarations are CGLib's).
// Helpers that need real C live in CGtkShims.
#include "../CGLib/shim.h"
#include <gtk/gtk.h>
#include <adwaita.h>

// Typed handles. GTK keeps the instance structs of most widgets private, and Swift
// imports a pointer to an incomplete struct as OpaquePointer, which accepts any of them:
// a GtkLabel * would pass where a GtkStack * is wanted. An empty definition here (the
// struct's real layout stays GTK's business: Iro never allocates or reads one) makes
// Swift import `GtkStack *` as UnsafeMutablePointer<GtkStack>, so the compiler tells
// them apart. GtkSupport's WidgetTypes.swift gives each its GType, for checked casts.
struct _GtkStack {};
struct _GtkLabel {};
struct _GtkRevealer {};
struct _GtkScrolledWindow {};
struct _GtkOverlay {};
struct _GtkProgressBar {};
struct _GtkMenuButton {};
struct _GtkAboutDialog {};
struct _GtkShortcutsWindow {};
struct _GtkActionable {};
struct _GtkAccessible {};
struct _GtkFileChooser {};
struct _AdwTabView {};
struct _AdwTabPage {};
struct _AdwTabBar {};
struct _AdwHeaderBar {};
struct _AdwStatusPage {};
struct _AdwWindowTitle {};
struct _AdwToastOverlay {};
struct _AdwToast {};
