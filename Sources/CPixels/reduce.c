#include "iro_pixels.h"

#include <math.h>
#include <stdlib.h>

// Area averaging: each destination pixel is the mean of the source area it covers, source
// pixels counted by how much of it they fill. Separable: a destination row is first a
// weighted sum of a few source rows (16-bit integers, which the compiler vectorises), then
// each pixel a weighted sum of a few of that row's pixels. Written premultiplied, in the
// layout cairo and GTK draw. In integers throughout: about twice as fast as in floats, and
// an area of one colour comes out exactly that colour.

enum {
    ROW_ONE = 1 << 8,     // row weights sum to this: a row sum is at most 255 × 256, in 16 bits
    COLUMN_ONE = 1 << 14, // column weights: 255 × 256 × this fits in 32 bits
    FIXED_TAPS = 3,       // a reduction by 2 or less covers at most 3 source pixels a pixel
};

typedef struct {
    int *first;        // the first source index each destination index covers
    int *count;        // how many it covers
    uint16_t *weights; // `taps` a destination index, the first `count` used, the rest 0
    int taps;
    int most; // the largest count
} Weights;

static void weights_free(Weights *w) {
    free(w->first);
    free(w->count);
    free(w->weights);
}

// Destination index i covers source [(i + offset) / factor, (i + 1 + offset) / factor),
// clipped to the source's `size`; an index wholly outside it takes the nearest edge pixel.
static int weights_make(Weights *w, int length, double offset, double factor, int size, int one) {
    // An area 1 / factor long covers at most that many pixels plus one, and never more
    // than the source has.
    double reach = ceil(1.0 / factor) + 1;
    w->taps = reach > size ? size : (int)reach;
    if (w->taps < FIXED_TAPS) w->taps = FIXED_TAPS;
    w->most = 1;
    w->first = malloc(sizeof(int) * (size_t)length);
    w->count = malloc(sizeof(int) * (size_t)length);
    w->weights = calloc((size_t)length * (size_t)w->taps, sizeof(uint16_t));
    if (!w->first || !w->count || !w->weights) {
        weights_free(w);
        return 0;
    }
    for (int i = 0; i < length; i++) {
        double start = (i + offset) / factor, end = (i + 1 + offset) / factor;
        if (start < 0) start = 0;
        if (end > size) end = size;
        uint16_t *weight = w->weights + (size_t)i * (size_t)w->taps;
        if (end <= start) {
            w->first[i] = start >= size ? size - 1 : 0;
            w->count[i] = 1;
            weight[0] = (uint16_t)one;
            continue;
        }
        int first = (int)floor(start), last = (int)ceil(end) - 1;
        if (last >= size) last = size - 1;
        if (last - first + 1 > w->taps) last = first + w->taps - 1;
        // Each weight is the step between rounded running totals: they sum to exactly
        // `one`, and none is more than a unit from its share.
        double covered = 0;
        long before = 0;
        for (int s = first; s <= last; s++) {
            double low = s > start ? s : start, high = s + 1 < end ? s + 1 : end;
            covered += high - low;
            long total = s == last ? one : lround(covered / (end - start) * one);
            weight[s - first] = (uint16_t)(total - before);
            before = total;
        }
        w->first[i] = first;
        w->count[i] = last - first + 1;
        if (w->count[i] > w->most) w->most = w->count[i];
    }
    return 1;
}

// (value × alpha) / 255, rounded, in 16-bit steps the compiler can vectorise.
static inline uint16_t premultiply(uint16_t value, uint16_t alpha) {
    uint16_t t = (uint16_t)(value * alpha + 128);
    return (uint16_t)((t + (t >> 8)) >> 8);
}

// Row y's weighted sum of source rows, columns `from` to `to` (colours premultiplied).
static inline void sum_rows(const uint8_t *source, int stride, int channels, int from, int to, const Weights *rows,
                            int y, uint16_t *restrict sum) {
    int values = (to - from) * channels;
    for (int v = 0; v < values; v++) sum[v] = 0;
    const uint16_t *weight = rows->weights + (size_t)y * (size_t)rows->taps;
    for (int k = 0; k < rows->count[y]; k++) {
        const uint8_t *restrict row = source + (long)(rows->first[y] + k) * stride + (long)from * channels;
        uint16_t w = weight[k];
        if (channels == 3) {
            for (int v = 0; v < values; v++) sum[v] = (uint16_t)(sum[v] + row[v] * w);
        } else {
            for (int x = 0; x < to - from; x++) {
                uint16_t alpha = row[x * 4 + 3];
                for (int c = 0; c < 3; c++) sum[x * 4 + c] = (uint16_t)(sum[x * 4 + c] + premultiply(row[x * 4 + c], alpha) * w);
                sum[x * 4 + 3] = (uint16_t)(sum[x * 4 + 3] + alpha * w);
            }
        }
    }
}

