/*
 * second-frame-probe: how long a viewer that already shows an image takes to show
 * a second one handed to it by a second launch (`iro NEW.png` while Iro runs),
 * measured on the screen the same way for every viewer. Companion of
 * first-frame-probe.c, which measures a first launch.
 *
 *   second-frame-probe [--quiet MS] [--settle MS] [--timeout MS] [--no-shm] -- COMMAND [ARGS...]
 *
 * Method (same grid, tolerance and "final colours" rule as first-frame-probe):
 *  1. Before anything is started, wait until a top-level window of at least
 *     200×200 px is mapped and the screen has not changed for --quiet ms
 *     (default 1000): the running viewer has drawn its first image and settled.
 *     That last sample is the baseline. (Gives up with "nan" after --timeout.)
 *  2. Start COMMAND (t = 0), then sample a grid of screen pixels every ~2 ms
 *     until the screen has changed and then stayed unchanged for --settle ms
 *     (default 1500).
 *  3. The viewer's window is the topmost mapped top-level window of at least
 *     200×200 px at the end: Iro's one window (the new tab is in it), or the new
 *     window a viewer such as eog opens for the second file (with no window
 *     manager every window maps at 0,0 and the newest is on top).
 *  4. The new frame is the earliest sample after which every grid point in the
 *     middle half of that window already had its final colour (within the
 *     tolerance) and kept it. Prints its time in ms since COMMAND started.
 *     Prints "nan" (exit status 1) if fewer than 10 % of those points differ
 *     between the baseline and the end, i.e. the second image never showed.
 *
 * Screen reads go through MIT-SHM (XShmGetImage: ~0.3 ms for 1920×1080 on Xvfb
 * here) when the server has it; a plain XGetImage copies the screen over the X
 * socket (~12 ms here), which makes the sampling that much coarser and keeps
 * Xvfb and the probe busy on the cores the viewer needs (--no-shm forces it).
 *
 * With SECOND_FRAME_PROBE_DEBUG set, it also lists on stderr every sample that
 * differed from the one before: its time and how many of the judged points
 * already had their final colours (to see progressive drawing, flashes, fades).
 *
 * It does not end the running viewer (the caller started it and ends it), only
 * COMMAND's process group if still running at the end. Needs an X display
 * (Xvfb) with nothing else moving on it.
 */
#include "screen-grid.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MIN_SIDE 200

/* The topmost viewable top-level window of at least MIN_SIDE² (XQueryTree lists
 * children bottom to top). 0 if there is none. */
static int topmost_window(Display *dpy, Window root, int *x, int *y, int *w, int *h) {
    Window r, parent, *kids = NULL; unsigned int nkids = 0; int found = 0;
    if (!XQueryTree(dpy, root, &r, &parent, &kids, &nkids)) return 0;
    for (int k = (int)nkids - 1; k >= 0 && !found; k--) {
        XWindowAttributes a;
        if (XGetWindowAttributes(dpy, kids[k], &a) && a.map_state == IsViewable &&
            a.width >= MIN_SIDE && a.height >= MIN_SIDE) {
            *x = a.x; *y = a.y; *w = a.width; *h = a.height; found = 1;
        }
    }
    if (kids) XFree(kids);
    return found;
}

int main(int argc, char **argv) {
    int quiet = 1000, settle = 1500, timeout = 20000, use_shm = 1, i = 1;
    for (; i < argc; i++) {
        if (!strcmp(argv[i], "--quiet") && i + 1 < argc) quiet = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--settle") && i + 1 < argc) settle = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--timeout") && i + 1 < argc) timeout = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-shm")) use_shm = 0;
        else if (!strcmp(argv[i], "--")) { i++; break; }
        else break;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: %s [--quiet MS] [--settle MS] [--timeout MS] [--no-shm] -- COMMAND...\n", argv[0]);
        return 2;
    }

    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "second-frame-probe: no X display\n"); return 2; }
    Window root = DefaultRootWindow(dpy);
    XWindowAttributes ra; XGetWindowAttributes(dpy, root, &ra);
    int sw = ra.width, sh = ra.height;
    int wx, wy, ww, wh;
    if (use_shm) start_shm(dpy, sw, sh);

    Sample *samples = calloc(MAX_SAMPLES, sizeof(Sample));
    if (!samples) return 2;

    /* 1. The running viewer's window is there and the screen is quiet: baseline. */
    double begin = now_ms(), last_change = begin;
    Sample current;
    int have = 0;
    for (;;) {
        double t = now_ms();
        if (t - begin > timeout) {
            fprintf(stderr, "second-frame-probe: the screen never settled with a window on it\n");
            printf("nan\n"); return 1;
        }
        if (sample(dpy, root, sw, sh, &current)) {
            if (!have || memcmp(current.px, samples[0].px, sizeof current.px)) {
                samples[0] = current; last_change = t; have = 1;
            } else if (t - last_change >= quiet && topmost_window(dpy, root, &wx, &wy, &ww, &wh)) {
                break;
            }
        }
        usleep(2000);
    }

    /* 2. Start COMMAND and sample until the screen changed and settled again. */
    double start = now_ms();
    samples[0].t = 0;
    pid_t child = fork();
    if (child == 0) { setpgid(0, 0); execvp(argv[i], argv + i); _exit(127); }

    int n = 1;
    last_change = 0;
    while (n < MAX_SAMPLES) {
        int got = sample(dpy, root, sw, sh, &samples[n]);
        double t = now_ms() - start;           /* when the read finished, as in first-frame-probe */
        if (got) {
            samples[n].t = t;
            if (memcmp(samples[n].px, samples[n - 1].px, sizeof samples[n].px)) { last_change = t; n++; }
        }
        if (n > 1 && t - last_change > settle) break;
        if (t > timeout) break;
        usleep(2000);
    }
    kill(-child, SIGTERM); waitpid(child, NULL, 0);

    /* 3. The window to judge, and the grid points in its middle half. */
    if (!topmost_window(dpy, root, &wx, &wy, &ww, &wh)) { printf("nan\n"); return 1; }
    int idx[GRID * GRID], changed = 0;
    int m = middle_half(sw, sh, wx, wy, ww, wh, idx);
    Sample *final = &samples[n - 1];
    for (int k = 0; k < m; k++) changed += !close_enough(samples[0].px[idx[k]], final->px[idx[k]]);
    if (m == 0 || changed * 10 < m) {
        fprintf(stderr, "second-frame-probe: only %d of %d points changed: the new image never showed\n", changed, m);
        printf("nan\n"); return 1;
    }

    if (getenv("SECOND_FRAME_PROBE_DEBUG")) {
        fprintf(stderr, "window %dx%d+%d+%d, %d points judged, %d changed, %d samples, screen read with %s\n",
                ww, wh, wx, wy, m, changed, n, shm_image ? "XShmGetImage" : "XGetImage");
        for (int s = 0; s < n; s++) {
            int ok = 0;
            for (int k = 0; k < m; k++) ok += close_enough(samples[s].px[idx[k]], final->px[idx[k]]);
            fprintf(stderr, "%8.1f ms  %4d/%d final\n", samples[s].t, ok, m);
        }
    }

    /* 4. The earliest sample from which on the middle half kept its final colours. */
    int first = first_final(samples, 1, n, idx, m);
    printf("%.1f\n", samples[first].t);
    stop_shm(dpy);
    free(samples);
    return 0;
}
