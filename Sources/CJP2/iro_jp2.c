#include "iro_jp2.h"

#include "iro_lazy_library.h"
#include <openjpeg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// OpenJPEG is loaded when the first JPEG 2000 file is opened, not at start.
#define IRO_JP2_FUNCTIONS(X)                                                                                             \
    X(opj_stream_create)                                                                                                 \
    X(opj_stream_destroy)                                                                                                \
    X(opj_stream_set_read_function)                                                                                      \
    X(opj_stream_set_skip_function)                                                                                      \
    X(opj_stream_set_seek_function)                                                                                      \
    X(opj_stream_set_user_data)                                                                                          \
    X(opj_stream_set_user_data_length)                                                                                   \
    X(opj_create_decompress)                                                                                             \
    X(opj_destroy_codec)                                                                                                 \
    X(opj_set_default_decoder_parameters)                                                                                \
    X(opj_setup_decoder)                                                                                                 \
    X(opj_set_error_handler)                                                                                             \
    X(opj_codec_set_threads)                                                                                             \
    X(opj_read_header)                                                                                                   \
    X(opj_get_cstr_info)                                                                                                 \
    X(opj_destroy_cstr_info)                                                                                             \
    X(opj_set_decoded_resolution_factor)                                                                                 \
    X(opj_decode)                                                                                                        \
    X(opj_end_decompress)                                                                                                \
    X(opj_image_destroy)

IRO_LAZY_LIBRARY(IRO_JP2_FUNCTIONS, "libopenjp2.so.7", "OpenJPEG")

struct IroJp2 {
    const uint8_t *data;
    size_t size;
    size_t at; // where OpenJPEG reads next
    opj_stream_t *stream;
    opj_codec_t *codec;
    opj_image_t *image;
    IroJp2Info info;
    char message[256]; // OpenJPEG's last error
};

int iro_jp2_kind(const uint8_t *data, size_t size) {
    static const uint8_t box[] = {0, 0, 0, 0x0C, 'j', 'P', ' ', ' ', 0x0D, 0x0A, 0x87, 0x0A};
    static const uint8_t codestream[] = {0xFF, 0x4F, 0xFF, 0x51}; // SOC, then SIZ
    if (size >= sizeof box && memcmp(data, box, sizeof box) == 0) return 1;
    if (size >= sizeof codestream && memcmp(data, codestream, sizeof codestream) == 0) return 2;
    return 0;
}

static OPJ_SIZE_T stream_read(void *buffer, OPJ_SIZE_T count, void *user) {
    IroJp2 *jp2 = user;
    if (jp2->at >= jp2->size) return (OPJ_SIZE_T)-1;
    if (count > jp2->size - jp2->at) count = jp2->size - jp2->at;
    memcpy(buffer, jp2->data + jp2->at, count);
    jp2->at += count;
    return count;
}

static OPJ_OFF_T stream_skip(OPJ_OFF_T count, void *user) {
    IroJp2 *jp2 = user;
    if (count < 0 && (size_t)-count > jp2->at) count = -(OPJ_OFF_T)jp2->at;
    if (count > 0 && (size_t)count > jp2->size - jp2->at) count = (OPJ_OFF_T)(jp2->size - jp2->at);
    jp2->at += (size_t)count;
    return count;
}

static OPJ_BOOL stream_seek(OPJ_OFF_T position, void *user) {
    IroJp2 *jp2 = user;
    if (position < 0 || (size_t)position > jp2->size) return OPJ_FALSE;
    jp2->at = (size_t)position;
    return OPJ_TRUE;
}

static void keep_error(const char *message, void *user) {
    IroJp2 *jp2 = user;
    snprintf(jp2->message, sizeof jp2->message, "%s", message);
    size_t length = strlen(jp2->message);
    if (length > 0 && jp2->message[length - 1] == '\n') jp2->message[length - 1] = 0;
}

static void say(char *error, size_t error_size, const char *message, const IroJp2 *jp2) {
    if (jp2 && jp2->message[0]) snprintf(error, error_size, "%s (%s)", message, jp2->message);
    else snprintf(error, error_size, "%s", message);
}

