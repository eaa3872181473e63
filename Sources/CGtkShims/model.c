// IroModel: see CGtkShims.h. One class per registered name; each instance holds a GValue per
// property, initialised to the property's default.
#include "CGtkShims.h"

typedef struct {
    GObjectClass parent_class;
    guint n_specs;
    GParamSpec **specs; // index = property id - 1
} IroModelClass;

typedef struct {
    GObject parent_instance;
    GValue *values;
} IroModel;

typedef struct {
    GParamSpec **specs;
    guint n_specs;
} IroModelClassData;

static void iro_model_set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    IroModel *self = (IroModel *)object;
    IroModelClass *klass = (IroModelClass *)G_OBJECT_GET_CLASS(object);
    if (id == 0 || id > klass->n_specs) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
        return;
    }
    GValue *slot = &self->values[id - 1];
    if (g_param_values_cmp(spec, slot, value) == 0) return;
    g_value_copy(value, slot);
    g_object_notify_by_pspec(object, spec);
}

static void iro_model_get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    IroModel *self = (IroModel *)object;
    IroModelClass *klass = (IroModelClass *)G_OBJECT_GET_CLASS(object);
    if (id == 0 || id > klass->n_specs) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
        return;
    }
    g_value_copy(&self->values[id - 1], value);
}

static void iro_model_finalize(GObject *object) {
    IroModel *self = (IroModel *)object;
    IroModelClass *klass = (IroModelClass *)G_OBJECT_GET_CLASS(object);
    for (guint i = 0; i < klass->n_specs; i++) g_value_unset(&self->values[i]);
    g_free(self->values);
    G_OBJECT_CLASS(g_type_class_peek_parent(klass))->finalize(object);
}

static void iro_model_class_init(gpointer klass, gpointer data) {
    IroModelClass *model = klass;
    IroModelClassData *declared = data;
    GObjectClass *object = G_OBJECT_CLASS(klass);
    object->set_property = iro_model_set_property;
    object->get_property = iro_model_get_property;
    object->finalize = iro_model_finalize;
    model->n_specs = declared->n_specs;
    model->specs = declared->specs;
    for (guint i = 0; i < declared->n_specs; i++) {
        g_object_class_install_property(object, i + 1, declared->specs[i]);
    }
}

static void iro_model_instance_init(GTypeInstance *instance, gpointer klass) {
    IroModel *self = (IroModel *)instance;
    IroModelClass *model = klass;
    self->values = g_new0(GValue, model->n_specs);
    for (guint i = 0; i < model->n_specs; i++) {
        g_value_init(&self->values[i], G_PARAM_SPEC_VALUE_TYPE(model->specs[i]));
        g_param_value_set_default(model->specs[i], &self->values[i]);
    }
}

GType iro_model_type_register(const char *type_name, GParamSpec **specs, guint n_specs) {
    GType existing = g_type_from_name(type_name);
    if (existing != 0) return existing;
    // Lives as long as the type: for the whole process.
    IroModelClassData *data = g_new0(IroModelClassData, 1);
    data->n_specs = n_specs;
    data->specs = g_new0(GParamSpec *, n_specs > 0 ? n_specs : 1);
    for (guint i = 0; i < n_specs; i++) data->specs[i] = g_param_spec_ref_sink(specs[i]);
    GTypeInfo info = {
        .class_size = sizeof(IroModelClass),
        .class_init = iro_model_class_init,
        .class_data = data,
        .instance_size = sizeof(IroModel),
        .instance_init = iro_model_instance_init,
    };
    return g_type_register_static(G_TYPE_OBJECT, type_name, &info, 0);
}

#define IRO_MODEL_FLAGS (G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY)

GParamSpec *iro_model_param_double(const char *name, double minimum, double maximum, double initial) {
    return g_param_spec_double(g_intern_string(name), NULL, NULL, minimum, maximum, initial, IRO_MODEL_FLAGS);
}

GParamSpec *iro_model_param_boolean(const char *name, gboolean initial) {
    return g_param_spec_boolean(g_intern_string(name), NULL, NULL, initial, IRO_MODEL_FLAGS);
}

GParamSpec *iro_model_param_string(const char *name, const char *initial) {
    return g_param_spec_string(g_intern_string(name), NULL, NULL, initial, IRO_MODEL_FLAGS);
}

GParamSpec *iro_model_param_int(const char *name, int minimum, int maximum, int initial) {
    return g_param_spec_int(g_intern_string(name), NULL, NULL, minimum, maximum, initial, IRO_MODEL_FLAGS);
}

GParamSpec *iro_model_param_uint64(const char *name) {
    return g_param_spec_uint64(g_intern_string(name), NULL, NULL, 0, G_MAXUINT64, 0, IRO_MODEL_FLAGS);
}

void iro_object_set_double(gpointer object, const char *property, double value) { g_object_set(object, property, value, NULL); }

double iro_object_get_double(gpointer object, const char *property) {
    double value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}

int iro_object_get_int(gpointer object, const char *property) {
    int value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}

guint64 iro_object_get_uint64(gpointer object, const char *property) {
    guint64 value = 0;
    g_object_get(object, property, &value, NULL);
    return value;
}

void iro_object_set_uint64(gpointer object, const char *property, guint64 value) { g_object_set(object, property, value, NULL); }
