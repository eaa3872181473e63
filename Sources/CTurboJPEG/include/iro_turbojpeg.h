// Lossless JPEG transforms by libjpeg-turbo's TurboJPEG API (tjTransform), behind plain C
// types: the DCT coefficients are moved, turned and cut, never decoded to pixels, so an
// edit that only turns, flips or crops on the block grid saves without recompression.
// Errors come back as messages: libturbojpeg catches libjpeg's own longjmp inside itself.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// TurboJPEG's transform operations (TJXOP_*), with its values.
typedef enum {
    IRO_TJ_NONE = 0,
    /// Left and right trade places.
    IRO_TJ_HFLIP = 1,
    /// Top and bottom trade places.
    IRO_TJ_VFLIP = 2,
    /// Across the top-left to bottom-right diagonal: (x, y) to (y, x).
    IRO_TJ_TRANSPOSE = 3,
    /// Across the top-right to bottom-left diagonal.
    IRO_TJ_TRANSVERSE = 4,
    /// A quarter turn clockwise.
    IRO_TJ_ROT90 = 5,
    IRO_TJ_ROT180 = 6,
    /// A quarter turn anticlockwise.
    IRO_TJ_ROT270 = 7,
} IroTjOp;

typedef struct {
    int width, height;
    /// TurboJPEG's name for the chroma subsampling (TJSAMP_*: 0 4:4:4, 1 4:2:2, 2 4:2:0,
    /// 3 grey, 4 4:4:0, 5 4:1:1).
    int subsampling;
    /// The MCU TurboJPEG crops on for that subsampling (tjMCUWidth, tjMCUHeight).
    int mcu_width, mcu_height;
} IroTjHeader;

/// Loads libturbojpeg (the first time): 1, or 0 with the reason in `error`.
int iro_tj_available(char *error, size_t error_size);

/// The frame header of the JPEG in `jpeg`: 1, or 0 with the reason in `error` (libturbojpeg
/// missing, a header that cannot be read, a subsampling TurboJPEG does not know).
int iro_tj_header(const uint8_t *jpeg, size_t size, IroTjHeader *header, char *error, size_t error_size);

/// Transforms the JPEG in `jpeg` by `op` (an IroTjOp), then keeps only the rectangle at
/// (`crop_x`, `crop_y`), `crop_w` × `crop_h`, of the transformed picture (`crop_w` 0: all of
/// it), into `*out` (`*out_size` bytes, to be freed by `iro_tj_free`). Only a perfect
/// transform is done: one that would leave a partial MCU on a moved edge fails, and so does a
/// crop whose top-left is not on TurboJPEG's MCU grid. Every marker (EXIF, ICC, XMP…) is
/// copied. 1, or 0 with the reason in `error` — also when libjpeg warned (data cut short or
/// corrupt: a lossless copy would carry the damage along silently).
int iro_tj_transform(const uint8_t *jpeg, size_t size, int op, int crop_x, int crop_y, int crop_w, int crop_h, uint8_t **out,
                     size_t *out_size, char *error, size_t error_size);

void iro_tj_free(uint8_t *buffer);
