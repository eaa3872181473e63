/*
 * key-response-probe: how long a viewer takes to show the result of a key press,
 * measured from the screen the same way for every viewer.
 *
 *   key-response-probe [--settle MS] [--steps N] [--no-edges] [--draw] --keys KEY[,KEY…] -- COMMAND [ARGS...]
 *
 * Starts COMMAND, waits until the screen is still for --settle ms (default 1500),
 * then N times: presses the next KEY from the list (XTest; e.g. "plus,minus"),
 * and samples a grid of screen pixels every ~1 ms until the screen has been still
 * for --settle ms again. For each step it prints two numbers in milliseconds:
 * the time to the first changed frame and the time to the last change (the result
 * complete, animations included). --draw measures a drag instead (markup's pen: pointer to
 * ink): the keys are pressed once first (to turn markup on), then each step presses the mouse
 * button on a row of the sampled grid and moves the pointer along it across four sampled
 * columns; the time counts from the move. --no-edges leaves out the grid's last row and column,
 * where GTK's overlay scrollbars show and fade on a clock of their own. Needs an X display (Xvfb) without a compositor.
 * The screen is read through shared memory (MIT-SHM) when the server offers it: a
 * full-screen XGetImage every millisecond would copy 8 MB through the socket each time
 * and keep the X server too busy to serve the viewer promptly.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define GRID 64

/* --no-edges: the last row and column of the grid are not sampled. */
static int no_edges = 0;
/* --draw: steps are pointer drags, not key presses. */
static int draw = 0;

