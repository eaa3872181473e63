// HEIF and AVIF still images decoded by libheif, behind plain C types. libheif reads both
// containers (AVIF is HEIF with AV1 pictures) and decodes their tiles (grids), rotation,
// mirroring, crop, alpha and 10- and 12-bit samples; this adds what it leaves undone.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct IroHeif IroHeif;

typedef struct {
    /// The picture's size as shown: after the file's rotation, mirroring and crop.
    int width, height;
    int has_alpha;
} IroHeifInfo;

/// Reads the file's boxes from `file`, from its start, only as far as they need: no picture
/// is decoded. `file` must stay open until `iro_heif_close`. Pictures with a side over
/// `maximum_side` are refused. NULL on failure, with the reason in `error`.
IroHeif *iro_heif_open(FILE *file, int maximum_side, char *error, size_t error_size);

void iro_heif_info(const IroHeif *heif, IroHeifInfo *info);

/// The embedded ICC profile's size; its bytes are copied to `buffer` when `capacity` holds them.
size_t iro_heif_icc_profile(const IroHeif *heif, uint8_t *buffer, size_t capacity);

/// Called as the picture's data is read to be decoded (a grid's tiles one by one): `done` of
/// `total`, from any of libheif's threads.
typedef void (*IroHeifProgress)(int done, int total, void *context);

/// Decodes the primary picture to 8-bit RGB (`channels` 3) or RGBA (4, straight alpha). The
/// rows are `*stride` bytes apart at `*pixels`, valid until `iro_heif_close`. 0 on failure,
/// with the reason in `error`.
int iro_heif_decode(IroHeif *heif, int channels, IroHeifProgress progress, void *context, const uint8_t **pixels,
                    int *stride, int *width, int *height, char *error, size_t error_size);

void iro_heif_close(IroHeif *heif);
