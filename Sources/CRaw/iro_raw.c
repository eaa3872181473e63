#include "iro_raw.h"

#include "iro_lazy_library.h"
#include <libraw/libraw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// LibRaw is loaded when the first camera RAW file is opened, not at start. The re-entrant
// build (libraw_r): a decoder helper may develop one file while it reads another's preview.
#define IRO_RAW_FUNCTIONS(X)                                                                                             \
    X(libraw_init)                                                                                                       \
    X(libraw_open_buffer)                                                                                                \
    X(libraw_unpack)                                                                                                     \
    X(libraw_unpack_thumb)                                                                                               \
    X(libraw_dcraw_process)                                                                                              \
    X(libraw_dcraw_make_mem_image)                                                                                       \
    X(libraw_dcraw_clear_mem)                                                                                            \
    X(libraw_set_progress_handler)                                                                                       \
    X(libraw_recycle)                                                                                                    \
    X(libraw_strerror)                                                                                                   \
    X(libraw_close)

IRO_LAZY_LIBRARY(IRO_RAW_FUNCTIONS, "libraw_r.so.20", "LibRaw")

struct IroRaw {
    libraw_data_t *data;
    // The file, to open again for a second development (LibRaw develops once per opening).
    const uint8_t *bytes;
    size_t size;
    IroRawInfo info;
    libraw_processed_image_t *developed;
    // Whether a development was begun on this opening (LibRaw goes through its steps once).
    int processed;
    IroRawProgress progress;
    void *context;
};

int iro_raw_might_be_raw(const uint8_t *data, size_t size) {
    if (size < 16) return 0;
    if (memcmp(data, "II*\0", 4) == 0 || memcmp(data, "MM\0*", 4) == 0) return 1; // TIFF: DNG, NEF, CR2, ARW, PEF, …
    if (memcmp(data, "IIRO", 4) == 0 || memcmp(data, "IIRS", 4) == 0 || memcmp(data, "MMOR", 4) == 0) return 1; // ORF
    if (memcmp(data, "IIU\0", 4) == 0) return 1;                                                                // RW2
    if (memcmp(data, "FUJIFILMCCD-RAW", 15) == 0) return 1;                                                      // RAF
    if (memcmp(data + 4, "ftypcrx ", 8) == 0) return 1;                                                          // CR3
    return 0;
}

static void say(char *error, size_t error_size, const char *what, int code) {
    if (code) snprintf(error, error_size, "%s (%s)", what, api.libraw_strerror(code));
    else snprintf(error, error_size, "%s", what);
}

// dcraw's flip (0, 3: 180°, 5: 90° anticlockwise, 6: 90° clockwise) as EXIF's orientation.
static int orientation_of(int flip) {
    switch (flip) {
    case 3: return 3;
    case 5: return 8;
    case 6: return 6;
    default: return 1;
    }
}

IroRaw *iro_raw_open(const uint8_t *data, size_t size, char *error, size_t error_size) {
    if (!api_load()) {
        say(error, error_size, api_library.error, 0);
        return NULL;
    }
    IroRaw *raw = calloc(1, sizeof *raw);
    if (!raw) return NULL;
    raw->data = api.libraw_init(0);
    if (!raw->data) {
        say(error, error_size, "LibRaw could not start", 0);
        free(raw);
        return NULL;
    }
    raw->bytes = data;
    raw->size = size;
    int code = api.libraw_open_buffer(raw->data, (void *)data, size);
    if (code != LIBRAW_SUCCESS) {
        say(error, error_size, "not a camera RAW file LibRaw reads", code);
        iro_raw_close(raw);
        return NULL;
    }
    libraw_data_t *d = raw->data;
    int turned = d->sizes.flip & 4;
    raw->info.width = turned ? d->sizes.height : d->sizes.width;
    raw->info.height = turned ? d->sizes.width : d->sizes.height;
    raw->info.orientation = orientation_of(d->sizes.flip);
    // What the preview is (JPEG or pixels) is known only once it is unpacked.
    raw->info.has_preview = d->thumbnail.tlength > 0 && d->thumbnail.twidth > 0 && d->thumbnail.theight > 0;
    raw->info.preview_width = d->thumbnail.twidth;
    raw->info.preview_height = d->thumbnail.theight;
    snprintf(raw->info.make, sizeof raw->info.make, "%s", d->idata.make);
    snprintf(raw->info.model, sizeof raw->info.model, "%s", d->idata.model);
    raw->info.iso = d->other.iso_speed;
    raw->info.shutter = d->other.shutter;
    raw->info.aperture = d->other.aperture;
    raw->info.focal_length = d->other.focal_len;
    raw->info.taken = (int64_t)d->other.timestamp;
    return raw;
}

