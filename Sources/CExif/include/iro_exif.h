// A photo's metadata (EXIF, XMP, IPTC) read by gexiv2, behind plain C types.
//
// gexiv2 and Exiv2 (C++, about 4 MB) are loaded on first use, not at start: most runs
// never show the properties panel, and loading them costs every launch.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct IroExif {
    /// Strings are NULL when the file does not say; free them all with iro_exif_clear.
    char *make, *model, *lens, *taken, *flash;
    char *description, *author, *copyright;
    /// Exposure time in seconds as a fraction; den is 0 when unknown.
    int exposure_num, exposure_den;
    /// 0 when unknown.
    double f_number, focal_length;
    int iso;
    int has_gps;
    double latitude, longitude;
    int has_altitude;
    double altitude;
} IroExif;

/// Reads the metadata of the file at `path` into `exif` (zeroed first). 1 when the file's
/// metadata could be read (even if it holds nothing); 0 when it could not, with the reason
/// in `error` (gexiv2 missing, a format Exiv2 does not know, broken metadata).
int iro_exif_read(const char *path, IroExif *exif, char *error, size_t error_size);

/// The same, from the file's `size` bytes in memory (the decoder helper, which opens no files).
int iro_exif_read_bytes(const uint8_t *bytes, size_t size, IroExif *exif, char *error, size_t error_size);

void iro_exif_clear(IroExif *exif);

/// The `edited` image (JPEG, PNG or WebP bytes, `width` × `height`, made from `original`)
/// with the EXIF, XMP and IPTC of `original` written into it, made true of the edit: the
/// orientation reset to 1 (the pixels are stood up), the pixel dimensions set to the new
/// size, and the EXIF thumbnail and any other preview of the original left out. The ICC
/// profile is not carried: `edited` keeps its own.
///
/// 1 with the result in `out` (`out_size` bytes; free it with iro_exif_free_bytes), which is
/// a copy of `edited` when `original` has no metadata Exiv2 can read (none, broken, or a
/// format it does not know): there is nothing to carry. 0 when the metadata could not be
/// written (gexiv2 missing, `edited` not a format Exiv2 writes, no memory), with the reason
/// in `error` and `out` NULL. Opens no files.
int iro_exif_carry_over(const uint8_t *original, size_t original_size, const uint8_t *edited, size_t edited_size,
                        int width, int height, uint8_t **out, size_t *out_size, char *error, size_t error_size);

/// Frees what iro_exif_carry_over returned (GLib's allocator: g_free).
void iro_exif_free_bytes(uint8_t *bytes);
