/*
 * first-frame-probe: how long a viewer takes from launch to the first frame
 * that shows its image, measured the same way for every viewer.
 *
 *   first-frame-probe [--settle MS] [--timeout MS] -- COMMAND [ARGS...]
 *
 * Screen reads go through MIT-SHM (screen-grid.h), so the sampling really is that fine.
 *
 * Starts COMMAND, then samples a grid of screen pixels every ~2 ms until the
 * screen has stayed unchanged for --settle ms (default 1500). The viewer's
 * window is then the largest top-level window; the first frame is the earliest
 * sample after which every grid point in the middle half of that window already
 * had its final colour (within a small tolerance) and kept it. Prints that time
 * in milliseconds and ends the viewer. With PROBE_VERBOSE set, also prints every sample
 * to stderr, with how many points differ from the settled screen. Needs an X display (Xvfb) with no other
 * windows moving.
 */
#include "screen-grid.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int settle = 1500, timeout = 20000, i = 1;
    for (; i < argc; i++) {
        if (!strcmp(argv[i], "--settle") && i + 1 < argc) settle = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--timeout") && i + 1 < argc) timeout = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--")) { i++; break; }
        else break;
    }
    if (i >= argc) { fprintf(stderr, "usage: %s [--settle MS] [--timeout MS] -- COMMAND...\n", argv[0]); return 2; }

    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "first-frame-probe: no X display\n"); return 2; }
    Window root = DefaultRootWindow(dpy);
    XWindowAttributes ra; XGetWindowAttributes(dpy, root, &ra);
    int sw = ra.width, sh = ra.height;

    Sample *samples = calloc(MAX_SAMPLES, sizeof(Sample));
    if (!samples) return 2;

    start_shm(dpy, sw, sh);

    double start = now_ms();
    pid_t child = fork();
    if (child == 0) { setpgid(0, 0); execvp(argv[i], argv + i); _exit(127); }

    /* PROBE_INTERVAL_US: the pause between two samples (default 1000). Each sample copies
     * the whole screen in the X server (8 MB at 1920×1080): at 1 ms the server and the
     * probe take about 45 % of a core, which a viewer starting on two cores misses. */
    int interval_us = getenv("PROBE_INTERVAL_US") ? atoi(getenv("PROBE_INTERVAL_US")) : 1000;
    int n = 0;
    double last_change = start;
    while (n < MAX_SAMPLES) {
        Sample *s = &samples[n];
        int got = sample(dpy, root, sw, sh, s);
        double t = now_ms() - start;
        if (got) {
            s->t = t;
            if (n == 0 || memcmp(s->px, samples[n - 1].px, sizeof s->px)) { last_change = t; n++; }
        }
        if (t - last_change > settle && n > 1) break;
        if (t > timeout) break;
        usleep(interval_us);
    }

    /* The viewer's window: the largest mapped top-level window. */
    Window r, parent, *kids = NULL; unsigned int nkids = 0;
    int wx = 0, wy = 0, ww = sw, wh = sh; long best = 0;
    if (XQueryTree(dpy, root, &r, &parent, &kids, &nkids)) {
        for (unsigned int k = 0; k < nkids; k++) {
            XWindowAttributes a;
            if (XGetWindowAttributes(dpy, kids[k], &a) && a.map_state == IsViewable && (long)a.width * a.height > best) {
                best = (long)a.width * a.height; wx = a.x; wy = a.y; ww = a.width; wh = a.height;
            }
        }
        if (kids) XFree(kids);
    }
    kill(-child, SIGTERM); usleep(100000); kill(-child, SIGKILL); waitpid(child, NULL, 0);

    if (n < 2) { printf("nan\n"); return 1; }
    int idx[GRID * GRID];
    int m = middle_half(sw, sh, wx, wy, ww, wh, idx);
    if (m == 0) { printf("nan\n"); return 1; }
    int first = first_final(samples, 0, n, idx, m);
    if (getenv("PROBE_VERBOSE")) {
        /* Each sample's time and how many points of the middle half differ from the end. */
        for (int s = 0; s < n; s++) {
            int off = 0;
            for (int k = 0; k < m; k++) off += !close_enough(samples[s].px[idx[k]], samples[n - 1].px[idx[k]]);
            fprintf(stderr, "sample %.1f ms: %d of %d points differ from the settled screen\n", samples[s].t, off, m);
        }
    }
    printf("%.1f\n", samples[first].t);
    stop_shm(dpy);
    free(samples);
    return 0;
}
