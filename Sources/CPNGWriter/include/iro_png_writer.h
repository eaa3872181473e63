#pragma once
#include <stddef.h>
#include <stdint.h>

// Encodes 8-bit RGB (channels 3) or straight-alpha RGBA (channels 4) pixels as a PNG in
// memory, with `count` text chunks (`keys[i]` = `values[i]`: tEXt when the value is ASCII,
// else iTXt, UTF-8). Made for thumbnails: every row filtered by its left neighbour (Sub) and
// deflated by Huffman coding alone, which for photographs is half the time of libpng's
// default (every filter tried on every row, then LZ77 matching) and no larger. On success
// returns 1 and `*out` (free with g_free) of `*length` bytes; else 0 and nothing to free.
int iro_png_encode(const uint8_t *pixels, int width, int height, int stride, int channels, const char *const *keys,
                   const char *const *values, int count, uint8_t **out, size_t *length);
