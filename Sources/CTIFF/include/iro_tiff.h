// The pages of a TIFF read by libtiff, behind plain C types, from bytes in memory (the
// decoder helper opens no files). gdk-pixbuf's TIFF loader reads only the first page.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct IroTiff IroTiff;

/// Opens the TIFF in `data`, which must outlive it; NULL on failure, with the reason in `error`.
IroTiff *iro_tiff_open(const uint8_t *data, size_t size, char *error, size_t error_size);

/// How many pages (directories) the file holds. A chain of pages that loops back is cut
/// where it loops (libtiff notices).
int iro_tiff_page_count(IroTiff *tiff);

/// The stored size of `page` and its Orientation tag (1–8, as EXIF's). 0 when unreadable.
int iro_tiff_page_info(IroTiff *tiff, int page, int *width, int *height, int *orientation);

/// `page`'s pixels as stored (not yet turned as its orientation says), as straight RGBA
/// rows `width` × 4 bytes apart in `pixels`, which holds width × height × 4 bytes. The ICC
/// profile, if the page has one, in `icc` / `icc_size` (valid until the next call). 0 on
/// failure, with the reason in `error`.
int iro_tiff_read_page(IroTiff *tiff, int page, uint8_t *pixels, int width, int height, const uint8_t **icc,
                       uint32_t *icc_size, char *error, size_t error_size);

void iro_tiff_free(IroTiff *tiff);
