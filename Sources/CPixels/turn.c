#include "iro_pixels.h"

#include <string.h>

void iro_turn_argb32(const uint8_t *source, int width, int height, int quarter_turns, uint8_t *destination, int first_row,
                     int rows) {
    const uint32_t *in = (const uint32_t *)source;
    uint32_t *out = (uint32_t *)destination;
    int turns = ((quarter_turns % 4) + 4) % 4;
    // The destination is height × width for one or three turns, width × height otherwise.
    int out_width = turns % 2 ? height : width;
    for (int y = first_row; y < first_row + rows; y++) {
        uint32_t *row = out + (long)y * out_width;
        switch (turns) {
        case 0: memcpy(row, in + (long)y * width, sizeof(uint32_t) * (size_t)width); break;
        // Clockwise: the destination's row y is the source's column y, read bottom to top.
        case 1:
            for (int x = 0; x < out_width; x++) row[x] = in[(long)(height - 1 - x) * width + y];
            break;
        case 2:
            for (int x = 0; x < out_width; x++) row[x] = in[(long)(height - 1 - y) * width + (width - 1 - x)];
            break;
        // Anticlockwise: the destination's row y is the source's column width - 1 - y, read top to bottom.
        case 3:
            for (int x = 0; x < out_width; x++) row[x] = in[(long)x * width + (width - 1 - y)];
            break;
        }
    }
}
