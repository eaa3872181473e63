#include "iro_heif.h"

#include "iro_lazy_library.h"
#include <libheif/heif.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

// libheif is loaded when the first HEIF or AVIF file is opened, not at start: with the codecs
// it links (libde265, dav1d, libaom, x265) it is many megabytes a decoder helper would load and
// relocate for a format most never see.
#define IRO_HEIF_FUNCTIONS(X)                                                                                            \
    X(heif_context_alloc)                                                                                                \
    X(heif_context_free)                                                                                                 \
    X(heif_context_set_maximum_image_size_limit)                                                                         \
    X(heif_context_read_from_reader)                                                                                     \
    X(heif_context_get_primary_image_handle)                                                                             \
    X(heif_image_handle_release)                                                                                         \
    X(heif_image_handle_get_width)                                                                                       \
    X(heif_image_handle_get_height)                                                                                      \
    X(heif_image_handle_has_alpha_channel)                                                                               \
    X(heif_image_handle_get_nclx_color_profile)                                                                          \
    X(heif_nclx_color_profile_free)                                                                                      \
    X(heif_image_handle_get_raw_color_profile_size)                                                                      \
    X(heif_image_handle_get_raw_color_profile)                                                                           \
    X(heif_decoding_options_alloc)                                                                                       \
    X(heif_decoding_options_free)                                                                                        \
    X(heif_decode_image)                                                                                                 \
    X(heif_image_get_colorspace)                                                                                         \
    X(heif_image_has_channel)                                                                                            \
    X(heif_image_get_width)                                                                                              \
    X(heif_image_get_height)                                                                                             \
    X(heif_image_get_bits_per_pixel_range)                                                                               \
    X(heif_image_get_plane_readonly)                                                                                     \
    X(heif_image_get_plane)                                                                                              \
    X(heif_image_is_premultiplied_alpha)                                                                                 \
    X(heif_image_release)

IRO_LAZY_LIBRARY(IRO_HEIF_FUNCTIONS, "libheif.so.1", "libheif")

struct IroHeif {
    FILE *file;
    int64_t size;
    struct heif_context *context;
    struct heif_image_handle *handle;
    IroHeifInfo info;
    // nclx's full_range_flag was 0: samples in video range (16…235 for 8 bits).
    int limited_range;
    struct heif_image *image;
    uint8_t *expanded;
    // Bytes libheif has read, the pictures' data (`mdat` boxes), and the decode's progress
    // while one runs (see reader_read).
    int64_t bytes_read;
    int64_t read_before_decoding;
    int64_t data_size;
    IroHeifProgress report;
    void *report_context;
};

// libheif reads the boxes through these, from the stream the caller opened.
static int64_t reader_position(void *user) { return (int64_t)ftello(((IroHeif *)user)->file); }

// libheif 1.15 reports no progress through a grid's tiles, but it reads each tile's data as
// it comes to decode it: the share of the pictures' data read so far is how far the decode
// has come (up to 90 %; the rest is the last tiles and the colour conversion).
static int reader_read(void *data, size_t size, void *user) {
    IroHeif *heif = user;
    if (fread(data, 1, size, heif->file) != size) return -1;
    int64_t total = __atomic_add_fetch(&heif->bytes_read, (int64_t)size, __ATOMIC_RELAXED);
    IroHeifProgress report = heif->report;
    if (report && heif->data_size > 0) {
        double share = (double)(total - heif->read_before_decoding) / (double)heif->data_size;
        report(share >= 1 ? 900 : (int)(share * 900), 1000, heif->report_context);
    }
    return 0;
}

static int reader_seek(int64_t position, void *user) {
    return fseeko(((IroHeif *)user)->file, (off_t)position, SEEK_SET) == 0 ? 0 : -1;
}

static enum heif_reader_grow_status reader_wait(int64_t target, void *user) {
    return target <= ((IroHeif *)user)->size ? heif_reader_grow_status_size_reached
                                              : heif_reader_grow_status_size_beyond_eof;
}

static const struct heif_reader reader = {
    .reader_api_version = 1,
    .get_position = reader_position,
    .read = reader_read,
    .seek = reader_seek,
    .wait_for_file_size = reader_wait,
};

// The bytes in the file's top-level `mdat` boxes (the pictures' data), read from the box
// headers alone.
static int64_t picture_data_size(FILE *file, int64_t size) {
    int64_t total = 0, at = 0;
    uint8_t header[16];
    while (at + 8 <= size && fseeko(file, (off_t)at, SEEK_SET) == 0 && fread(header, 1, 8, file) == 8) {
        uint64_t length = (uint64_t)header[0] << 24 | (uint64_t)header[1] << 16 | (uint64_t)header[2] << 8 | header[3];
        if (length == 1) { // a 64-bit size follows the type
            if (fread(header + 8, 1, 8, file) != 8) break;
            length = 0;
            for (int i = 8; i < 16; i++) length = length << 8 | header[i];
        } else if (length == 0) { // to the end of the file
            length = (uint64_t)(size - at);
        }
        if (length < 8 || length > (uint64_t)(size - at)) break;
        if (memcmp(header + 4, "mdat", 4) == 0) total += (int64_t)length;
        at += (int64_t)length;
    }
    return total;
}

