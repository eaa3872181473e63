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
