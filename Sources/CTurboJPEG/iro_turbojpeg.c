#include "iro_turbojpeg.h"

#include "iro_lazy_library.h"
#include <stdio.h>
#include <turbojpeg.h>

// libturbojpeg is loaded when the first lossless edit is saved, not at start (see
// iro_lazy_library.h): most runs never save one.
#define IRO_TJ_FUNCTIONS(X)                                                                                              \
    X(tjInitTransform)                                                                                                   \
    X(tjDestroy)                                                                                                         \
    X(tjDecompressHeader3)                                                                                               \
    X(tjTransform)                                                                                                       \
    X(tjGetErrorStr2)                                                                                                    \
    X(tjFree)

IRO_LAZY_LIBRARY(IRO_TJ_FUNCTIONS, "libturbojpeg.so.0", "libturbojpeg")

#define IRO_TJ_SAME(op) ((int)IRO_TJ_##op == (int)TJXOP_##op)
_Static_assert(IRO_TJ_SAME(NONE) && IRO_TJ_SAME(HFLIP) && IRO_TJ_SAME(VFLIP) && IRO_TJ_SAME(TRANSPOSE) && IRO_TJ_SAME(TRANSVERSE) &&
                   IRO_TJ_SAME(ROT90) && IRO_TJ_SAME(ROT180) && IRO_TJ_SAME(ROT270),
               "IroTjOp mirrors TJXOP");

// A progressive file of thousands of tiny scans takes minutes to read: stop after 500, as
// djpeg -limitscans does. And stop at the first warning (data cut short or corrupt), which
// fails the call anyway.
static const int flags = TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING;

static void say(char *error, size_t error_size, const char *message) { snprintf(error, error_size, "%s", message); }

int iro_tj_available(char *error, size_t error_size) {
    if (api_load()) return 1;
    say(error, error_size, api_library.error);
    return 0;
}

static tjhandle start(const uint8_t *jpeg, size_t size, char *error, size_t error_size) {
    if (!api_load()) {
        say(error, error_size, api_library.error);
        return NULL;
    }
    if (!jpeg || size == 0) {
        say(error, error_size, "no JPEG data");
        return NULL;
    }
    tjhandle handle = api.tjInitTransform();
    if (!handle) say(error, error_size, api.tjGetErrorStr2(NULL));
    return handle;
}

int iro_tj_header(const uint8_t *jpeg, size_t size, IroTjHeader *header, char *error, size_t error_size) {
    tjhandle handle = start(jpeg, size, error, error_size);
    if (!handle) return 0;
    int width = 0, height = 0, subsampling = -1, colourspace = -1;
    int ok = api.tjDecompressHeader3(handle, jpeg, (unsigned long)size, &width, &height, &subsampling, &colourspace) == 0 &&
             subsampling >= 0 && subsampling < TJ_NUMSAMP;
    if (ok) {
        *header = (IroTjHeader){width, height, subsampling, tjMCUWidth[subsampling], tjMCUHeight[subsampling]};
    } else {
        say(error, error_size, api.tjGetErrorStr2(handle));
    }
    api.tjDestroy(handle);
    return ok;
}

int iro_tj_transform(const uint8_t *jpeg, size_t size, int op, int crop_x, int crop_y, int crop_w, int crop_h, uint8_t **out,
                     size_t *out_size, char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    if (op < TJXOP_NONE || op > TJXOP_ROT270) {
        say(error, error_size, "no such transform");
        return 0;
    }
    tjhandle handle = start(jpeg, size, error, error_size);
    if (!handle) return 0;
    // Markers are copied by default (no TJXOPT_COPYNONE): EXIF, the ICC profile and XMP stay.
    tjtransform transform = {.op = op, .options = TJXOPT_PERFECT};
    if (crop_w > 0) {
        transform.options |= TJXOPT_CROP;
        transform.r = (tjregion){crop_x, crop_y, crop_w, crop_h};
    }
    unsigned char *made = NULL;
    unsigned long made_size = 0;
    int ok = api.tjTransform(handle, jpeg, (unsigned long)size, 1, &made, &made_size, &transform, flags) == 0;
    if (ok) {
        *out = made;
        *out_size = made_size;
    } else {
        say(error, error_size, api.tjGetErrorStr2(handle));
        if (made) api.tjFree(made); // allocated before the failure
    }
    api.tjDestroy(handle);
    return ok;
}

void iro_tj_free(uint8_t *buffer) {
    if (buffer && api_load()) api.tjFree(buffer);
}
