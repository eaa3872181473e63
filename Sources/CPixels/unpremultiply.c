#include "iro_pixels.h"

void iro_unpremultiply_argb32(const uint8_t *source, int source_stride, int width, int height, uint8_t *destination,
                              int destination_stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *in = (const uint32_t *)(source + (long)y * source_stride);
        uint8_t *out = destination + (long)y * destination_stride;
        for (int x = 0; x < width; x++, out += 4) {
            uint32_t pixel = in[x];
            unsigned alpha = pixel >> 24, r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
            if (alpha == 0) {
                out[0] = out[1] = out[2] = out[3] = 0;
            } else {
                // Rounded: premultiplied r is at most alpha, so the result stays within 255.
                out[0] = (uint8_t)((r * 255 + alpha / 2) / alpha);
                out[1] = (uint8_t)((g * 255 + alpha / 2) / alpha);
                out[2] = (uint8_t)((b * 255 + alpha / 2) / alpha);
                out[3] = (uint8_t)alpha;
            }
        }
    }
}
