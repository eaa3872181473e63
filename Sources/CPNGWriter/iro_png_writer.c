#include "iro_png_writer.h"

#include <glib.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <zlib.h>

static void append(png_structp png, png_bytep data, png_size_t length) {
    g_byte_array_append(png_get_io_ptr(png), data, (guint)length);
}

static void flush(png_structp png) { (void)png; }

static int is_ascii(const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c >= 0x80) return 0;
    }
    return 1;
}

/// Frees everything an encode made; 0, what a failed encode returns.
static int discard(png_structp png, png_infop info, png_textp texts, GByteArray *output) {
    png_destroy_write_struct(&png, info ? &info : NULL);
    free(texts);
    if (output) g_byte_array_unref(output);
    return 0;
}

int iro_png_encode(const uint8_t *pixels, int width, int height, int stride, int channels, const char *const *keys,
                   const char *const *values, int count, uint8_t **out, size_t *length) {
    *out = NULL;
    *length = 0;
    if (!pixels || width <= 0 || height <= 0 || (channels != 3 && channels != 4) || stride < width * channels ||
        count < 0 || (count > 0 && (!keys || !values)))
        return 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return 0;
    png_infop info = png_create_info_struct(png);
    png_textp texts = count > 0 ? calloc((size_t)count, sizeof *texts) : NULL;
    GByteArray *output = g_byte_array_new();
    if (!info || (count > 0 && !texts)) return discard(png, info, texts, output);
    // libpng's errors come back here (none of these locals changes after this point).
    if (setjmp(png_jmpbuf(png))) return discard(png, info, texts, output);
    png_set_write_fn(png, output, append, flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, 0, PNG_FILTER_SUB);
    png_set_compression_level(png, 1);
    png_set_compression_strategy(png, Z_HUFFMAN_ONLY);
    for (int i = 0; i < count; i++) {
        texts[i].key = (png_charp)keys[i];
        texts[i].text = (png_charp)values[i];
        texts[i].compression = is_ascii(values[i]) ? PNG_TEXT_COMPRESSION_NONE : PNG_ITXT_COMPRESSION_NONE;
    }
    if (count > 0) png_set_text(png, info, texts, count);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * (size_t)stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(texts);
    // A PNG is longer than a guint can count only past 4 GB, which no thumbnail comes near.
    *length = output->len;
    *out = g_byte_array_free(output, FALSE);
    return 1;
}
