// Iro's JPEG decoding over libjpeg-turbo's libjpeg API: the error handling libjpeg needs
// (setjmp/longjmp, which Swift cannot express) behind a handful of calls that never
// jump out. See Sources/IroImaging/Decoding/JPEGDirect.swift for how they are used.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct IroJpeg IroJpeg;

/// What the frame header says.
typedef struct {
    int width, height;
    /// 1 when the frame is progressive.
    int progressive;
    /// 1 when the colours are CMYK or YCCK: decoded as CMYK ink values, 4 bytes a pixel.
    int cmyk;
    /// 1 when those values are stored inverted (Adobe's marker, as Photoshop writes them).
    int inverted;
} IroJpegInfo;

/// Reads the headers of the JPEG in `data` (which must stay valid until `iro_jpeg_free`).
/// NULL on failure, with libjpeg's message in `error`.
IroJpeg *iro_jpeg_open(const uint8_t *data, size_t size, IroJpegInfo *info, char *error, size_t error_size);

/// Starts decoding RGB (CMYK for a CMYK or YCCK file) at `1 / reduction` of the size (1, 2, 4 or 8: libjpeg's DCT
/// scaling, exact for every reduction). Sets the output size. 0 on failure.
int iro_jpeg_start(IroJpeg *jpeg, int reduction, int *width, int *height, char *error, size_t error_size);

/// After `iro_jpeg_start`: decodes only the columns from `*x`, `*width` wide. libjpeg
/// widens them to whole blocks and writes back the columns it will decode. 0 on failure.
int iro_jpeg_crop(IroJpeg *jpeg, int *x, int *width, char *error, size_t error_size);

/// Skips `rows` rows without producing their pixels (their data is still read). Returns
/// the rows skipped, or -1 on failure.
int iro_jpeg_skip_rows(IroJpeg *jpeg, int rows, char *error, size_t error_size);

/// Reads up to `rows` rows of RGB into `pixels` (rows `stride` bytes apart). Returns the
/// rows read, or -1 on failure.
int iro_jpeg_read_rows(IroJpeg *jpeg, uint8_t *pixels, size_t stride, int rows, char *error, size_t error_size);

/// The ICC profile embedded in the file's APP2 markers, put together (`*profile`, freed with
/// free()), and its size; 0 when there is none or its chunks are broken.
size_t iro_jpeg_icc_profile(IroJpeg *jpeg, uint8_t **profile);

/// Ends the decode (finished or not) and frees everything.
void iro_jpeg_free(IroJpeg *jpeg);