// One destination pixel from its weighted sums: cairo's ARGB32, in memory on a
// little-endian machine B, G, R, A; a colour is never above its alpha.
static inline void store(uint32_t r, uint32_t g, uint32_t b, uint32_t a, int channels, uint8_t *out) {
    enum { SHIFT = 22 }; // 8 bits of row weight and 14 of column weight
    if (channels == 3) {
        out[0] = (uint8_t)(b >> SHIFT);
        out[1] = (uint8_t)(g >> SHIFT);
        out[2] = (uint8_t)(r >> SHIFT);
        out[3] = 255;
        return;
    }
    uint32_t alpha = a >> SHIFT;
    r >>= SHIFT, g >>= SHIFT, b >>= SHIFT;
    out[0] = (uint8_t)(b > alpha ? alpha : b);
    out[1] = (uint8_t)(g > alpha ? alpha : g);
    out[2] = (uint8_t)(r > alpha ? alpha : r);
    out[3] = (uint8_t)alpha;
}

static inline void sum_columns(const uint16_t *sum, int channels, int from, const Weights *columns, int width,
                               uint8_t *out) {
    const uint32_t half = 1u << 21;
    const int n = channels;
    if (columns->most <= FIXED_TAPS) {
        // The common case: a fixed three taps, the unused ones weighing 0 (the sum row is
        // padded for them), so the loop has no branches.
        for (int x = 0; x < width; x++) {
            const uint16_t *w = columns->weights + (size_t)x * (size_t)columns->taps;
            const uint16_t *in = sum + (long)(columns->first[x] - from) * n;
            uint32_t w0 = w[0], w1 = w[1], w2 = w[2];
            uint32_t r = half + w0 * in[0] + w1 * in[n] + w2 * in[2 * n];
            uint32_t g = half + w0 * in[1] + w1 * in[n + 1] + w2 * in[2 * n + 1];
            uint32_t b = half + w0 * in[2] + w1 * in[n + 2] + w2 * in[2 * n + 2];
            uint32_t a = n == 4 ? half + w0 * in[3] + w1 * in[7] + w2 * in[11] : 0;
            store(r, g, b, a, n, out + x * 4);
        }
        return;
    }
    for (int x = 0; x < width; x++) {
        const uint16_t *w = columns->weights + (size_t)x * (size_t)columns->taps;
        const uint16_t *in = sum + (long)(columns->first[x] - from) * n;
        uint32_t r = half, g = half, b = half, a = half;
        for (int k = 0; k < columns->count[x]; k++, in += n) {
            r += w[k] * (uint32_t)in[0];
            g += w[k] * (uint32_t)in[1];
            b += w[k] * (uint32_t)in[2];
            if (n == 4) a += w[k] * (uint32_t)in[3];
        }
        store(r, g, b, a, n, out + x * 4);
    }
}

int iro_reduce_to_argb32(const uint8_t *source, int source_stride, int source_width, int source_height, int channels,
                         double offset_x, double offset_y, double factor, uint8_t *destination, int destination_stride,
                         int destination_width, int first_row, int rows) {
    if (source_width < 1 || source_height < 1 || destination_width < 1 || rows < 1 || (channels != 3 && channels != 4) ||
        !(factor >= 1.0 / 65536) || factor > 1 || !isfinite(offset_x) || !isfinite(offset_y))
        return 0;
    Weights columns, lines;
    if (!weights_make(&columns, destination_width, offset_x, factor, source_width, COLUMN_ONE)) return 0;
    // This band's rows only: the destination's row `first_row + i` is row i here.
    if (!weights_make(&lines, rows, offset_y + first_row, factor, source_height, ROW_ONE)) {
        weights_free(&columns);
        return 0;
    }
    int from = columns.first[0], to = columns.first[destination_width - 1] + columns.count[destination_width - 1];
    // Padded by the fixed taps' reach past the last column's.
    uint16_t *sum = calloc((size_t)(to - from + FIXED_TAPS) * (size_t)channels, sizeof(uint16_t));
    int made = sum != NULL;
    if (made) {
        for (int y = 0; y < rows; y++) {
            uint8_t *out = destination + (long)y * destination_stride;
            if (channels == 3) {
                sum_rows(source, source_stride, 3, from, to, &lines, y, sum);
                sum_columns(sum, 3, from, &columns, destination_width, out);
            } else {
                sum_rows(source, source_stride, 4, from, to, &lines, y, sum);
                sum_columns(sum, 4, from, &columns, destination_width, out);
            }
        }
    }
    free(sum);
    weights_free(&columns);
    weights_free(&lines);
    return made;
}