static int failed(struct heif_error result, char *error, size_t error_size) {
    if (result.code == heif_error_Ok) return 0;
    snprintf(error, error_size, "%s", result.message ? result.message : "libheif failed");
    return 1;
}

IroHeif *iro_heif_open(FILE *file, int maximum_side, char *error, size_t error_size) {
    if (!api_load()) {
        snprintf(error, error_size, "%s", api_library.error);
        return NULL;
    }
    IroHeif *heif = calloc(1, sizeof *heif);
    if (!heif) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    heif->file = file;
    if (fseeko(file, 0, SEEK_END) != 0 || (heif->size = (int64_t)ftello(file)) < 0 || fseeko(file, 0, SEEK_SET) != 0) {
        snprintf(error, error_size, "the file cannot be read");
        free(heif);
        return NULL;
    }
    heif->data_size = picture_data_size(file, heif->size);
    if (fseeko(file, 0, SEEK_SET) != 0) {
        snprintf(error, error_size, "the file cannot be read");
        free(heif);
        return NULL;
    }
    heif->context = api.heif_context_alloc();
    if (!heif->context) {
        snprintf(error, error_size, "out of memory");
        free(heif);
        return NULL;
    }
    api.heif_context_set_maximum_image_size_limit(heif->context, maximum_side);
    if (failed(api.heif_context_read_from_reader(heif->context, &reader, heif, NULL), error, error_size) ||
        failed(api.heif_context_get_primary_image_handle(heif->context, &heif->handle), error, error_size)) {
        iro_heif_close(heif);
        return NULL;
    }
    heif->info.width = api.heif_image_handle_get_width(heif->handle);
    heif->info.height = api.heif_image_handle_get_height(heif->handle);
    heif->info.has_alpha = api.heif_image_handle_has_alpha_channel(heif->handle);
    struct heif_color_profile_nclx *nclx = NULL;
    if (api.heif_image_handle_get_nclx_color_profile(heif->handle, &nclx).code == heif_error_Ok && nclx) {
        heif->limited_range = !nclx->full_range_flag;
        api.heif_nclx_color_profile_free(nclx);
    }
    return heif;
}

void iro_heif_info(const IroHeif *heif, IroHeifInfo *info) { *info = heif->info; }

size_t iro_heif_icc_profile(const IroHeif *heif, uint8_t *buffer, size_t capacity) {
    size_t size = api.heif_image_handle_get_raw_color_profile_size(heif->handle);
    if (size > 0 && buffer && capacity >= size &&
        api.heif_image_handle_get_raw_color_profile(heif->handle, buffer).code != heif_error_Ok)
        return 0;
    return size;
}

// A sample of `bits` bits (more than 8 are stored in 16-bit words) at column `x`.
static inline unsigned sample(const uint8_t *row, int x, int bits) {
    return bits > 8 ? ((const uint16_t *)(const void *)row)[x] : row[x];
}

// libheif turns a monochrome picture into RGB by copying its luma, whatever the range its
// nclx box declares: video-range greys would show 16 for black and 235 for white. This
// expands them to full range, as libheif's own YCbCr conversion does for colour pictures.
static int expand_monochrome(IroHeif *heif, struct heif_image *image, int channels, char *error, size_t error_size) {
    int width = api.heif_image_get_width(image, heif_channel_Y), height = api.heif_image_get_height(image, heif_channel_Y);
    int bits = api.heif_image_get_bits_per_pixel_range(image, heif_channel_Y);
    int luma_stride = 0, alpha_stride = 0, alpha_bits = 0;
    const uint8_t *luma = api.heif_image_get_plane_readonly(image, heif_channel_Y, &luma_stride);
    const uint8_t *alpha = NULL;
    if (channels == 4 && api.heif_image_has_channel(image, heif_channel_Alpha)) {
        alpha = api.heif_image_get_plane_readonly(image, heif_channel_Alpha, &alpha_stride);
        alpha_bits = api.heif_image_get_bits_per_pixel_range(image, heif_channel_Alpha);
    }
    if (!luma || width <= 0 || height <= 0 || bits < 8 || bits > 16 || (alpha && (alpha_bits < 8 || alpha_bits > 16))) {
        snprintf(error, error_size, "the monochrome picture has no usable samples");
        return 0;
    }
    heif->expanded = malloc((size_t)width * (size_t)height * (size_t)channels);
    if (!heif->expanded) {
        snprintf(error, error_size, "out of memory");
        return 0;
    }
    // Video range: black at 16 and white at 235, scaled to the sample's bits.
    double black = (double)(16 << (bits - 8)), span = (double)(219 << (bits - 8));
    uint8_t grey[1 << 16];
    unsigned levels = 1u << bits;
    for (unsigned value = 0; value < levels; value++) {
        double full = ((double)value - black) * 255.0 / span;
        grey[value] = full <= 0 ? 0 : full >= 255 ? 255 : (uint8_t)(full + 0.5);
    }
    double alpha_scale = alpha ? 255.0 / (double)((1u << alpha_bits) - 1) : 0;
    for (int y = 0; y < height; y++) {
        const uint8_t *source = luma + (size_t)y * (size_t)luma_stride;
        const uint8_t *opacity = alpha ? alpha + (size_t)y * (size_t)alpha_stride : NULL;
        uint8_t *target = heif->expanded + (size_t)y * (size_t)width * (size_t)channels;
        for (int x = 0; x < width; x++, target += channels) {
            uint8_t value = grey[sample(source, x, bits) & (levels - 1)];
            target[0] = target[1] = target[2] = value;
            if (channels == 4) target[3] = opacity ? (uint8_t)(sample(opacity, x, alpha_bits) * alpha_scale + 0.5) : 255;
        }
    }
    return 1;
}

