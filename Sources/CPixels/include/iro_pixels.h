#pragma once
#include <stdint.h>

// Halves 8-bit RGB (channels 3) or RGBA (channels 4, not premultiplied) pixels: each
// destination pixel is the mean of a 2 × 2 block, colours weighted by their alpha so
// that transparent pixels add no colour. The destination is max(1, width / 2) ×
// max(1, height / 2); an odd last column or row is left out (a level's scale stays
// exactly half).
void iro_halve_pixels(const uint8_t *source, int source_stride, int width, int height, int channels,
                      uint8_t *destination, int destination_stride);

// A matrix/TRC ("matrix-shaper") colour profile's conversion to sRGB as three steps: each
// channel's 8-bit value to linear light by the profile's curve, a 3 × 3 matrix to sRGB's
// linear RGB (through the profiles' colorants), and sRGB's curve back to 8 bits. What
// Little CMS computes for such profiles, at a fraction of its 8-bit path's cost.
typedef struct {
    float linear[3][256];
    float matrix[9]; // row-major: sRGB's R, G, B from the source's linear r, g, b
    uint8_t encode[4096]; // linear 0…1 in 4096 steps, to sRGB's 8 bits
} IroMatrixShaper;

// Converts `rows` rows of `width` pixels (`channels` 3 or 4: alpha is left as it is) in place.
void iro_matrix_shaper_apply(const IroMatrixShaper *shaper, uint8_t *pixels, int width, int rows, int stride,
                             int channels);

// cairo's ARGB32 (premultiplied, native-endian: B, G, R, A in memory here) to the
// straight-alpha RGBA a GdkPixbuf holds; fully transparent pixels become 0, 0, 0, 0.
void iro_unpremultiply_argb32(const uint8_t *source, int source_stride, int width, int height, uint8_t *destination,
                              int destination_stride);

// Reduces 8-bit RGB (channels 3) or straight-alpha RGBA (channels 4) pixels by `factor`
// (at most 1) into cairo's ARGB32, premultiplied: rows `first_row` to `first_row + rows`
// of a destination `destination_width` wide whose pixel (x, y) is the mean of the source
// area [(x + offset_x) / factor, (x + 1 + offset_x) / factor) × the same in y (clipped
// to the source; outside it, the edge's pixel). Writes `rows` rows from `destination`.
// Returns 0 (writing nothing) for arguments out of range (a factor below 1/65536 among
// them) or when memory runs out.
int iro_reduce_to_argb32(const uint8_t *source, int source_stride, int source_width, int source_height, int channels,
                         double offset_x, double offset_y, double factor, uint8_t *destination, int destination_stride,
                         int destination_width, int first_row, int rows);

// Turns 32-bit pixels (`width` × `height`, rows packed) by `quarter_turns` clockwise into
// `destination` (height × width for an odd number of turns), rows packed; writes its rows
// `first_row` to `first_row + rows` only, so that bands can run at once.
void iro_turn_argb32(const uint8_t *source, int width, int height, int quarter_turns, uint8_t *destination, int first_row,
                     int rows);
