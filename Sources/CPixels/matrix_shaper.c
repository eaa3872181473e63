#include "iro_pixels.h"

// Out of sRGB's gamut is clipped, as Little CMS does for 8-bit output; compiled to
// maxss/minss, no branches to mispredict at the gamut's edges.
static inline int step(float value) {
    float clipped = value > 0.0f ? value : 0.0f; // NaN too
    clipped = clipped < 1.0f ? clipped : 1.0f;
    return (int)(clipped * 4095.0f + 0.5f);
}

void iro_matrix_shaper_apply(const IroMatrixShaper *s, uint8_t *pixels, int width, int rows, int stride,
                             int channels) {
    // Locals and `restrict`: written pixels are bytes, which may alias anything, and would
    // otherwise make the compiler reload the matrix and tables for every pixel.
    const float m0 = s->matrix[0], m1 = s->matrix[1], m2 = s->matrix[2], m3 = s->matrix[3], m4 = s->matrix[4],
                m5 = s->matrix[5], m6 = s->matrix[6], m7 = s->matrix[7], m8 = s->matrix[8];
    const float *restrict red = s->linear[0], *restrict green = s->linear[1], *restrict blue = s->linear[2];
    const uint8_t *restrict encode = s->encode;
    for (int y = 0; y < rows; y++) {
        uint8_t *restrict p = pixels + (long)y * stride;
        for (int x = 0; x < width; x++, p += channels) {
            float r = red[p[0]], g = green[p[1]], b = blue[p[2]];
            uint8_t R = encode[step(m0 * r + m1 * g + m2 * b)];
            uint8_t G = encode[step(m3 * r + m4 * g + m5 * b)];
            uint8_t B = encode[step(m6 * r + m7 * g + m8 * b)];
            p[0] = R;
            p[1] = G;
            p[2] = B;
        }
    }
}
