#include "iro_pdf.h"

#include "iro_lazy_library.h"
#include <cairo-pdf.h>
#include <poppler.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

// poppler-glib is loaded when the first PDF is opened, not when the helper starts: it and
// the libraries only it needs (poppler itself, NSS, OpenJPEG, lcms…) are several MB that
// a helper decoding photos never touches.
#define IRO_PDF_FUNCTIONS(X)                                                                                             \
    X(poppler_document_new_from_bytes)                                                                                   \
    X(poppler_document_new_from_stream)                                                                                  \
    X(poppler_document_get_n_pages)                                                                                      \
    X(poppler_document_get_page)                                                                                         \
    X(poppler_page_get_size)                                                                                             \
    X(poppler_page_render)                                                                                               \
    X(poppler_page_render_for_printing)                                                                                  \
    X(poppler_error_quark)                                                                                               \
    X(poppler_page_get_link_mapping)                                                                                     \
    X(poppler_page_free_link_mapping)                                                                                    \
    X(poppler_document_find_dest)                                                                                        \
    X(poppler_dest_free)                                                                                                 \
    X(poppler_page_find_text_with_options)                                                                               \
    X(poppler_page_get_text)                                                                                             \
    X(poppler_page_get_text_layout)                                                                                      \
    X(poppler_rectangle_free)                                                                                            \
    X(poppler_index_iter_new)                                                                                            \
    X(poppler_index_iter_get_child)                                                                                      \
    X(poppler_index_iter_get_action)                                                                                     \
    X(poppler_index_iter_next)                                                                                           \
    X(poppler_index_iter_free)                                                                                           \
    X(poppler_action_free)

IRO_LAZY_LIBRARY(IRO_PDF_FUNCTIONS, "libpoppler-glib.so.8", "poppler-glib")

struct IroPdf {
    PopplerDocument *document;
    GBytes *bytes;
};

int iro_pdf_is_pdf(const uint8_t *data, size_t size) {
    size_t limit = size < 1024 ? size : 1024;
    for (size_t i = 0; i + 5 <= limit; i++) {
        if (memcmp(data + i, "%PDF-", 5) == 0) return 1;
    }
    return 0;
}

// Finds `needle` in `data[from..<size]`: its offset, or -1.
static long find(const uint8_t *data, size_t size, size_t from, const char *needle) {
    size_t length = strlen(needle);
    for (size_t i = from; i + length <= size; i++) {
        if (memcmp(data + i, needle, length) == 0) return (long)i;
    }
    return -1;
}