// Straight alpha from premultiplied, in place.
static void unpremultiply(uint8_t *pixels, int stride, int width, int height) {
    for (int y = 0; y < height; y++) {
        uint8_t *pixel = pixels + (size_t)y * (size_t)stride;
        for (int x = 0; x < width; x++, pixel += 4) {
            unsigned alpha = pixel[3];
            if (alpha == 0 || alpha == 255) continue;
            for (int c = 0; c < 3; c++) {
                unsigned value = (pixel[c] * 255u + alpha / 2) / alpha;
                pixel[c] = value > 255 ? 255 : (uint8_t)value;
            }
        }
    }
}

int iro_heif_decode(IroHeif *heif, int channels, IroHeifProgress report, void *context, const uint8_t **pixels,
                    int *stride, int *width, int *height, char *error, size_t error_size) {
    struct heif_decoding_options *options = api.heif_decoding_options_alloc();
    if (!options) {
        snprintf(error, error_size, "out of memory");
        return 0;
    }
    if (options->version >= 2) options->convert_hdr_to_8bit = 1;
    heif->read_before_decoding = __atomic_load_n(&heif->bytes_read, __ATOMIC_RELAXED);
    heif->report_context = context;
    heif->report = report;
    int decoded = 0;
    struct heif_image *image = NULL;
    if (heif->limited_range) {
        // Decoded as stored first: monochrome is expanded here; colour goes to libheif's
        // conversion, which honours the range.
        if (failed(api.heif_decode_image(heif->handle, &image, heif_colorspace_undefined, heif_chroma_undefined, options),
                   error, error_size))
            goto done;
        if (api.heif_image_get_colorspace(image) == heif_colorspace_monochrome) {
            if (!expand_monochrome(heif, image, channels, error, error_size)) goto done;
            *pixels = heif->expanded;
            *width = api.heif_image_get_width(image, heif_channel_Y);
            *height = api.heif_image_get_height(image, heif_channel_Y);
            *stride = *width * channels;
            decoded = 1;
            goto done;
        }
        api.heif_image_release(image);
        image = NULL;
    }
    if (failed(api.heif_decode_image(heif->handle, &image, heif_colorspace_RGB,
                                     channels == 4 ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options),
               error, error_size))
        goto done;
    *width = api.heif_image_get_width(image, heif_channel_interleaved);
    *height = api.heif_image_get_height(image, heif_channel_interleaved);
    if (channels == 4 && api.heif_image_is_premultiplied_alpha(image)) {
        uint8_t *writable = api.heif_image_get_plane(image, heif_channel_interleaved, stride);
        if (writable) unpremultiply(writable, *stride, *width, *height);
    }
    *pixels = api.heif_image_get_plane_readonly(image, heif_channel_interleaved, stride);
    if (!*pixels || *width <= 0 || *height <= 0) {
        snprintf(error, error_size, "libheif gave no pixels");
        goto done;
    }
    decoded = 1;
done:
    heif->report = NULL;
    api.heif_decoding_options_free(options);
    if (image) {
        if (heif->image) api.heif_image_release(heif->image);
        heif->image = image; // the pixels live as long as the IroHeif
    }
    return decoded;
}

void iro_heif_close(IroHeif *heif) {
    if (!heif) return;
    if (heif->image) api.heif_image_release(heif->image);
    if (heif->handle) api.heif_image_handle_release(heif->handle);
    if (heif->context) api.heif_context_free(heif->context);
    free(heif->expanded);
    free(heif);
}
