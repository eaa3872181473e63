#include "iro_jpeg.h"

#include <stdio.h> // jpeglib.h needs FILE
#include <jpeglib.h>
#include <setjmp.h>

#include <stdlib.h>
#include <string.h>

struct IroJpeg {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    jmp_buf escape;
    int started;
};

// libjpeg calls this on a fatal error; it must not return.
static void escape_on_error(j_common_ptr common) {
    IroJpeg *jpeg = (IroJpeg *)common->client_data;
    longjmp(jpeg->escape, 1);
}

// Warnings (corrupt data that libjpeg works around) are not printed: whether a file is
// whole is judged from its markers, as for every decoder.
static void keep_quiet(j_common_ptr common) { (void)common; }

static void describe(IroJpeg *jpeg, char *error, size_t error_size) {
    char message[JMSG_LENGTH_MAX];
    jpeg->errors.format_message((j_common_ptr)&jpeg->info, message);
    snprintf(error, error_size, "%s", message);
}

IroJpeg *iro_jpeg_open(const uint8_t *data, size_t size, IroJpegInfo *out, char *error, size_t error_size) {
    IroJpeg *jpeg = calloc(1, sizeof *jpeg);
    if (!jpeg) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    jpeg->info.err = jpeg_std_error(&jpeg->errors);
    jpeg->errors.error_exit = escape_on_error;
    jpeg->errors.output_message = keep_quiet;
    jpeg->info.client_data = jpeg;
    if (setjmp(jpeg->escape)) {
        describe(jpeg, error, error_size);
        jpeg_destroy_decompress(&jpeg->info);
        free(jpeg);
        return NULL;
    }
    jpeg_create_decompress(&jpeg->info);
    jpeg_mem_src(&jpeg->info, data, (unsigned long)size);
    jpeg_save_markers(&jpeg->info, JPEG_APP0 + 2, 0xFFFF); // an embedded ICC profile's chunks
    jpeg_read_header(&jpeg->info, TRUE);
    out->width = (int)jpeg->info.image_width;
    out->height = (int)jpeg->info.image_height;
    out->progressive = jpeg_has_multiple_scans(&jpeg->info) ? 1 : 0;
    out->cmyk = jpeg->info.jpeg_color_space == JCS_CMYK || jpeg->info.jpeg_color_space == JCS_YCCK;
    out->inverted = jpeg->info.saw_Adobe_marker ? 1 : 0;
    return jpeg;
}

int iro_jpeg_start(IroJpeg *jpeg, int reduction, int *width, int *height, char *error, size_t error_size) {
    if (setjmp(jpeg->escape)) {
        describe(jpeg, error, error_size);
        return 0;
    }
    int cmyk = jpeg->info.jpeg_color_space == JCS_CMYK || jpeg->info.jpeg_color_space == JCS_YCCK;
    jpeg->info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg->info.scale_num = 1;
    jpeg->info.scale_denom = (unsigned int)reduction;
    // The same choices as gdk-pixbuf's loader makes: accurate integer DCT, fancy upsampling.
    jpeg->info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&jpeg->info);
    jpeg->started = 1;
    *width = (int)jpeg->info.output_width;
    *height = (int)jpeg->info.output_height;
    return 1;
}

int iro_jpeg_crop(IroJpeg *jpeg, int *x, int *width, char *error, size_t error_size) {
    if (setjmp(jpeg->escape)) {
        describe(jpeg, error, error_size);
        return 0;
    }
    JDIMENSION offset = (JDIMENSION)*x, columns = (JDIMENSION)*width;
    jpeg_crop_scanline(&jpeg->info, &offset, &columns);
    *x = (int)offset;
    *width = (int)columns;
    return 1;
}

int iro_jpeg_skip_rows(IroJpeg *jpeg, int rows, char *error, size_t error_size) {
    if (setjmp(jpeg->escape)) {
        describe(jpeg, error, error_size);
        return -1;
    }
    return rows > 0 ? (int)jpeg_skip_scanlines(&jpeg->info, (JDIMENSION)rows) : 0;
}

int iro_jpeg_read_rows(IroJpeg *jpeg, uint8_t *pixels, size_t stride, int rows, char *error, size_t error_size) {
    if (setjmp(jpeg->escape)) {
        describe(jpeg, error, error_size);
        return -1;
    }
    int read = 0;
    while (read < rows && jpeg->info.output_scanline < jpeg->info.output_height) {
        JSAMPROW row[4];
        int count = 0;
        for (; count < 4 && read + count < rows; count++) row[count] = pixels + (size_t)(read + count) * stride;
        JDIMENSION got = jpeg_read_scanlines(&jpeg->info, row, (JDIMENSION)count);
        if (got == 0) break; // cannot happen with data in memory (libjpeg pads it), but never spin
        read += (int)got;
    }
    return read;
}

void iro_jpeg_free(IroJpeg *jpeg) {
    if (!jpeg) return;
    // Abandoning a decode part-way is normal (a closed tab): abort, never finish.
    if (!setjmp(jpeg->escape)) jpeg_abort_decompress(&jpeg->info);
    jpeg_destroy_decompress(&jpeg->info);
    free(jpeg);
}

size_t iro_jpeg_icc_profile(IroJpeg *jpeg, uint8_t **profile) {
    *profile = NULL;
    JOCTET *data = NULL;
    unsigned int length = 0;
    if (setjmp(jpeg->escape)) return 0; // chunks that do not fit together: no profile
    if (!jpeg_read_icc_profile(&jpeg->info, &data, &length)) return 0;
    *profile = data;
    return length;
}