IroJp2 *iro_jp2_open(const uint8_t *data, size_t size, char *error, size_t error_size) {
    if (!api_load()) {
        say(error, error_size, api_library.error, NULL);
        return NULL;
    }
    int kind = iro_jp2_kind(data, size);
    if (!kind) {
        say(error, error_size, "not a JPEG 2000 file", NULL);
        return NULL;
    }
    IroJp2 *jp2 = calloc(1, sizeof *jp2);
    if (!jp2) return NULL;
    jp2->data = data;
    jp2->size = size;
    jp2->stream = api.opj_stream_create(64 * 1024, OPJ_TRUE);
    jp2->codec = api.opj_create_decompress(kind == 1 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K);
    if (!jp2->stream || !jp2->codec) {
        say(error, error_size, "OpenJPEG could not start", NULL);
        iro_jp2_close(jp2);
        return NULL;
    }
    api.opj_stream_set_read_function(jp2->stream, stream_read);
    api.opj_stream_set_skip_function(jp2->stream, stream_skip);
    api.opj_stream_set_seek_function(jp2->stream, stream_seek);
    api.opj_stream_set_user_data(jp2->stream, jp2, NULL);
    api.opj_stream_set_user_data_length(jp2->stream, size);
    api.opj_set_error_handler(jp2->codec, keep_error, jp2);
    opj_dparameters_t parameters;
    api.opj_set_default_decoder_parameters(&parameters);
    if (!api.opj_setup_decoder(jp2->codec, &parameters) || !api.opj_read_header(jp2->stream, jp2->codec, &jp2->image) ||
        !jp2->image || jp2->image->numcomps == 0 || jp2->image->x1 <= jp2->image->x0 || jp2->image->y1 <= jp2->image->y0) {
        say(error, error_size, "the JPEG 2000 header cannot be read", jp2);
        iro_jp2_close(jp2);
        return NULL;
    }
    opj_image_t *image = jp2->image;
    jp2->info.width = (int)(image->x1 - image->x0);
    jp2->info.height = (int)(image->y1 - image->y0);
    jp2->info.has_alpha = image->numcomps == 2 || image->numcomps >= 4;
    opj_codestream_info_v2_t *codestream = api.opj_get_cstr_info(jp2->codec);
    if (codestream) {
        if (codestream->m_default_tile_info.tccp_info)
            jp2->info.reductions = (int)codestream->m_default_tile_info.tccp_info[0].numresolutions - 1;
        api.opj_destroy_cstr_info(&codestream);
    }
    return jp2;
}

void iro_jp2_info(const IroJp2 *jp2, IroJp2Info *info) { *info = jp2->info; }

int iro_jp2_decode(IroJp2 *jp2, int reduce, int threads, int *width, int *height, char *error, size_t error_size) {
    if (reduce > jp2->info.reductions) reduce = jp2->info.reductions;
    if (reduce > 0 && !api.opj_set_decoded_resolution_factor(jp2->codec, (OPJ_UINT32)reduce)) {
        say(error, error_size, "OpenJPEG cannot decode at the reduced size", jp2);
        return 0;
    }
    if (threads > 1) api.opj_codec_set_threads(jp2->codec, threads);
    if (!api.opj_decode(jp2->codec, jp2->stream, jp2->image) || !api.opj_end_decompress(jp2->codec, jp2->stream)) {
        say(error, error_size, "the JPEG 2000 data cannot be decoded", jp2);
        return 0;
    }
    const opj_image_comp_t *first = &jp2->image->comps[0];
    if (!first->data || first->w == 0 || first->h == 0) {
        say(error, error_size, "the JPEG 2000 file holds no samples", jp2);
        return 0;
    }
    *width = (int)first->w;
    *height = (int)first->h;
    return 1;
}

// A component's sample at the first component's (x, y), scaled to 8 bits. Components may
// be subsampled (a YCbCr picture's chroma), so positions are scaled to each one's size.
static int sample(const opj_image_comp_t *component, const opj_image_comp_t *first, uint32_t x, uint32_t y) {
    uint32_t cx = component->w == first->w ? x : (uint32_t)((uint64_t)x * component->w / first->w);
    uint32_t cy = component->h == first->h ? y : (uint32_t)((uint64_t)y * component->h / first->h);
    if (cx >= component->w) cx = component->w - 1;
    if (cy >= component->h) cy = component->h - 1;
    int64_t value = component->data[(size_t)cy * component->w + cx];
    uint32_t bits = component->prec == 0 || component->prec > 31 ? 8 : component->prec;
    if (component->sgnd) value += (int64_t)1 << (bits - 1);
    int64_t top = ((int64_t)1 << bits) - 1;
    if (value < 0) value = 0;
    if (value > top) value = top;
    return (int)((value * 255 + top / 2) / top);
}

