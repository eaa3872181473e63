#include "iro_jxl.h"

#include "iro_jxl_threads.h"
#include "iro_lazy_library.h"
#include <jxl/decode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libjxl is loaded when the first JPEG XL file is opened, not at start (see
// iro_lazy_library.h): with its C++ runtime and brotli it is megabytes most helpers never need.
#define IRO_JXL_FUNCTIONS(X)                                                                                             \
    X(JxlSignatureCheck)                                                                                                 \
    X(JxlDecoderCreate)                                                                                                  \
    X(JxlDecoderDestroy)                                                                                                 \
    X(JxlDecoderRewind)                                                                                                  \
    X(JxlDecoderSetParallelRunner)                                                                                       \
    X(JxlDecoderSubscribeEvents)                                                                                         \
    X(JxlDecoderSetInput)                                                                                                \
    X(JxlDecoderCloseInput)                                                                                              \
    X(JxlDecoderProcessInput)                                                                                            \
    X(JxlDecoderGetBasicInfo)                                                                                            \
    X(JxlDecoderGetFrameHeader)                                                                                          \
    X(JxlDecoderSetPreferredColorProfile)                                                                                \
    X(JxlDecoderGetColorAsEncodedProfile)                                                                                \
    X(JxlDecoderGetICCProfileSize)                                                                                       \
    X(JxlDecoderGetColorAsICCProfile)                                                                                    \
    X(JxlDecoderSetUnpremultiplyAlpha)                                                                                   \
    X(JxlDecoderImageOutBufferSize)                                                                                      \
    X(JxlDecoderSetImageOutBuffer)

IRO_LAZY_LIBRARY(IRO_JXL_FUNCTIONS, "libjxl.so.0.7", "libjxl")


static const int events = JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FRAME | JXL_DEC_FULL_IMAGE;

struct IroJxl {
    const uint8_t *data;
    size_t size;
    JxlDecoder *decoder;
    void *runner;
    JxlBasicInfo basic;
    IroJxlInfo info;
    // The output's profile when it is not sRGB (a lossless picture keeps its own).
    uint8_t *icc;
    size_t icc_size;
    int duration_ms;
    int is_last;
};

int iro_jxl_is_jxl(const uint8_t *data, size_t size) {
    static const uint8_t container[] = {0, 0, 0, 0x0C, 'J', 'X', 'L', ' ', 0x0D, 0x0A, 0x87, 0x0A};
    if (size >= 2 && data[0] == 0xFF && data[1] == 0x0A) return 1;
    return size >= sizeof container && memcmp(data, container, sizeof container) == 0;
}

static void say(char *error, size_t error_size, const char *message) { snprintf(error, error_size, "%s", message); }


IroJxl *iro_jxl_open(const uint8_t *data, size_t size, int threads, char *error, size_t error_size) {
    if (!api_load()) {
        say(error, error_size, api_library.error);
        return NULL;
    }
    if (!iro_jxl_is_jxl(data, size)) {
        say(error, error_size, "not a JPEG XL file");
        return NULL;
    }
    IroJxl *jxl = calloc(1, sizeof *jxl);
    if (!jxl) return NULL;
    jxl->data = data;
    jxl->size = size;
    jxl->decoder = api.JxlDecoderCreate(NULL);
    if (!jxl->decoder) {
        say(error, error_size, "libjxl could not start");
        iro_jxl_close(jxl);
        return NULL;
    }
    if (threads > 1) {
        jxl->runner = iro_jxl_runner_create(threads);
        if (jxl->runner) api.JxlDecoderSetParallelRunner(jxl->decoder, iro_jxl_runner(), jxl->runner);
    }
    if (api.JxlDecoderSubscribeEvents(jxl->decoder, events) != JXL_DEC_SUCCESS) {
        say(error, error_size, "libjxl refused the events asked for");
        iro_jxl_close(jxl);
        return NULL;
    }
    api.JxlDecoderSetUnpremultiplyAlpha(jxl->decoder, JXL_TRUE); // gdk-pixbuf's alpha is straight
    api.JxlDecoderSetInput(jxl->decoder, data, size);
    api.JxlDecoderCloseInput(jxl->decoder);
    JxlDecoderStatus status = api.JxlDecoderProcessInput(jxl->decoder);
    if (status != JXL_DEC_BASIC_INFO || api.JxlDecoderGetBasicInfo(jxl->decoder, &jxl->basic) != JXL_DEC_SUCCESS) {
        say(error, error_size, status == JXL_DEC_NEED_MORE_INPUT ? "the JPEG XL header is cut short" : "the JPEG XL header cannot be read");
        iro_jxl_close(jxl);
        return NULL;
    }
    // Orientations 5–8 turn the picture a quarter.
    int turned = jxl->basic.orientation >= 5;
    jxl->info.width = (int)(turned ? jxl->basic.ysize : jxl->basic.xsize);
    jxl->info.height = (int)(turned ? jxl->basic.xsize : jxl->basic.ysize);
    jxl->info.has_alpha = jxl->basic.alpha_bits > 0;
    jxl->info.is_animated = jxl->basic.have_animation != 0;
    jxl->info.loop_count = (int)jxl->basic.animation.num_loops;
    return jxl;
}

void iro_jxl_info(const IroJxl *jxl, IroJxlInfo *info) { *info = jxl->info; }

