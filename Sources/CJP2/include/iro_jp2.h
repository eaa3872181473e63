// JPEG 2000 (a `.jp2` file or a bare `.j2k` codestream) decoded by OpenJPEG, behind plain C
// types, at a reduced resolution when the view needs less: each level a wavelet
// resolution dropped, half of each side, at a fraction of the work.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct IroJp2 IroJp2;

typedef struct {
    /// The picture's size on the reference grid, whole.
    int width, height;
    int has_alpha;
    /// How many times its resolution can be halved while decoding.
    int reductions;
} IroJp2Info;

/// 1 for a JP2 file, 2 for a bare codestream, 0 for anything else.
int iro_jp2_kind(const uint8_t *data, size_t size);

/// Reads `data` (which must stay valid until `iro_jp2_close`) as far as its header: no
/// sample is decoded. NULL on failure, with the reason in `error`.
IroJp2 *iro_jp2_open(const uint8_t *data, size_t size, char *error, size_t error_size);

void iro_jp2_info(const IroJp2 *jp2, IroJp2Info *info);

/// Decodes at `reduce` halvings (0 is every pixel) with `threads` workers; the size made in
/// `width` × `height`. 0 on failure, with the reason in `error`.
int iro_jp2_decode(IroJp2 *jp2, int reduce, int threads, int *width, int *height, char *error, size_t error_size);

/// The decoded picture as 8-bit RGB (`channels` 3) or RGBA (4, straight alpha), rows
/// `stride` bytes apart. 0 when its components cannot be shown (CMYK, or none).
int iro_jp2_pixels(const IroJp2 *jp2, int channels, uint8_t *pixels, size_t stride);

/// The embedded ICC profile's size; its bytes are copied to `buffer` when `capacity` holds
/// them. Known after `iro_jp2_decode`.
size_t iro_jp2_icc_profile(const IroJp2 *jp2, uint8_t *buffer, size_t capacity);

void iro_jp2_close(IroJp2 *jp2);
