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
    X(gexiv2_metadata_try_get_gps_altitude)                                                                              \
    X(gexiv2_metadata_has_exif)                                                                                          \
    X(gexiv2_metadata_has_xmp)                                                                                           \
    X(gexiv2_metadata_has_iptc)                                                                                          \
    X(gexiv2_metadata_get_exif_tags)                                                                                     \
    X(gexiv2_metadata_get_xmp_tags)                                                                                      \
    X(gexiv2_metadata_try_set_tag_string)                                                                                \
    X(gexiv2_metadata_try_clear_tag)                                                                                     \
    X(gexiv2_metadata_try_erase_exif_thumbnail)                                                                          \
    X(gexiv2_metadata_save_stream)

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

/// Loads gexiv2 once; 0, with the reason in `error`, when it cannot be.
static int ensure_started(char *error, size_t error_size) {
    pthread_once(&start_once, start);
    if (!started) snprintf(error, error_size, "%s", start_error);
    return started;
}

#define TAGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static int read_metadata(const char *path, const uint8_t *bytes, size_t size, IroExif *exif, char *error,
                         size_t error_size) {
    memset(exif, 0, sizeof *exif);
    if (!ensure_started(error, error_size)) return 0;
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

// Carrying metadata into an edited copy.

/// The edited image's bytes as the stream gexiv2 writes to (ManagedStreamCallbacks). Exiv2
/// reads it, builds the new file in memory and then copies that over it from the start
/// (gexiv2's StreamIo::transfer: seek to 0, then write), with no call to shorten it: so the
/// first write cuts the stream where it starts, or a shorter result would keep the old tail.
typedef struct {
    uint8_t *bytes;
    size_t size, capacity, position;
    int writing;
    /// A write found no memory; what was written is incomplete.
    int failed;
} MemoryStream;

static gboolean stream_yes(void *handle) {
    (void)handle;
    return TRUE;
}

static gint64 stream_length(void *handle) { return (gint64)((MemoryStream *)handle)->size; }

static gint64 stream_position(void *handle) { return (gint64)((MemoryStream *)handle)->position; }

static gint32 stream_read(void *handle, void *buffer, gint32 offset, gint32 count) {
    MemoryStream *stream = handle;
    if (offset < 0 || count <= 0 || stream->position >= stream->size) return 0;
    size_t length = MIN((size_t)count, stream->size - stream->position);
    memcpy((uint8_t *)buffer + offset, stream->bytes + stream->position, length);
    stream->position += length;
    return (gint32)length;
}

static void stream_write(void *handle, void *buffer, gint32 offset, gint32 count) {
    MemoryStream *stream = handle;
    if (stream->failed || offset < 0 || count <= 0) return;
    if (!stream->writing) {
        stream->writing = 1;
        stream->size = stream->position;
    }
    size_t end = stream->position + (size_t)count;
    if (end > stream->capacity) {
        size_t capacity = MAX(end, stream->capacity + stream->capacity / 2);
        uint8_t *grown = g_try_realloc(stream->bytes, capacity);
        if (!grown) {
            stream->failed = 1;
            return;
        }
        stream->bytes = grown;
        stream->capacity = capacity;
    }
    memcpy(stream->bytes + stream->position, (const uint8_t *)buffer + offset, (size_t)count);
    stream->position = end;
    stream->size = MAX(stream->size, end);
}

/// Seeks stay inside the bytes: Exiv2 takes a position at the end as the end of the file.
static void stream_seek(void *handle, gint64 offset, WrapperSeekOrigin origin) {
    MemoryStream *stream = handle;
    gint64 base = origin == Begin ? 0 : origin == Current ? (gint64)stream->position : (gint64)stream->size;
    gint64 target = offset > G_MAXINT64 - base ? G_MAXINT64 : base + offset;
    stream->position = (size_t)CLAMP(target, 0, (gint64)stream->size);
}

static void stream_flush(void *handle) { (void)handle; }

/// Sets `tag` to `value`; with `only_if_present`, only when the metadata has it already.
static int set_tag(GExiv2Metadata *metadata, const char *tag, const char *value, int only_if_present, char *error,
                   size_t error_size) {
    if (only_if_present && !has(metadata, tag)) return 1;
    GError *failure = NULL;
    if (api.gexiv2_metadata_try_set_tag_string(metadata, tag, value, &failure)) return 1;
    snprintf(error, error_size, "%s could not be set (%s)", tag, failure ? failure->message : "unknown reason");
    g_clear_error(&failure);
    return 0;
}

/// Whether `tag` holds or points to a small copy of the picture: EXIF's thumbnail (IFD1) and
/// the previews of maker notes ("Exif.NikonPreview.JPEGInterchangeFormat", "Exif.Olympus.
/// ThumbnailImage", "Exif.Pentax.PreviewOffset" …), and XMP's ("Xmp.xmp.Thumbnails[1]/
/// xmpGImg:image"). Matched by name, broadly: such a copy shows what an edit cut away or
/// turned, and the few descriptive tags the names also catch are no loss.
static int is_preview(const char *tag) {
    return strstr(tag, "Thumbnail") || strstr(tag, "Preview");
}

static int erase_previews(GExiv2Metadata *metadata, gchar **tags, char *error, size_t error_size) {
    int erased = 1;
    for (gchar **tag = tags; tag && *tag && erased; tag++) {
        if (!is_preview(*tag)) continue;
        GError *failure = NULL;
        api.gexiv2_metadata_try_clear_tag(metadata, *tag, &failure);
        if (failure) {
            snprintf(error, error_size, "%s could not be removed (%s)", *tag, failure->message);
            erased = 0;
        }
        g_clear_error(&failure);
    }
    g_strfreev(tags);
    return erased;
}

/// Makes the original's metadata true of the edited picture: it is stood up (orientation 1),
/// `width` × `height`, and has no thumbnail or preview of the original left in it.
static int describe_edit(GExiv2Metadata *metadata, int width, int height, char *error, size_t error_size) {
    int exif = api.gexiv2_metadata_has_exif(metadata);
    GError *failure = NULL;
    api.gexiv2_metadata_try_erase_exif_thumbnail(metadata, &failure);
    if (failure) {
        snprintf(error, error_size, "the EXIF thumbnail could not be removed (%s)", failure->message);
        g_clear_error(&failure);
        return 0;
    }
    if (!erase_previews(metadata, api.gexiv2_metadata_get_exif_tags(metadata), error, error_size) ||
        !erase_previews(metadata, api.gexiv2_metadata_get_xmp_tags(metadata), error, error_size))
        return 0;
    char w[16], h[16];
    snprintf(w, sizeof w, "%d", width);
    snprintf(h, sizeof h, "%d", height);
    // gexiv2's own setters (set_orientation, set_metadata_pixel_width) add the XMP tags, and
    // so an XMP packet, to a photo that had none: here a tag is only set where it was, except
    // EXIF's pixel dimensions, which the Exif standard asks of every compressed picture.
    struct {
        const char *tag, *value;
        int only_if_present;
    } const tags[] = {
        {"Exif.Image.Orientation", "1", 1},       {"Xmp.tiff.Orientation", "1", 1},
        {"Exif.Photo.PixelXDimension", w, !exif}, {"Exif.Photo.PixelYDimension", h, !exif},
        {"Exif.Image.ImageWidth", w, 1},          {"Exif.Image.ImageLength", h, 1},
        {"Xmp.exif.PixelXDimension", w, 1},       {"Xmp.exif.PixelYDimension", h, 1},
        {"Xmp.tiff.ImageWidth", w, 1},            {"Xmp.tiff.ImageLength", h, 1},
    };
    for (size_t i = 0; i < sizeof tags / sizeof *tags; i++) {
        if (!set_tag(metadata, tags[i].tag, tags[i].value, tags[i].only_if_present, error, error_size)) return 0;
    }
    return 1;
}

/// The edited bytes as the result, unchanged: there is nothing to carry.
static int unchanged(const uint8_t *edited, size_t edited_size, uint8_t **out, size_t *out_size) {
    *out = g_memdup2(edited, edited_size);
    *out_size = edited_size;
    return 1;
}

int iro_exif_carry_over(const uint8_t *original, size_t original_size, const uint8_t *edited, size_t edited_size,
                        int width, int height, uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    if (original_size > G_MAXLONG || edited_size > G_MAXLONG) {
        snprintf(error, error_size, "the image is too large to carry its metadata");
        return 0;
    }
    if (!edited || edited_size == 0 || width <= 0 || height <= 0) {
        snprintf(error, error_size, "there is no edited image to carry the metadata into");
        return 0;
    }
    if (!ensure_started(error, error_size)) return 0;
    GExiv2Metadata *metadata = api.gexiv2_metadata_new();
    GError *failure = NULL;
    // Metadata Exiv2 cannot read (a format it does not know, a broken block) is none to carry.
    if (!original || !api.gexiv2_metadata_open_buf(metadata, original, (glong)original_size, &failure) ||
        !(api.gexiv2_metadata_has_exif(metadata) || api.gexiv2_metadata_has_xmp(metadata) ||
          api.gexiv2_metadata_has_iptc(metadata))) {
        g_clear_error(&failure);
        g_object_unref(metadata);
        return unchanged(edited, edited_size, out, out_size);
    }
    if (!describe_edit(metadata, width, height, error, error_size)) {
        g_object_unref(metadata);
        return 0;
    }
    MemoryStream stream = {g_memdup2(edited, edited_size), edited_size, edited_size, 0, 0, 0};
    ManagedStreamCallbacks callbacks = {&stream,         stream_yes,  stream_yes, stream_yes,  stream_length,
                                        stream_position, stream_read, stream_write, stream_seek, stream_flush};
    int saved = api.gexiv2_metadata_save_stream(metadata, &callbacks, &failure);
    g_object_unref(metadata);
    if (!saved || stream.failed) {
        snprintf(error, error_size, "the metadata could not be written (%s)",
                 stream.failed ? "not enough memory" : failure ? failure->message : "unknown reason");
        g_clear_error(&failure);
        g_free(stream.bytes);
        return 0;
    }
    *out = stream.bytes;
    *out_size = stream.size;
    return 1;
}

void iro_exif_free_bytes(uint8_t *bytes) { g_free(bytes); }