static uint8_t clamp(double value) { return value <= 0 ? 0 : value >= 255 ? 255 : (uint8_t)(value + 0.5); }

int iro_jp2_pixels(const IroJp2 *jp2, int channels, uint8_t *pixels, size_t stride) {
    const opj_image_t *image = jp2->image;
    const opj_image_comp_t *comps = image->comps, *first = &comps[0];
    uint32_t count = image->numcomps;
    if (image->color_space == OPJ_CLRSPC_CMYK) return 0;
    for (uint32_t c = 0; c < count && c < 4; c++)
        if (!comps[c].data || comps[c].w == 0 || comps[c].h == 0) return 0;
    int grey = count < 3;
    // A codestream of three components whose second and third are subsampled is YCbCr,
    // whatever it says (a bare .j2k has nowhere to say it).
    int ycc = !grey && (image->color_space == OPJ_CLRSPC_SYCC ||
                        (image->color_space != OPJ_CLRSPC_SRGB && (comps[1].dx > comps[0].dx || comps[1].dy > comps[0].dy)));
    const opj_image_comp_t *alpha = grey ? (count == 2 ? &comps[1] : NULL) : (count >= 4 ? &comps[3] : NULL);
    // The common case, 8-bit RGB(A) components of one size, without the general path's
    // scaling and position arithmetic for each sample (a quarter of a 24 MP decode's time).
    int plain = !grey && !ycc;
    for (uint32_t c = 0; c < (alpha ? 4u : 3u) && plain; c++)
        plain = comps[c].w == first->w && comps[c].h == first->h && comps[c].prec == 8 && !comps[c].sgnd;
    if (plain) {
        for (uint32_t y = 0; y < first->h; y++) {
            uint8_t *out = pixels + (size_t)y * stride;
            size_t row = (size_t)y * first->w;
            const OPJ_INT32 *r = comps[0].data + row, *g = comps[1].data + row, *b = comps[2].data + row;
            const OPJ_INT32 *a = alpha ? alpha->data + row : NULL;
            for (uint32_t x = 0; x < first->w; x++, out += channels) {
                out[0] = (uint8_t)r[x];
                out[1] = (uint8_t)g[x];
                out[2] = (uint8_t)b[x];
                if (channels == 4) out[3] = a ? (uint8_t)a[x] : 255;
            }
        }
        return 1;
    }
    for (uint32_t y = 0; y < first->h; y++) {
        uint8_t *out = pixels + (size_t)y * stride;
        for (uint32_t x = 0; x < first->w; x++, out += channels) {
            if (grey) {
                out[0] = out[1] = out[2] = (uint8_t)sample(first, first, x, y);
            } else if (ycc) {
                double luma = sample(&comps[0], first, x, y), cb = sample(&comps[1], first, x, y) - 128.0,
                       cr = sample(&comps[2], first, x, y) - 128.0;
                out[0] = clamp(luma + 1.402 * cr);
                out[1] = clamp(luma - 0.344136 * cb - 0.714136 * cr);
                out[2] = clamp(luma + 1.772 * cb);
            } else {
                for (int c = 0; c < 3; c++) out[c] = (uint8_t)sample(&comps[c], first, x, y);
            }
            if (channels == 4) out[3] = alpha ? (uint8_t)sample(alpha, first, x, y) : 255;
        }
    }
    return 1;
}

size_t iro_jp2_icc_profile(const IroJp2 *jp2, uint8_t *buffer, size_t capacity) {
    size_t size = jp2->image ? jp2->image->icc_profile_len : 0;
    if (size > 0 && buffer && capacity >= size) memcpy(buffer, jp2->image->icc_profile_buf, size);
    return size;
}

void iro_jp2_close(IroJp2 *jp2) {
    if (!jp2) return;
    if (jp2->image) api.opj_image_destroy(jp2->image);
    if (jp2->codec) api.opj_destroy_codec(jp2->codec);
    if (jp2->stream) api.opj_stream_destroy(jp2->stream);
    free(jp2);
}
