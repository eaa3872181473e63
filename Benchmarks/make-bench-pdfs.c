// Writes the document benchmark's two PDFs (docs/PERFORMANCE.md, "Documents"):
//   book.pdf    352 US-letter pages of text (a heading and 46 lines of body each, in the
//               sans and serif faces fontconfig picks, embedded as subsets by cairo), as a
//               typeset book is;
//   scanned.pdf 30 pages, each a photo at 200 dpi (1700 × 2200 pixels, a JPEG stored as is:
//               DCTDecode), as a scanner makes them. The photos are SAMPLES_DIR's JPEGs,
//               scaled to cover the page.
//
//   gcc -O2 -o .build/make-bench-pdfs Benchmarks/make-bench-pdfs.c $(pkg-config --cflags --libs cairo gdk-pixbuf-2.0)
//   .build/make-bench-pdfs SAMPLES_DIR OUT_DIR
#include <cairo-pdf.h>
#include <cairo.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double page_width = 612, page_height = 792; // US letter, in points

static const char *words[] = {"colour", "image", "viewer", "document", "page", "render", "sharp", "tile", "zoom", "pixel",
                              "folder", "helper", "sandbox", "screen", "frame", "monitor", "present", "search", "text", "link"};

static void book(const char *path) {
    cairo_surface_t *surface = cairo_pdf_surface_create(path, page_width, page_height);
    cairo_t *cr = cairo_create(surface);
    unsigned seed = 1;
    for (int page = 0; page < 352; page++) {
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_select_font_face(cr, "serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
        cairo_set_font_size(cr, 18);
        char heading[64];
        snprintf(heading, sizeof heading, "Chapter %d, page %d", page / 12 + 1, page + 1);
        cairo_move_to(cr, 72, 90);
        cairo_show_text(cr, heading);
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size(cr, 10.5);
        for (int line = 0; line < 46; line++) {
            char text[160] = "";
            while (strlen(text) < 96) {
                seed = seed * 1103515245 + 12345;
                strcat(text, words[(seed >> 16) % (sizeof words / sizeof *words)]);
                strcat(text, " ");
            }
            cairo_move_to(cr, 72, 120 + line * 13.5);
            cairo_show_text(cr, text);
        }
        cairo_show_page(cr);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
}

static void scanned(const char *samples, const char *path) {
    const char *photos[] = {"cups.jpg", "autumn.jpg", "ladybird.jpg"};
    cairo_surface_t *surface = cairo_pdf_surface_create(path, page_width, page_height);
    cairo_t *cr = cairo_create(surface);
    const int width = 1700, height = 2200; // 200 dpi
    for (int page = 0; page < 30; page++) {
        char source[4096];
        snprintf(source, sizeof source, "%s/%s", samples, photos[page % 3]);
        GError *error = NULL;
        GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_scale(source, width * 2, height, TRUE, &error);
        if (!pixbuf) {
            fprintf(stderr, "make-bench-pdfs: %s: %s\n", source, error->message);
            exit(1);
        }
        // Cover the page: the middle of the photo, 1700 × 2200.
        GdkPixbuf *cropped = gdk_pixbuf_new(GDK_COLORSPACE_RGB, FALSE, 8, width, height);
        gdk_pixbuf_fill(cropped, 0xffffffff);
        int pw = gdk_pixbuf_get_width(pixbuf), ph = gdk_pixbuf_get_height(pixbuf);
        int copyw = pw < width ? pw : width, copyh = ph < height ? ph : height;
        gdk_pixbuf_copy_area(pixbuf, (pw - copyw) / 2, (ph - copyh) / 2, copyw, copyh, cropped, (width - copyw) / 2, (height - copyh) / 2);
        gchar *jpeg = NULL;
        gsize size = 0;
        gdk_pixbuf_save_to_buffer(cropped, &jpeg, &size, "jpeg", &error, "quality", "85", NULL);
        cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
        unsigned char *to = cairo_image_surface_get_data(image);
        const guchar *from = gdk_pixbuf_read_pixels(cropped);
        int to_stride = cairo_image_surface_get_stride(image), from_stride = gdk_pixbuf_get_rowstride(cropped);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                const guchar *p = from + y * from_stride + x * 3;
                ((uint32_t *)(to + y * to_stride))[x] = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            }
        }
        cairo_surface_mark_dirty(image);
        // Stored as the JPEG it is, as a scanner's PDF stores it.
        cairo_surface_set_mime_data(image, CAIRO_MIME_TYPE_JPEG, (unsigned char *)jpeg, size, g_free, jpeg);
        cairo_save(cr);
        cairo_scale(cr, page_width / width, page_height / height);
        cairo_set_source_surface(cr, image, 0, 0);
        cairo_paint(cr);
        cairo_restore(cr);
        cairo_show_page(cr);
        cairo_surface_destroy(image);
        g_object_unref(cropped);
        g_object_unref(pixbuf);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: make-bench-pdfs SAMPLES_DIR OUT_DIR\n");
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/book.pdf", argv[2]);
    book(path);
    snprintf(path, sizeof path, "%s/scanned.pdf", argv[2]);
    scanned(argv[1], path);
    return 0;
}
