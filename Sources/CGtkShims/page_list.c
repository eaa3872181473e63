// IroPageList: see CGtkShims.h.
#include "CGtkShims.h"

#include <stdio.h>

struct _IroPageList {
    GObject parent_instance;
    guint count;
};

static GType iro_page_list_get_item_type(GListModel *model) {
    (void)model;
    return GTK_TYPE_STRING_OBJECT;
}

static guint iro_page_list_get_n_items(GListModel *model) { return IRO_PAGE_LIST(model)->count; }

static gpointer iro_page_list_get_item(GListModel *model, guint position) {
    if (position >= IRO_PAGE_LIST(model)->count) return NULL;
    char number[16];
    snprintf(number, sizeof number, "%u", position + 1);
    return gtk_string_object_new(number);
}

static void iro_page_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = iro_page_list_get_item_type;
    iface->get_n_items = iro_page_list_get_n_items;
    iface->get_item = iro_page_list_get_item;
}

G_DEFINE_TYPE_WITH_CODE(IroPageList, iro_page_list, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, iro_page_list_model_init))

static void iro_page_list_class_init(IroPageListClass *klass) { (void)klass; }

static void iro_page_list_init(IroPageList *self) { self->count = 0; }

IroPageList *iro_page_list_new(void) { return g_object_new(IRO_TYPE_PAGE_LIST, NULL); }

void iro_page_list_set_count(IroPageList *list, guint count) {
    guint old = list->count;
    if (old == count) return;
    list->count = count;
    g_list_model_items_changed(G_LIST_MODEL(list), 0, old, count);
}

void iro_page_list_splice(IroPageList *list, guint position, guint removed, guint added) {
    if (position > list->count || removed > list->count - position) return;
    if (removed == 0 && added == 0) return;
    list->count = list->count - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(list), position, removed, added);
}
