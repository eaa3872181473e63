// JPEG XL decoded by libjxl, behind plain C types: still pictures, and animations one
// composed frame at a time.
//
// Not the progressive DC pass for a first look: libjxl 0.7 draws a flushed DC pass at the
// full size, upsampled, which on two cores took longer (590–670 ms for 24 MP) than the whole
// picture (350–370 ms); see docs/PERFORMANCE.md.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct IroJxl IroJxl;

typedef struct {
    /// The picture's size as shown: after the codestream's orientation.
    int width, height;
    int has_alpha;
    int is_animated;
    /// How many times an animation plays; 0 for ever.
    int loop_count;
} IroJxlInfo;

/// Whether `data` starts as a JPEG XL codestream or container does.
int iro_jxl_is_jxl(const uint8_t *data, size_t size);

/// Reads `data` (which must stay valid until `iro_jxl_close`) as far as its basic
/// information: no pixel is decoded. `threads`: how many of libjxl's workers decode. NULL on
/// failure (libjxl missing, not a JPEG XL file, a header cut short), with the reason in `error`.
IroJxl *iro_jxl_open(const uint8_t *data, size_t size, int threads, char *error, size_t error_size);

void iro_jxl_info(const IroJxl *jxl, IroJxlInfo *info);

/// What `iro_jxl_next_frame` made.
typedef enum {
    IRO_JXL_FAILED = -1,
    /// No frame is left (an animation's loop ended).
    IRO_JXL_NO_FRAME = 0,
    /// The next frame, composed.
    IRO_JXL_FRAME = 1,
} IroJxlResult;

/// Decodes the next frame (a still picture's only one), `iro_jxl_info`'s width × height, to
/// 8-bit RGB (`channels` 3) or RGBA (4, straight alpha) in sRGB or the space
/// `iro_jxl_icc_profile` says, into `pixels`, rows `stride` bytes apart. `duration_ms`: how long an animation's frame shows; `is_last`: whether it is the last.
IroJxlResult iro_jxl_next_frame(IroJxl *jxl, int channels, uint8_t *pixels, size_t stride, int *duration_ms,
                                int *is_last, char *error, size_t error_size);

/// The ICC profile of the pixels `iro_jxl_next_frame` outputs, when they are not sRGB
/// (libjxl turns a lossy picture into sRGB itself; a lossless one keeps its own space).
/// Its size; its bytes are copied to `buffer` when `capacity` holds them. 0 before the first frame.
size_t iro_jxl_icc_profile(const IroJxl *jxl, uint8_t *buffer, size_t capacity);

/// Starts the frames again from the first (an animation's next loop).
void iro_jxl_rewind(IroJxl *jxl);

void iro_jxl_close(IroJxl *jxl);