void iro_raw_info(const IroRaw *raw, IroRawInfo *info) { *info = raw->info; }

int iro_raw_preview(IroRaw *raw, const uint8_t **bytes, size_t *size, int *width, int *height, char *error,
                    size_t error_size) {
    if (!raw->info.has_preview) {
        say(error, error_size, "the file embeds no preview", 0);
        return 0;
    }
    int code = api.libraw_unpack_thumb(raw->data);
    const libraw_thumbnail_t *thumbnail = &raw->data->thumbnail;
    if (code != LIBRAW_SUCCESS || !thumbnail->thumb || thumbnail->tlength == 0) {
        say(error, error_size, "the file embeds no preview", code);
        return 0;
    }
    if (thumbnail->tformat == LIBRAW_THUMBNAIL_BITMAP &&
        (size_t)thumbnail->twidth * thumbnail->theight * 3 > thumbnail->tlength) {
        say(error, error_size, "the preview is cut short", 0);
        return 0;
    }
    if (thumbnail->tformat != LIBRAW_THUMBNAIL_JPEG && thumbnail->tformat != LIBRAW_THUMBNAIL_BITMAP) {
        say(error, error_size, "the preview is in a form Iro cannot show", 0);
        return 0;
    }
    *bytes = (const uint8_t *)thumbnail->thumb;
    *size = thumbnail->tlength;
    *width = thumbnail->twidth;
    *height = thumbnail->theight;
    return thumbnail->tformat == LIBRAW_THUMBNAIL_JPEG ? 1 : 2;
}

static int report(void *context, enum LibRaw_progress stage, int iteration, int expected) {
    (void)iteration;
    (void)expected;
    IroRaw *raw = context;
    if (!raw->progress) return 0;
    // The stages are bits in the order LibRaw goes through them: the stage's bit is how far.
    int done = 0;
    for (unsigned bit = (unsigned)stage; bit > 1; bit >>= 1) done++;
    return raw->progress(done, 20, raw->context);
}

int iro_raw_develop(IroRaw *raw, int half, IroRawProgress progress, void *context, const uint8_t **pixels, int *width,
                    int *height, char *error, size_t error_size) {
    libraw_data_t *d = raw->data;
    if (raw->processed) { // developed once already (another detail of the same request): open it again
        if (raw->developed) api.libraw_dcraw_clear_mem(raw->developed);
        raw->developed = NULL;
        api.libraw_recycle(d);
        int reopened = api.libraw_open_buffer(d, (void *)raw->bytes, raw->size);
        if (reopened != LIBRAW_SUCCESS) {
            say(error, error_size, "the file cannot be read again", reopened);
            return 0;
        }
    }
    raw->processed = 1;
    d->params.use_camera_wb = 1;   // the white balance the camera recorded
    d->params.use_camera_matrix = 1;
    d->params.output_bps = 8;
    d->params.output_color = 1;    // sRGB, with sRGB's own curve (LibRaw's default is BT.709's)
    d->params.gamm[0] = 1 / 2.4;
    d->params.gamm[1] = 12.92;
    // The exposure as shot: LibRaw would otherwise brighten each picture until 1 % of it clips.
    d->params.no_auto_bright = 1;
    // The white level the file declares, not the brightest value found (LibRaw's default
    // lowers it to that when it is within a quarter: a picture without highlights brightens).
    d->params.adjust_maximum_thr = 0;
    d->params.half_size = half ? 1 : 0;
    d->params.user_qual = 2;       // PPG: near AHD's detail in a third of its time (docs/PERFORMANCE.md)
    raw->progress = progress;
    raw->context = context;
    api.libraw_set_progress_handler(d, report, raw);
    int code = api.libraw_unpack(d);
    if (code == LIBRAW_SUCCESS) code = api.libraw_dcraw_process(d);
    if (code != LIBRAW_SUCCESS) {
        say(error, error_size, "the sensor's data cannot be decoded", code);
        return 0;
    }
    int made = 0;
    raw->developed = api.libraw_dcraw_make_mem_image(d, &made);
    libraw_processed_image_t *image = raw->developed;
    if (!image || made != LIBRAW_SUCCESS || image->type != LIBRAW_IMAGE_BITMAP || image->colors != 3 || image->bits != 8) {
        say(error, error_size, "the developed picture cannot be read", made);
        return 0;
    }
    *pixels = image->data;
    *width = image->width;
    *height = image->height;
    return 1;
}

void iro_raw_close(IroRaw *raw) {
    if (!raw) return;
    if (raw->developed) api.libraw_dcraw_clear_mem(raw->developed);
    if (raw->data) api.libraw_close(raw->data);
    free(raw);
}
