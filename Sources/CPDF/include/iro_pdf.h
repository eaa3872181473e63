// A PDF document read and drawn by poppler-glib, behind plain C types (poppler's headers
// bring all of GLib and cairo, which Swift already imports from CGLib). Only the decoder
// helper calls this: poppler is a large parser of hostile input (BEHAVIOUR G1).
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct IroPdf IroPdf;

enum {
    IRO_PDF_OPENED = 0,
    /// The document is encrypted and the password (none, or the one given) does not open it.
    IRO_PDF_NEEDS_PASSWORD = 1,
    /// Not a PDF poppler can read (or poppler is not installed): the reason is in `error`.
    IRO_PDF_FAILED = 2,
    /// Encrypted by a security handler poppler has not (not the standard password one):
    /// its name is in `error`. No password opens it.
    IRO_PDF_UNKNOWN_ENCRYPTION = 3,
};

/// Whether `data` starts like a PDF: "%PDF-" within its first 1024 bytes, as readers accept.
int iro_pdf_is_pdf(const uint8_t *data, size_t size);

/// Opens the PDF in `data`, which must outlive the document. `password` may be NULL. Sets
/// `status` to one of the values above; NULL unless opened.
IroPdf *iro_pdf_open(const uint8_t *data, size_t size, const char *password, int *status, char *error, size_t error_size);

int iro_pdf_page_count(IroPdf *pdf);

/// The page's size in points (1/72 inch), turned as the page's /Rotate says; 0 when there is no such page.
int iro_pdf_page_size(IroPdf *pdf, int page, double *width, double *height);

/// Draws `page` on white at `scale` pixels per point, the part from (`left`, `top`) that is
/// `width` × `height` pixels, into `pixels`: cairo's ARGB32 (premultiplied, native-endian),
/// rows `stride` bytes apart. 0 on failure, with the reason in `error`.
int iro_pdf_render(IroPdf *pdf, int page, uint8_t *pixels, int width, int height, int stride, double left, double top,
                   double scale, char *error, size_t error_size);

/// A link on a page: its area in points from the page's top left (as the page is shown,
/// turned by its /Rotate), and where it goes: another page (`page`, from 0) or, when
/// `page` is -1, `uri` (NULL for a kind Iro does not follow).
typedef struct {
    double x, y, width, height;
    int page;
    char *uri;
} IroPdfLink;

/// The links on `page`, in `*links` (free with `iro_pdf_free_links`); how many.
int iro_pdf_links(IroPdf *pdf, int page, IroPdfLink **links);

void iro_pdf_free_links(IroPdfLink *links, int count);

/// An area of a page in points from its top left (as shown, turned by its /Rotate).
typedef struct {
    double x, y, width, height;
} IroPdfArea;

/// Where `text` is on `page` (case and diacritics ignored, across line ends), in `*areas`
/// (free with g_free); how many. `has_text` says whether the page has any text at all (a
/// scan has none); when `known_text` says the caller already knows the document has some,
/// a page without a match is not read a second time to find out, and `has_text` is 1.
int iro_pdf_find(IroPdf *pdf, int page, const char *text, int known_text, IroPdfArea **areas, int *has_text);

/// The text of `page` in reading order, one Unicode character at a time, at most `limit` of
/// them: each in `*characters` (free with g_free), its box on the page in `*boxes` (free with
/// g_free; points from the top left, as shown). Line ends and the spaces between words are
/// characters too, with boxes of their own. How many.
int iro_pdf_text(IroPdf *pdf, int page, int limit, uint32_t **characters, IroPdfArea **boxes);

/// An entry of the document's outline (its table of contents), in reading order: its
/// title, its depth (0 at the top) and the page it goes to (from 0; -1 for none).
typedef struct {
    char *title;
    int depth;
    int page;
} IroPdfOutlineItem;

/// The outline, at most `limit` entries and 32 levels deep, in `*items` (free with
/// `iro_pdf_free_outline`); how many.
int iro_pdf_outline(IroPdf *pdf, int limit, IroPdfOutlineItem **items);

void iro_pdf_free_outline(IroPdfOutlineItem *items, int count);

/// Called after each page of a copy is drawn, with the copy's cairo context (`cairo_t *`) in
/// points from the page's top left, as shown: draws over the page; 0 stops the copy.
typedef int (*IroPdfOverlay)(void *context, int page, void *cairo);

/// Every page of `pdf` drawn into a new PDF as poppler prints it (text stays text, JPEG
/// images keep their bytes), with `overlay` drawn over each. 1 and the file in `*bytes`
/// (free with g_free), `*size` bytes long; 0 with the reason in `error`.
int iro_pdf_write_copy(IroPdf *pdf, IroPdfOverlay overlay, void *context, uint8_t **bytes, size_t *size, char *error,
                       size_t error_size);

void iro_pdf_free(IroPdf *pdf);
