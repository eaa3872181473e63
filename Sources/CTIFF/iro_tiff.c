#include "iro_tiff.h"

#include "iro_lazy_library.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

// libtiff is loaded when the first multi-page TIFF is opened: most helpers never see one.
#define IRO_TIFF_FUNCTIONS(X)                                                                                            \
    X(TIFFOpenOptionsAlloc)                                                                                              \
    X(TIFFOpenOptionsFree)                                                                                               \
    X(TIFFOpenOptionsSetMaxSingleMemAlloc)                                                                               \
    X(TIFFOpenOptionsSetErrorHandlerExtR)                                                                                \
    X(TIFFOpenOptionsSetWarningHandlerExtR)                                                                              \
    X(TIFFClientOpenExt)                                                                                                 \
    X(TIFFClose)                                                                                                         \
    X(TIFFNumberOfDirectories)                                                                                           \
    X(TIFFSetDirectory)                                                                                                  \
    X(TIFFGetField)                                                                                                      \
    X(TIFFGetFieldDefaulted)                                                                                             \
    X(TIFFRGBAImageOK)                                                                                                   \
    X(TIFFRGBAImageBegin)                                                                                                \
    X(TIFFRGBAImageGet)                                                                                                  \
    X(TIFFRGBAImageEnd)

IRO_LAZY_LIBRARY(IRO_TIFF_FUNCTIONS, "libtiff.so.6", "libtiff")

struct IroTiff {
    TIFF *handle;
    const uint8_t *data;
    size_t size;
    size_t offset;
    /// libtiff's last error, for the message.
    char last_error[256];
};

// The bytes in memory as libtiff's file.
static tmsize_t read_bytes(thandle_t handle, void *buffer, tmsize_t count) {
    IroTiff *tiff = handle;
    if (count < 0 || tiff->offset >= tiff->size) return 0;
    size_t available = tiff->size - tiff->offset;
    size_t wanted = (size_t)count < available ? (size_t)count : available;
    memcpy(buffer, tiff->data + tiff->offset, wanted);
    tiff->offset += wanted;
    return (tmsize_t)wanted;
}

static tmsize_t write_bytes(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle, (void)buffer, (void)count;
    return 0; // opened read-only: never called
}

static toff_t seek_bytes(thandle_t handle, toff_t offset, int whence) {
    IroTiff *tiff = handle;
    uint64_t base = whence == SEEK_CUR ? tiff->offset : whence == SEEK_END ? tiff->size : 0;
    uint64_t target = base + offset;
    if (target < base || target > (uint64_t)SIZE_MAX) return (toff_t)-1;
    tiff->offset = (size_t)target;
    return target;
}

static int close_bytes(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t size_of_bytes(thandle_t handle) { return ((IroTiff *)handle)->size; }

static int map_bytes(thandle_t handle, void **base, toff_t *size) {
    IroTiff *tiff = handle;
    *base = (void *)tiff->data;
    *size = tiff->size;
    return 1;
}

static void unmap_bytes(thandle_t handle, void *base, toff_t size) { (void)handle, (void)base, (void)size; }

static int keep_error(TIFF *handle, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)handle, (void)module;
    IroTiff *tiff = user_data;
    vsnprintf(tiff->last_error, sizeof tiff->last_error, format, arguments);
    return 1;
}

static int ignore_warning(TIFF *handle, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)handle, (void)user_data, (void)module, (void)format, (void)arguments;
    return 1; // unknown tags and the like: the page still reads
}

IroTiff *iro_tiff_open(const uint8_t *data, size_t size, char *error, size_t error_size) {
    if (!api_load()) {
        snprintf(error, error_size, "%s", api_library.error);
        return NULL;
    }
    IroTiff *tiff = calloc(1, sizeof *tiff);
    if (!tiff) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    tiff->data = data;
    tiff->size = size;
    TIFFOpenOptions *options = api.TIFFOpenOptionsAlloc();
    if (options) {
        // No single allocation of libtiff's own beyond 256 MB: a page's strips and tables
        // never need more, and a hostile header asks for gigabytes.
        api.TIFFOpenOptionsSetMaxSingleMemAlloc(options, 256 << 20);
        api.TIFFOpenOptionsSetErrorHandlerExtR(options, keep_error, tiff);
        api.TIFFOpenOptionsSetWarningHandlerExtR(options, ignore_warning, tiff);
    }
    // "rm": read-only, and read through the stream rather than the mapping's pointers.
    tiff->handle = api.TIFFClientOpenExt("image.tiff", "r", tiff, read_bytes, write_bytes, seek_bytes, close_bytes,
                                         size_of_bytes, map_bytes, unmap_bytes, options);
    if (options) api.TIFFOpenOptionsFree(options);
    if (!tiff->handle) {
        snprintf(error, error_size, "%s", tiff->last_error[0] ? tiff->last_error : "libtiff could not read it");
        free(tiff);
        return NULL;
    }
    return tiff;
}

