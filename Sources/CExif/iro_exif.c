#include "iro_exif.h"

#include "iro_lazy_library.h"
#include <gexiv2/gexiv2.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// gexiv2's functions, looked up once in the library loaded on first use.
#define IRO_EXIF_FUNCTIONS(X)                                                                                             \
    X(gexiv2_initialize)                                                                                                 \
    X(gexiv2_log_set_level)                                                                                              \
    X(gexiv2_metadata_new)                                                                                               \
    X(gexiv2_metadata_open_path)                                                                                         \
    X(gexiv2_metadata_open_buf)                                                                                          \
    X(gexiv2_metadata_try_has_tag)                                                                                       \
    X(gexiv2_metadata_try_get_tag_string)                                                                                \
    X(gexiv2_metadata_try_get_tag_interpreted_string)                                                                    \
    X(gexiv2_metadata_try_get_exposure_time)                                                                             \
    X(gexiv2_metadata_try_get_fnumber)                                                                                   \
    X(gexiv2_metadata_try_get_focal_length)                                                                              \
    X(gexiv2_metadata_try_get_iso_speed)                                                                                 \
    X(gexiv2_metadata_try_get_gps_latitude)                                                                              \
    X(gexiv2_metadata_try_get_gps_longitude)                                                                             \
    X(gexiv2_metadata_try_get_gps_altitude)

IRO_LAZY_LIBRARY(IRO_EXIF_FUNCTIONS, "libgexiv2.so.2", "gexiv2")

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int started;
static char start_error[256];

static void start(void) {
    if (!api_load()) {
        snprintf(start_error, sizeof start_error, "%s", api_library.error);
        return;
    }
    // Once, before any thread reads: Exiv2's XMP parser is set up here.
    if (!api.gexiv2_initialize()) {
        snprintf(start_error, sizeof start_error, "gexiv2 could not start");
        return;
    }
    // Damaged metadata is common; it is reported through the result, not on stderr.
    api.gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE);
    started = 1;
}

static int has(GExiv2Metadata *metadata, const char *tag) {
    GError *error = NULL;
    int found = api.gexiv2_metadata_try_has_tag(metadata, tag, &error);
    g_clear_error(&error);
    return found;
}

/// The first of `tags` the file has, as text (interpreted: "Fired, auto mode" rather than 25).
static char *first(GExiv2Metadata *metadata, const char *const *tags, int interpreted) {
    for (; *tags; tags++) {
        if (!has(metadata, *tags)) continue;
        GError *error = NULL;
        char *value = interpreted ? api.gexiv2_metadata_try_get_tag_interpreted_string(metadata, *tags, &error)
                                  : api.gexiv2_metadata_try_get_tag_string(metadata, *tags, &error);
        g_clear_error(&error);
        if (value && *value) return value;
        g_free(value);
    }
    return NULL;
}

#define TAGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static int read_metadata(const char *path, const uint8_t *bytes, size_t size, IroExif *exif, char *error,
                         size_t error_size) {
    memset(exif, 0, sizeof *exif);
    pthread_once(&start_once, start);
    if (!started) {
        snprintf(error, error_size, "%s", start_error);
        return 0;
    }
    GExiv2Metadata *metadata = api.gexiv2_metadata_new();
    GError *failure = NULL;
    int opened = path ? api.gexiv2_metadata_open_path(metadata, path, &failure)
                      : api.gexiv2_metadata_open_buf(metadata, bytes, (glong)size, &failure);
    if (!opened) {
        snprintf(error, error_size, "%s", failure ? failure->message : "unreadable metadata");
        g_clear_error(&failure);
        g_object_unref(metadata);
        return 0;
    }
    exif->make = first(metadata, TAGS("Exif.Image.Make", "Xmp.tiff.Make"), 0);
    exif->model = first(metadata, TAGS("Exif.Image.Model", "Xmp.tiff.Model"), 0);
    exif->lens = first(metadata, TAGS("Exif.Photo.LensModel", "Xmp.exifEX.LensModel", "Xmp.aux.Lens"), 0);
    exif->taken = first(metadata,
                        TAGS("Exif.Photo.DateTimeOriginal", "Xmp.exif.DateTimeOriginal", "Xmp.photoshop.DateCreated",
                             "Exif.Photo.DateTimeDigitized"),
                        0);
    exif->flash = first(metadata, TAGS("Exif.Photo.Flash"), 1);
    exif->description = first(
        metadata, TAGS("Xmp.dc.description", "Iptc.Application2.Caption", "Exif.Image.ImageDescription"), 0);
    exif->author = first(metadata, TAGS("Xmp.dc.creator", "Iptc.Application2.Byline", "Exif.Image.Artist"), 0);
    exif->copyright = first(metadata, TAGS("Xmp.dc.rights", "Iptc.Application2.Copyright", "Exif.Image.Copyright"), 0);

    GError *ignored = NULL;
    int num = 0, den = 0;
    if (api.gexiv2_metadata_try_get_exposure_time(metadata, &num, &den, &ignored) && num > 0 && den > 0) {
        exif->exposure_num = num;
        exif->exposure_den = den;
    }
    g_clear_error(&ignored);
    double f = api.gexiv2_metadata_try_get_fnumber(metadata, &ignored);
    exif->f_number = f > 0 ? f : 0;
    g_clear_error(&ignored);
    double focal = api.gexiv2_metadata_try_get_focal_length(metadata, &ignored);
    exif->focal_length = focal > 0 ? focal : 0;
    g_clear_error(&ignored);
    int iso = api.gexiv2_metadata_try_get_iso_speed(metadata, &ignored);
    exif->iso = iso > 0 ? iso : 0;
    g_clear_error(&ignored);
    double latitude = 0, longitude = 0, altitude = 0;
    int has_latitude = api.gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, &ignored);
    g_clear_error(&ignored);
    int has_longitude = api.gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, &ignored);
    g_clear_error(&ignored);
    if (has_latitude && has_longitude) {
        exif->has_gps = 1;
        exif->latitude = latitude;
        exif->longitude = longitude;
        exif->has_altitude = api.gexiv2_metadata_try_get_gps_altitude(metadata, &altitude, &ignored);
        exif->altitude = altitude;
        g_clear_error(&ignored);
    }
    g_object_unref(metadata);
    return 1;
}

int iro_exif_read(const char *path, IroExif *exif, char *error, size_t error_size) {
    return read_metadata(path, NULL, 0, exif, error, error_size);
}

int iro_exif_read_bytes(const uint8_t *bytes, size_t size, IroExif *exif, char *error, size_t error_size) {
    if (size > G_MAXLONG) {
        memset(exif, 0, sizeof *exif);
        snprintf(error, error_size, "the file is too large to read its metadata");
        return 0;
    }
    return read_metadata(NULL, bytes, size, exif, error, error_size);
}

void iro_exif_clear(IroExif *exif) {
    char **strings[] = {&exif->make,        &exif->model,  &exif->lens,      &exif->taken,
                        &exif->flash,       &exif->author, &exif->copyright, &exif->description};
    for (size_t i = 0; i < sizeof strings / sizeof *strings; i++) {
        g_free(*strings[i]);
        *strings[i] = NULL;
    }
}