// The security handler an encrypted PDF names (its Encrypt dictionary's /Filter), into
// `name`; 0 when it cannot be told. poppler-glib says "encrypted" both for a password it
// lacks and for a handler it has not; only the standard handler takes a password. The
// trailer's "/Encrypt N 0 R" is looked for from the end, then object N, which the standard
// keeps out of object streams.
static int security_handler(const uint8_t *data, size_t size, char *name, size_t name_size) {
    long at = -1;
    for (long next = find(data, size, 0, "/Encrypt"); next >= 0; next = find(data, size, (size_t)next + 1, "/Encrypt")) at = next;
    if (at < 0) return 0;
    unsigned number = 0;
    if (sscanf((const char *)data + at + 8, " %u 0 R", &number) != 1 || number == 0) return 0;
    char header[32];
    snprintf(header, sizeof header, "\n%u 0 obj", number);
    long object = find(data, size, 0, header);
    if (object < 0) {
        snprintf(header, sizeof header, "\r%u 0 obj", number);
        object = find(data, size, 0, header);
    }
    if (object < 0) return 0;
    long end = find(data, size, (size_t)object, "endobj");
    long filter = find(data, size, (size_t)object, "/Filter");
    if (filter < 0 || (end >= 0 && filter > end)) return 0;
    size_t i = (size_t)filter + 7;
    while (i < size && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t')) i++;
    if (i >= size || data[i] != '/') return 0;
    size_t length = 0;
    for (i++; i < size && length + 1 < name_size && data[i] > ' ' && !strchr("/<>[]()", data[i]); i++) name[length++] = (char)data[i];
    name[length] = 0;
    return length > 0;
}

IroPdf *iro_pdf_open(const uint8_t *data, size_t size, const char *password, int *status, char *error, size_t error_size) {
    if (!api_load()) {
        snprintf(error, error_size, "%s", api_library.error);
        *status = IRO_PDF_FAILED;
        return NULL;
    }
    // Not copied: the caller keeps the bytes for the document's life.
    GBytes *bytes = g_bytes_new_static(data, size);
    GError *failure = NULL;
    PopplerDocument *document;
    if (password) {
        // poppler-glib 22.12's from_bytes crashes on a wrong password (its retry with the
        // password as UTF-8 reads a stream it has freed), and turns a non-Latin-1 one into
        // something else first; from_stream does neither. Without a password, from_bytes:
        // it reads the bytes in place, no stream between.
        GInputStream *stream = g_memory_input_stream_new_from_bytes(bytes);
        document = api.poppler_document_new_from_stream(stream, (goffset)size, password, NULL, &failure);
        g_object_unref(stream);
    } else {
        document = api.poppler_document_new_from_bytes(bytes, NULL, &failure);
    }
    if (!document) {
        int encrypted = failure && failure->domain == api.poppler_error_quark() && failure->code == POPPLER_ERROR_ENCRYPTED;
        *status = encrypted ? IRO_PDF_NEEDS_PASSWORD : IRO_PDF_FAILED;
        snprintf(error, error_size, "%s", failure ? failure->message : "poppler could not read it");
        char handler[64];
        if (encrypted && security_handler(data, size, handler, sizeof handler) && strcmp(handler, "Standard") != 0) {
            *status = IRO_PDF_UNKNOWN_ENCRYPTION;
            snprintf(error, error_size, "%s", handler);
        }
        g_clear_error(&failure);
        g_bytes_unref(bytes);
        return NULL;
    }
    IroPdf *pdf = g_new0(IroPdf, 1);
    pdf->document = document;
    pdf->bytes = bytes;
    *status = IRO_PDF_OPENED;
    return pdf;
}

int iro_pdf_page_count(IroPdf *pdf) { return api.poppler_document_get_n_pages(pdf->document); }

int iro_pdf_page_size(IroPdf *pdf, int page, double *width, double *height) {
    if (page < 0 || page >= iro_pdf_page_count(pdf)) return 0;
    PopplerPage *handle = api.poppler_document_get_page(pdf->document, page);
    if (!handle) return 0;
    api.poppler_page_get_size(handle, width, height);
    g_object_unref(handle);
    return 1;
}

int iro_pdf_render(IroPdf *pdf, int page, uint8_t *pixels, int width, int height, int stride, double left, double top,
                   double scale, char *error, size_t error_size) {
    PopplerPage *handle = page >= 0 && page < iro_pdf_page_count(pdf) ? api.poppler_document_get_page(pdf->document, page) : NULL;
    if (!handle) {
        snprintf(error, error_size, "the document has no page %d", page + 1);
        return 0;
    }
    cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
    cairo_t *cr = cairo_create(surface);
    // Paper is white: a page draws only its marks on it.
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_translate(cr, -left, -top);
    cairo_scale(cr, scale, scale);
    api.poppler_page_render(handle, cr);
    int drawn = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    if (!drawn) snprintf(error, error_size, "%s", cairo_status_to_string(cairo_status(cr)));
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    g_object_unref(handle);
    return drawn;
}

/// The page (from 0) a destination names, looked up when it is a named one; -1 if none.
static int destination_page(IroPdf *pdf, PopplerDest *dest) {
    if (!dest) return -1;
    if (dest->type != POPPLER_DEST_NAMED) return dest->page_num - 1;
    PopplerDest *found = dest->named_dest ? api.poppler_document_find_dest(pdf->document, dest->named_dest) : NULL;
    int page = found ? found->page_num - 1 : -1;
    if (found) api.poppler_dest_free(found);
    return page;
}

int iro_pdf_links(IroPdf *pdf, int page, IroPdfLink **links) {
    *links = NULL;
    double width = 0, height = 0;
    if (!iro_pdf_page_size(pdf, page, &width, &height)) return 0;
    PopplerPage *handle = api.poppler_document_get_page(pdf->document, page);
    if (!handle) return 0;
    GList *mapping = api.poppler_page_get_link_mapping(handle);
    guint length = g_list_length(mapping);
    IroPdfLink *out = length ? g_new0(IroPdfLink, length) : NULL;
    int count = 0;
    for (GList *item = mapping; item; item = item->next) {
        PopplerLinkMapping *link = item->data;
        if (!link->action) continue;
        IroPdfLink made = {0};
        // poppler's area counts from the bottom left, as PDF does; Iro's from the top left.
        made.x = MIN(link->area.x1, link->area.x2);
        made.width = fabs(link->area.x2 - link->area.x1);
        made.y = height - MAX(link->area.y1, link->area.y2);
        made.height = fabs(link->area.y2 - link->area.y1);
        made.page = -1;
        switch (link->action->type) {
        case POPPLER_ACTION_GOTO_DEST:
            made.page = destination_page(pdf, link->action->goto_dest.dest);
            if (made.page < 0 || made.page >= iro_pdf_page_count(pdf)) continue;
            break;
        case POPPLER_ACTION_URI:
            if (!link->action->uri.uri) continue;
            made.uri = g_strdup(link->action->uri.uri);
            break;
        default:
            continue; // another document, a program to launch, a script: not followed
        }
        out[count++] = made;
    }
    api.poppler_page_free_link_mapping(mapping);
    g_object_unref(handle);
    *links = out;
    return count;
}

void iro_pdf_free_links(IroPdfLink *links, int count) {
    for (int i = 0; i < count; i++) g_free(links[i].uri);
    g_free(links);
}

int iro_pdf_find(IroPdf *pdf, int page, const char *text, int known_text, IroPdfArea **areas, int *has_text) {
    *areas = NULL;
    *has_text = 0;
    double width = 0, height = 0;
    if (!iro_pdf_page_size(pdf, page, &width, &height)) return 0;
    PopplerPage *handle = api.poppler_document_get_page(pdf->document, page);
    if (!handle) return 0;
    GList *found = api.poppler_page_find_text_with_options(
        handle, text, POPPLER_FIND_IGNORE_DIACRITICS | POPPLER_FIND_MULTILINE);
    guint length = g_list_length(found);
    IroPdfArea *out = length ? g_new0(IroPdfArea, length) : NULL;
    int count = 0;
    for (GList *item = found; item; item = item->next) {
        PopplerRectangle *area = item->data;
        // From the bottom left, as PDF counts, to the top left.
        out[count].x = MIN(area->x1, area->x2);
        out[count].width = fabs(area->x2 - area->x1);
        out[count].y = height - MAX(area->y1, area->y2);
        out[count].height = fabs(area->y2 - area->y1);
        count++;
        api.poppler_rectangle_free(area); // poppler's own allocation, not g_malloc's
    }
    g_list_free(found);
    if (count > 0 || known_text) {
        *has_text = 1;
    } else {
        // A second pass over the page's text (about a tenth of a search's time in a book):
        // worth it only until some page is known to have text.
        char *all = api.poppler_page_get_text(handle);
        for (const char *c = all; c && *c; c++) {
            if (!g_ascii_isspace(*c)) {
                *has_text = 1;
                break;
            }
        }
        g_free(all);
    }
    g_object_unref(handle);
    *areas = out;
    return count;
}

int iro_pdf_text(IroPdf *pdf, int page, int limit, uint32_t **characters, IroPdfArea **boxes) {
    *characters = NULL;
    *boxes = NULL;
    double width = 0, height = 0;
    if (limit <= 0 || !iro_pdf_page_size(pdf, page, &width, &height)) return 0;
    PopplerPage *handle = api.poppler_document_get_page(pdf->document, page);
    if (!handle) return 0;
    char *text = api.poppler_page_get_text(handle);
    PopplerRectangle *rectangles = NULL;
    guint rectangle_count = 0;
    if (text && !api.poppler_page_get_text_layout(handle, &rectangles, &rectangle_count)) rectangle_count = 0;
    glong character_count = 0;
    // The text and its layout list the same characters in the same order (poppler makes both
    // from one pass over the page's words); should they ever differ, the shorter one counts.
    gunichar *decoded = text && g_utf8_validate(text, -1, NULL) ? g_utf8_to_ucs4_fast(text, -1, &character_count) : NULL;
    int count = (int)MIN(MIN((glong)rectangle_count, character_count), (glong)limit);
    if (count > 0) {
        *characters = g_new(uint32_t, count);
        *boxes = g_new(IroPdfArea, count);
        for (int i = 0; i < count; i++) {
            PopplerRectangle *box = &rectangles[i];
            (*characters)[i] = decoded[i];
            // Already from the top left (the text layout is, unlike find's areas).
            (*boxes)[i].x = MIN(box->x1, box->x2);
            (*boxes)[i].y = MIN(box->y1, box->y2);
            (*boxes)[i].width = fabs(box->x2 - box->x1);
            (*boxes)[i].height = fabs(box->y2 - box->y1);
        }
    } else {
        count = 0;
    }
    g_free(decoded);
    g_free(rectangles);
    g_free(text);
    g_object_unref(handle);
    return count;
}

// Appends the entries at `iter` and below (depth first) to `items`.
static void add_outline(IroPdf *pdf, PopplerIndexIter *iter, int depth, int limit, IroPdfOutlineItem *items, int *count) {
    do {
        if (*count >= limit) return;
        PopplerAction *action = api.poppler_index_iter_get_action(iter);
        if (action) {
            const char *title = action->any.title;
            int page = action->type == POPPLER_ACTION_GOTO_DEST ? destination_page(pdf, action->goto_dest.dest) : -1;
            if (page >= iro_pdf_page_count(pdf)) page = -1;
            items[*count].title = g_utf8_make_valid(title ? title : "", -1);
            items[*count].depth = depth;
            items[*count].page = page;
            (*count)++;
            api.poppler_action_free(action);
        }
        PopplerIndexIter *child = depth < 31 ? api.poppler_index_iter_get_child(iter) : NULL;
        if (child) {
            add_outline(pdf, child, depth + 1, limit, items, count);
            api.poppler_index_iter_free(child);
        }
    } while (api.poppler_index_iter_next(iter));
}

int iro_pdf_outline(IroPdf *pdf, int limit, IroPdfOutlineItem **items) {
    *items = NULL;
    PopplerIndexIter *iter = limit > 0 ? api.poppler_index_iter_new(pdf->document) : NULL;
    if (!iter) return 0;
    IroPdfOutlineItem *out = g_new0(IroPdfOutlineItem, limit);
    int count = 0;
    add_outline(pdf, iter, 0, limit, out, &count);
    api.poppler_index_iter_free(iter);
    *items = out;
    return count;
}

void iro_pdf_free_outline(IroPdfOutlineItem *items, int count) {
    for (int i = 0; i < count; i++) g_free(items[i].title);
    g_free(items);
}

// cairo's PDF output, gathered in memory: the helper writes no file.
static cairo_status_t append_output(void *closure, const unsigned char *data, unsigned int length) {
    g_byte_array_append(closure, data, length);
    return CAIRO_STATUS_SUCCESS;
}

int iro_pdf_write_copy(IroPdf *pdf, IroPdfOverlay overlay, void *context, uint8_t **bytes, size_t *size, char *error,
                       size_t error_size) {
    *bytes = NULL;
    *size = 0;
    GByteArray *output = g_byte_array_new();
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(append_output, output, 612, 792);
    cairo_t *cr = cairo_create(surface);
    int count = iro_pdf_page_count(pdf), written = 1;
    for (int page = 0; page < count && written; page++) {
        PopplerPage *handle = api.poppler_document_get_page(pdf->document, page);
        if (!handle) {
            snprintf(error, error_size, "the document has no page %d", page + 1);
            written = 0;
            break;
        }
        double width = 0, height = 0;
        api.poppler_page_get_size(handle, &width, &height);
        cairo_pdf_surface_set_size(surface, width, height);
        // As poppler prints: its text stays text and its JPEG images keep their own bytes
        // (drawn as on screen, they would be stored decoded, 25 times larger).
        cairo_save(cr);
        api.poppler_page_render_for_printing(handle, cr);
        cairo_restore(cr);
        g_object_unref(handle);
        if (!overlay(context, page, cr)) {
            snprintf(error, error_size, "cancelled");
            written = 0;
        }
        cairo_show_page(cr);
        if (written && cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
            snprintf(error, error_size, "%s", cairo_status_to_string(cairo_status(cr)));
            written = 0;
        }
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    if (written && cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        snprintf(error, error_size, "%s", cairo_status_to_string(cairo_surface_status(surface)));
        written = 0;
    }
    cairo_surface_destroy(surface);
    if (!written || output->len == 0) {
        g_byte_array_free(output, TRUE);
        return 0;
    }
    *size = output->len;
    *bytes = g_byte_array_free(output, FALSE);
    return 1;
}

void iro_pdf_free(IroPdf *pdf) {
    if (!pdf) return;
    g_object_unref(pdf->document);
    g_bytes_unref(pdf->bytes);
    g_free(pdf);
}