int iro_tiff_page_count(IroTiff *tiff) {
    tdir_t count = api.TIFFNumberOfDirectories(tiff->handle);
    return count > 1000000 ? 1000000 : (int)count;
}

int iro_tiff_page_info(IroTiff *tiff, int page, int *width, int *height, int *orientation) {
    if (page < 0 || !api.TIFFSetDirectory(tiff->handle, (tdir_t)page)) return 0;
    uint32_t w = 0, h = 0;
    uint16_t turn = ORIENTATION_TOPLEFT;
    if (!api.TIFFGetField(tiff->handle, TIFFTAG_IMAGEWIDTH, &w) || !api.TIFFGetField(tiff->handle, TIFFTAG_IMAGELENGTH, &h)) return 0;
    api.TIFFGetFieldDefaulted(tiff->handle, TIFFTAG_ORIENTATION, &turn);
    if (w == 0 || h == 0 || w > INT32_MAX || h > INT32_MAX) return 0;
    *width = (int)w;
    *height = (int)h;
    *orientation = turn >= 1 && turn <= 8 ? turn : 1;
    return 1;
}

int iro_tiff_read_page(IroTiff *tiff, int page, uint8_t *pixels, int width, int height, const uint8_t **icc,
                       uint32_t *icc_size, char *error, size_t error_size) {
    int stored_width = 0, stored_height = 0, orientation = 1;
    if (!iro_tiff_page_info(tiff, page, &stored_width, &stored_height, &orientation) || stored_width != width ||
        stored_height != height) {
        snprintf(error, error_size, "page %d cannot be read%s%s", page + 1, tiff->last_error[0] ? ": " : "", tiff->last_error);
        return 0;
    }
    char message[1024] = "";
    if (!api.TIFFRGBAImageOK(tiff->handle, message)) {
        snprintf(error, error_size, "%s", message);
        return 0;
    }
    TIFFRGBAImage image;
    if (!api.TIFFRGBAImageBegin(&image, tiff->handle, 0, message)) {
        snprintf(error, error_size, "%s", message);
        return 0;
    }
    // Rows as stored, top first: Iro turns the page as its Orientation says afterwards, for
    // all eight values (libtiff's own handling flips but never transposes).
    image.orientation = ORIENTATION_TOPLEFT;
    image.req_orientation = ORIENTATION_TOPLEFT;
    int read = api.TIFFRGBAImageGet(&image, (uint32_t *)pixels, (uint32_t)width, (uint32_t)height);
    int associated = image.alpha == EXTRASAMPLE_ASSOCALPHA;
    api.TIFFRGBAImageEnd(&image);
    if (!read) {
        snprintf(error, error_size, "%s", tiff->last_error[0] ? tiff->last_error : "the page's data cannot be read");
        return 0;
    }
    // libtiff's packed ABGR words are R, G, B, A bytes on a little-endian machine; on a
    // big-endian one, turn them round.
    const uint32_t probe = 1;
    int big_endian = *(const uint8_t *)&probe == 0;
    size_t count = (size_t)width * (size_t)height;
    for (size_t i = 0; i < count; i++) {
        uint8_t *pixel = pixels + i * 4;
        if (big_endian) {
            uint8_t a = pixel[0], b = pixel[1], g = pixel[2], r = pixel[3];
            pixel[0] = r, pixel[1] = g, pixel[2] = b, pixel[3] = a;
        }
        // Premultiplied alpha (associated) to the straight alpha a pixbuf holds.
        if (associated && pixel[3] != 0 && pixel[3] != 255) {
            for (int c = 0; c < 3; c++) {
                unsigned value = (pixel[c] * 255u + pixel[3] / 2) / pixel[3];
                pixel[c] = value > 255 ? 255 : (uint8_t)value;
            }
        }
    }
    uint32_t length = 0;
    void *profile = NULL;
    if (api.TIFFGetField(tiff->handle, TIFFTAG_ICCPROFILE, &length, &profile) && profile && length > 0) {
        *icc = profile;
        *icc_size = length;
    } else {
        *icc = NULL;
        *icc_size = 0;
    }
    return 1;
}

void iro_tiff_free(IroTiff *tiff) {
    if (!tiff) return;
    api.TIFFClose(tiff->handle);
    free(tiff);
}