static int is_srgb(const JxlColorEncoding *encoding) {
    return encoding->white_point == JXL_WHITE_POINT_D65 && encoding->transfer_function == JXL_TRANSFER_FUNCTION_SRGB &&
           (encoding->color_space == JXL_COLOR_SPACE_GRAY ||
            (encoding->color_space == JXL_COLOR_SPACE_RGB && encoding->primaries == JXL_PRIMARIES_SRGB));
}

// Asks libjxl for sRGB output, and keeps the profile of what it will give when it cannot
// (it converts only pictures it stores in its own XYB space, as lossy ones are).
static void choose_colour(IroJxl *jxl) {
    JxlColorEncoding srgb = {
        .color_space = jxl->basic.num_color_channels == 1 ? JXL_COLOR_SPACE_GRAY : JXL_COLOR_SPACE_RGB,
        .white_point = JXL_WHITE_POINT_D65,
        .primaries = JXL_PRIMARIES_SRGB,
        .transfer_function = JXL_TRANSFER_FUNCTION_SRGB,
        .rendering_intent = JXL_RENDERING_INTENT_RELATIVE,
    };
    api.JxlDecoderSetPreferredColorProfile(jxl->decoder, &srgb);
    JxlColorEncoding given;
    if (api.JxlDecoderGetColorAsEncodedProfile(jxl->decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &given) == JXL_DEC_SUCCESS &&
        is_srgb(&given))
        return;
    size_t size = 0;
    if (jxl->icc || api.JxlDecoderGetICCProfileSize(jxl->decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &size) != JXL_DEC_SUCCESS ||
        size == 0 || size > (4u << 20))
        return;
    jxl->icc = malloc(size);
    if (jxl->icc && api.JxlDecoderGetColorAsICCProfile(jxl->decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, jxl->icc, size) ==
                        JXL_DEC_SUCCESS) {
        jxl->icc_size = size;
    } else {
        free(jxl->icc);
        jxl->icc = NULL;
    }
}

IroJxlResult iro_jxl_next_frame(IroJxl *jxl, int channels, uint8_t *pixels, size_t stride, int *duration_ms,
                                int *is_last, char *error, size_t error_size) {
    // Rows `stride` bytes apart: libjxl rounds each row up to a multiple of `align`.
    JxlPixelFormat format = {(uint32_t)channels, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, stride};
    size_t capacity = stride * (size_t)jxl->info.height;
    for (;;) {
        JxlDecoderStatus status = api.JxlDecoderProcessInput(jxl->decoder);
        switch (status) {
        case JXL_DEC_BASIC_INFO: // again, after a rewind
            break;
        case JXL_DEC_COLOR_ENCODING:
            choose_colour(jxl);
            break;
        case JXL_DEC_FRAME: {
            JxlFrameHeader header;
            jxl->duration_ms = 0;
            jxl->is_last = 1;
            if (api.JxlDecoderGetFrameHeader(jxl->decoder, &header) != JXL_DEC_SUCCESS) break;
            jxl->is_last = header.is_last != 0;
            if (jxl->basic.animation.tps_numerator > 0)
                jxl->duration_ms = (int)((uint64_t)header.duration * 1000u * jxl->basic.animation.tps_denominator /
                                         jxl->basic.animation.tps_numerator);
            break;
        }
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER: {
            // Into the caller's rows directly, not through a callback: handed rows one group at
            // a time, libjxl 0.7 keeps the whole frame in floats first (358 MB at its peak for
            // 24 MP, against 146 MB with the buffer).
            size_t needed = 0;
            if (api.JxlDecoderImageOutBufferSize(jxl->decoder, &format, &needed) != JXL_DEC_SUCCESS || needed > capacity ||
                api.JxlDecoderSetImageOutBuffer(jxl->decoder, &format, pixels, capacity) != JXL_DEC_SUCCESS) {
                say(error, error_size, "libjxl refused the pixel format");
                return IRO_JXL_FAILED;
            }
            break;
        }
        case JXL_DEC_FULL_IMAGE:
            *duration_ms = jxl->duration_ms;
            *is_last = jxl->is_last;
            return IRO_JXL_FRAME;
        case JXL_DEC_SUCCESS:
            return IRO_JXL_NO_FRAME;
        case JXL_DEC_NEED_MORE_INPUT:
            say(error, error_size, "the JPEG XL data ends early");
            return IRO_JXL_FAILED;
        default:
            say(error, error_size, "the JPEG XL data cannot be decoded");
            return IRO_JXL_FAILED;
        }
    }
}

size_t iro_jxl_icc_profile(const IroJxl *jxl, uint8_t *buffer, size_t capacity) {
    if (buffer && capacity >= jxl->icc_size && jxl->icc_size > 0) memcpy(buffer, jxl->icc, jxl->icc_size);
    return jxl->icc_size;
}

void iro_jxl_rewind(IroJxl *jxl) {
    api.JxlDecoderRewind(jxl->decoder);
    // libjxl 0.7 forgets the events asked for when it rewinds, though it says it keeps them.
    api.JxlDecoderSubscribeEvents(jxl->decoder, events);
    api.JxlDecoderSetInput(jxl->decoder, jxl->data, jxl->size);
    api.JxlDecoderCloseInput(jxl->decoder);
}

void iro_jxl_close(IroJxl *jxl) {
    if (!jxl) return;
    if (jxl->decoder) api.JxlDecoderDestroy(jxl->decoder);
    if (jxl->runner) iro_jxl_runner_destroy(jxl->runner);
    free(jxl->icc);
    free(jxl);
}
