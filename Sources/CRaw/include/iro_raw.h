// Camera RAW files (NEF, CR2, CR3, ARW, RAF, ORF, RW2, DNG, PEF, …) read by LibRaw, behind
// plain C types: the preview the camera embedded, and the sensor's picture developed
// (demosaiced, with the white balance as shot), at full or half size.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct IroRaw IroRaw;

typedef struct {
    /// The developed picture's size, upright (after the file's flip).
    int width, height;
    /// How the picture is turned, as an EXIF orientation (1–8).
    int orientation;
    /// Whether the file embeds a preview, and its size.
    int has_preview;
    int preview_width, preview_height;
    char make[64], model[64];
    float iso, shutter, aperture, focal_length;
    /// When it was taken, seconds since 1970 (0 when unknown).
    int64_t taken;
} IroRawInfo;

/// Whether `data`'s first bytes could start a camera RAW file LibRaw reads (TIFF-like,
/// Canon CR3, Fujifilm RAF, Olympus ORF, Panasonic RW2, …). Plain TIFFs pass too: only
/// `iro_raw_open` tells them apart.
int iro_raw_might_be_raw(const uint8_t *data, size_t size);

/// Reads `data` (which must stay valid until `iro_raw_close`) as far as its header: no
/// sample is decoded. NULL for what LibRaw does not take as a camera RAW (a plain TIFF
/// among them), with the reason in `error`.
IroRaw *iro_raw_open(const uint8_t *data, size_t size, char *error, size_t error_size);

void iro_raw_info(const IroRaw *raw, IroRawInfo *info);

/// The embedded preview: 1 and a JPEG's bytes, or 2 and 8-bit RGB rows of `width` × 3 bytes,
/// valid until `iro_raw_close`. 0 when there is none Iro can show, with the reason in `error`.
int iro_raw_preview(IroRaw *raw, const uint8_t **bytes, size_t *size, int *width, int *height, char *error,
                    size_t error_size);

/// Called as LibRaw works, `done` of `total` stages; returning nonzero stops it.
typedef int (*IroRawProgress)(int done, int total, void *context);

/// Develops the sensor's picture (`half`: at half of each side, from each 2 × 2 block of
/// the sensor, without demosaicing) to 8-bit RGB rows of `width` × 3 bytes, upright, valid
/// until `iro_raw_close`. 0 on failure or when `progress` stopped it, with the reason in `error`.
int iro_raw_develop(IroRaw *raw, int half, IroRawProgress progress, void *context, const uint8_t **pixels, int *width,
                    int *height, char *error, size_t error_size);

void iro_raw_close(IroRaw *raw);
