#pragma once
#include <stdint.h>

// Halves 8-bit RGB (channels 3) or RGBA (channels 4, not premultiplied) pixels: each
// destination pixel is the mean of a 2 × 2 block, colours weighted by their alpha so
// that transparent pixels add no colour. The destination is max(1, width / 2) ×
// max(1, height / 2); an odd last column or row is left out (a level's scale stays
// exactly half).
void iro_halve_pixels(const uint8_t *source, int source_stride, int width, int height, int channels,
                      uint8_t *destination, int destination_stride);