static double now_ms(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

/* The shared-memory image the screen is read into; NULL without MIT-SHM. */
static XImage *shared;
static XShmSegmentInfo segment;

static void share_screen(Display *dpy, int sw, int sh) {
    if (!XShmQueryExtension(dpy)) return;
    int screen = DefaultScreen(dpy);
    XImage *img = XShmCreateImage(dpy, DefaultVisual(dpy, screen), DefaultDepth(dpy, screen), ZPixmap, NULL, &segment, sw, sh);
    if (!img) return;
    segment.shmid = shmget(IPC_PRIVATE, (size_t)img->bytes_per_line * img->height, IPC_CREAT | 0600);
    if (segment.shmid < 0) { XDestroyImage(img); return; }
    segment.shmaddr = img->data = shmat(segment.shmid, NULL, 0);
    segment.readOnly = False;
    if (segment.shmaddr == (void *)-1 || !XShmAttach(dpy, &segment)) { XDestroyImage(img); return; }
    XSync(dpy, False);
    shmctl(segment.shmid, IPC_RMID, NULL); /* freed when both sides detach */
    shared = img;
}

static void sample(Display *dpy, Window root, int sw, int sh, unsigned long *out) {
    XImage *img = shared;
    if (img) {
        if (!XShmGetImage(dpy, root, img, 0, 0, AllPlanes)) return;
    } else if (!(img = XGetImage(dpy, root, 0, 0, sw, sh, AllPlanes, ZPixmap))) {
        return;
    }
    for (int gy = 0; gy < GRID; gy++)
        for (int gx = 0; gx < GRID; gx++)
            out[gy * GRID + gx] = no_edges && (gx == GRID - 1 || gy == GRID - 1)
                ? 0 : XGetPixel(img, (gx * 2 + 1) * sw / (GRID * 2), (gy * 2 + 1) * sh / (GRID * 2));
    if (img != shared) XDestroyImage(img);
}

/* Samples until the screen has not changed for `settle` ms; returns first/last change times. */
static void watch(Display *dpy, Window root, int sw, int sh, double start, int settle, double *first, double *last) {
    static unsigned long prev[GRID * GRID], cur[GRID * GRID];
    sample(dpy, root, sw, sh, prev);
    *first = -1; *last = -1;
    double changed = now_ms();
    for (;;) {
        usleep(1000);
        sample(dpy, root, sw, sh, cur);
        double t = now_ms();
        if (memcmp(cur, prev, sizeof cur)) {
            if (*first < 0) *first = t - start;
            *last = t - start;
            changed = t;
            memcpy(prev, cur, sizeof cur);
        }
        if (t - changed > settle) break;
        if (t - start > 30000) break;
    }
}

int main(int argc, char **argv) {
    int settle = 1500, steps = 10, i = 1;
    char *keys = NULL;
    for (; i < argc; i++) {
        if (!strcmp(argv[i], "--settle") && i + 1 < argc) settle = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--steps") && i + 1 < argc) steps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--keys") && i + 1 < argc) keys = argv[++i];
        else if (!strcmp(argv[i], "--no-edges")) no_edges = 1;
        else if (!strcmp(argv[i], "--draw")) draw = 1;
        else if (!strcmp(argv[i], "--")) { i++; break; }
        else break;
    }
    if (i >= argc || !keys) { fprintf(stderr, "usage: %s [--settle MS] [--steps N] --keys K[,K…] -- COMMAND...\n", argv[0]); return 2; }
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "key-response-probe: no X display\n"); return 2; }
    int ev, er, maj, min;
    if (!XTestQueryExtension(dpy, &ev, &er, &maj, &min)) { fprintf(stderr, "no XTest\n"); return 2; }
    Window root = DefaultRootWindow(dpy);
    XWindowAttributes ra; XGetWindowAttributes(dpy, root, &ra);
    share_screen(dpy, ra.width, ra.height);

    KeySym syms[16]; int nsyms = 0;
    for (char *k = strtok(keys, ","); k && nsyms < 16; k = strtok(NULL, ",")) syms[nsyms++] = XStringToKeysym(k);

    pid_t child = fork();
    if (child == 0) { setpgid(0, 0); execvp(argv[i], argv + i); _exit(127); }
    double first, last;
    watch(dpy, root, ra.width, ra.height, now_ms(), settle, &first, &last);   /* startup */

    /* Focus: without a window manager, give the largest window the input focus. */
    Window r, parent, *kids = NULL; unsigned int nkids = 0; long best = 0; Window target = None;
    if (XQueryTree(dpy, root, &r, &parent, &kids, &nkids)) {
        for (unsigned int k = 0; k < nkids; k++) {
            XWindowAttributes a;
            if (XGetWindowAttributes(dpy, kids[k], &a) && a.map_state == IsViewable && (long)a.width * a.height > best) {
                best = (long)a.width * a.height; target = kids[k];
            }
        }
        if (kids) XFree(kids);
    }
    if (target != None) { XSetInputFocus(dpy, target, RevertToParent, CurrentTime); XSync(dpy, False); usleep(200000); }

    if (draw) {
        for (int k = 0; k < nsyms; k++) {
            KeyCode code = XKeysymToKeycode(dpy, syms[k]);
            XTestFakeKeyEvent(dpy, code, True, 0);
            XTestFakeKeyEvent(dpy, code, False, 0);
        }
        XFlush(dpy);
        watch(dpy, root, ra.width, ra.height, now_ms(), settle, &first, &last);
        for (int s = 0; s < steps; s++) {
            /* A sampled row in the middle band of the screen, another for each step; from
               one sampled column to four further on. */
            int gy = GRID / 3 + (s * 2) % (GRID / 3), gx = GRID / 3 + (s * 5) % (GRID / 4);
            int y = (gy * 2 + 1) * ra.height / (GRID * 2);
            int x0 = (gx * 2 + 1) * ra.width / (GRID * 2) - ra.width / (GRID * 4);
            int x1 = ((gx + 4) * 2 + 1) * ra.width / (GRID * 2) + ra.width / (GRID * 4);
            XTestFakeMotionEvent(dpy, -1, x0, y, 0);
            XTestFakeButtonEvent(dpy, 1, True, 0);
            XTestFakeMotionEvent(dpy, -1, x0 + 2, y, 0);
            XFlush(dpy);
            watch(dpy, root, ra.width, ra.height, now_ms(), settle, &first, &last);
            double start = now_ms();
            XTestFakeMotionEvent(dpy, -1, x1, y, 0);
            XFlush(dpy);
            watch(dpy, root, ra.width, ra.height, start, settle, &first, &last);
            printf("%.1f %.1f\n", first, last);
            fflush(stdout);
            XTestFakeButtonEvent(dpy, 1, False, 0);
            XFlush(dpy);
            watch(dpy, root, ra.width, ra.height, now_ms(), settle, &first, &last);
        }
        steps = 0;
    }
    for (int s = 0; s < steps; s++) {
        KeyCode code = XKeysymToKeycode(dpy, syms[s % nsyms]);
        double start = now_ms();
        XTestFakeKeyEvent(dpy, code, True, 0);
        XTestFakeKeyEvent(dpy, code, False, 0);
        XFlush(dpy);
        watch(dpy, root, ra.width, ra.height, start, settle, &first, &last);
        printf("%.1f %.1f\n", first, last);
        fflush(stdout);
    }
    kill(-child, SIGTERM); usleep(100000); kill(-child, SIGKILL); waitpid(child, NULL, 0);
    return 0;
}
