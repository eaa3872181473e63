/*
 * screen-grid.h: what first-frame-probe.c and second-frame-probe.c share. A grid of
 * GRID × GRID screen pixels is read every few ms through MIT-SHM (about 0.3 ms for
 * 1920×1080 on Xvfb, against ~12 ms for a plain XGetImage); a frame counts as final
 * once the grid points in the middle half of the viewer's window have their last
 * colours, within TOLERANCE per channel, and keep them.
 */
#ifndef SCREEN_GRID_H
#define SCREEN_GRID_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>

#define GRID 48
#define MAX_SAMPLES 20000
#define TOLERANCE 24

static double now_ms(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

typedef struct { double t; unsigned long px[GRID * GRID]; } Sample;

static int close_enough(unsigned long a, unsigned long b) {
    for (int s = 0; s < 24; s += 8) {
        int da = (int)((a >> s) & 255) - (int)((b >> s) & 255);
        if (da > TOLERANCE || da < -TOLERANCE) return 0;
    }
    return 1;
}

static int grid_x(int gx, int sw) { return (gx * 2 + 1) * sw / (GRID * 2); }
static int grid_y(int gy, int sh) { return (gy * 2 + 1) * sh / (GRID * 2); }

static XImage *shm_image;          /* the screen's shared-memory copy, if MIT-SHM works */
static XShmSegmentInfo shm_info;

/* Sets up the shared-memory screen image; without it, sample() falls back to XGetImage. */
static void start_shm(Display *dpy, int sw, int sh) {
    if (!XShmQueryExtension(dpy)) return;
    int screen = DefaultScreen(dpy);
    XImage *img = XShmCreateImage(dpy, DefaultVisual(dpy, screen), DefaultDepth(dpy, screen),
                                  ZPixmap, NULL, &shm_info, sw, sh);
    if (!img) return;
    shm_info.shmid = shmget(IPC_PRIVATE, (size_t)img->bytes_per_line * img->height, IPC_CREAT | 0600);
    if (shm_info.shmid < 0) { img->data = NULL; XDestroyImage(img); return; }
    shm_info.shmaddr = img->data = shmat(shm_info.shmid, NULL, 0);
    shm_info.readOnly = False;
    int ok = shm_info.shmaddr != (void *)-1 && XShmAttach(dpy, &shm_info);
    XSync(dpy, False);
    shmctl(shm_info.shmid, IPC_RMID, NULL);   /* freed when both sides detach */
    if (ok) { shm_image = img; return; }
    if (shm_info.shmaddr != (void *)-1) shmdt(shm_info.shmaddr);
    img->data = NULL;                         /* not malloc'd: XDestroyImage must not free it */
    XDestroyImage(img);
}

static void stop_shm(Display *dpy) {
    if (!shm_image) return;
    XShmDetach(dpy, &shm_info); XSync(dpy, False); shmdt(shm_info.shmaddr);
    shm_image->data = NULL; XDestroyImage(shm_image);
    shm_image = NULL;
}

/* One grid sample of the whole screen; 0 if the screen could not be read. */
static int sample(Display *dpy, Window root, int sw, int sh, Sample *s) {
    XImage *img = shm_image;
    if (img) {
        if (!XShmGetImage(dpy, root, img, 0, 0, AllPlanes)) return 0;
    } else if (!(img = XGetImage(dpy, root, 0, 0, sw, sh, AllPlanes, ZPixmap))) {
        return 0;
    }
    for (int gy = 0; gy < GRID; gy++)
        for (int gx = 0; gx < GRID; gx++)
            s->px[gy * GRID + gx] = XGetPixel(img, grid_x(gx, sw), grid_y(gy, sh));
    if (img != shm_image) XDestroyImage(img);
    return 1;
}

/* The grid indices inside the middle half of the window at x, y, w × h (the image
 * area in every viewer); returns how many were written to idx. */
static int middle_half(int sw, int sh, int x, int y, int w, int h, int *idx) {
    int m = 0;
    for (int gy = 0; gy < GRID; gy++)
        for (int gx = 0; gx < GRID; gx++) {
            int px = grid_x(gx, sw), py = grid_y(gy, sh);
            if (px > x + w / 4 && px < x + 3 * w / 4 && py > y + h / 4 && py < y + 3 * h / 4) idx[m++] = gy * GRID + gx;
        }
    return m;
}

/* The earliest of samples[from ..< n] from which on the points idx[0 ..< m] kept the
 * last sample's colours. */
static int first_final(const Sample *samples, int from, int n, const int *idx, int m) {
    const Sample *final = &samples[n - 1];
    int first = n - 1;
    for (int s = n - 1; s >= from; s--) {
        int ok = 1;
        for (int k = 0; k < m && ok; k++) ok = close_enough(samples[s].px[idx[k]], final->px[idx[k]]);
        if (!ok) break;
        first = s;
    }
    return first;
}

#endif
