/* Times a program's start from outside it, by reading the X screen (issue 21): koyomi-bench's
 * "first painted frame" and "events on screen" for koyomi, the C floor and GNOME Calendar alike,
 * with nothing added to any of them.
 *
 * It reads the screen (a region from its top-left corner) through XShm before starting the
 * program, starts it in a process group of its own, then reads the region again each time the
 * X server reports drawing on the screen (DAMAGE), and every INTERVAL ms in any case, and
 * records each change: its time since the spawn and a hash of its pixels. Reading on damage
 * rather than every 2 ms catches each picture as soon as it is drawn and leaves the CPU to the
 * program timed (polling a 720 × 760 region every 2 ms took about a third of a core here,
 * Xvfb's copying included); --no-damage polls every INTERVAL ms instead, to compare.
 *
 * It stops when the program exits, or when the picture has not changed for SETTLE ms (and is
 * not the picture --not names: an empty month that a slow program still shows has not
 * settled), or after TIMEOUT ms. It then notes the peak RSS (VmHWM) of every live process
 * whose environment holds the --tag entry (the program and what its session bus started for
 * it), stops the program (SIGTERM to its group, SIGKILL after 3 s) and prints one JSON object.
 *
 * Hashes leave out each pixel's unused fourth byte, so the same picture hashes alike in every
 * run: koyomi-bench compares them across runs (the empty-month reference, the final picture).
 * Once done, the whole screen is read again: a change outside the region is reported.
 *
 * Build: Benchmarks/build-screen-poll [OUTPUT]   (pkg-config x11 xext xdamage)
 * Use:   screen-poll [--region WxH] [--interval MS] [--settle MS] [--timeout MS] [--not HASH]
 *                    [--tag NAME=VALUE] [--frames DIR] [--last FILE] [--no-damage] -- PROGRAM [ARGUMENT…]
 *        --frames DIR writes every changed picture as DIR/fNNN_<ms>.ppm to look at; --last FILE
 *        only the last one (the settled picture). */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xdamage.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "screen-poll-launcher.h"
#include "screen-poll-processes.h"

enum { MAX_CHANGES = 4096, MAX_FRAMES = 200 };

static double now_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

/* 24-bit colour in 32-bit pixels: the top byte of each pixel is left out of the hash. */
static uint64_t picture_hash(const XImage *image) {
    uint64_t hash = 0x9E3779B97F4A7C15ull;
    for (int row = 0; row < image->height; row++) {
        const uint32_t *pixels = (const uint32_t *)(image->data + (size_t)row * image->bytes_per_line);
        for (int column = 0; column < image->width; column++) {
            hash ^= pixels[column] & 0x00FFFFFFu;
            hash *= 0xFF51AFD7ED558CCDull;
            hash ^= hash >> 29;
        }
    }
    return hash;
}

typedef struct {
    XImage *image;
    XShmSegmentInfo segment;
    size_t size;
} Capture;

static int capture_open(Display *display, Capture *capture, int width, int height) {
    int screen = DefaultScreen(display);
    capture->image = XShmCreateImage(display, DefaultVisual(display, screen), (unsigned)DefaultDepth(display, screen),
                                     ZPixmap, NULL, &capture->segment, (unsigned)width, (unsigned)height);
    if (!capture->image || capture->image->bits_per_pixel != 32) return 0;
    capture->size = (size_t)capture->image->bytes_per_line * height;
    capture->segment.shmid = shmget(IPC_PRIVATE, capture->size, IPC_CREAT | 0600);
    if (capture->segment.shmid < 0) return 0;
    capture->segment.shmaddr = capture->image->data = shmat(capture->segment.shmid, NULL, 0);
    capture->segment.readOnly = False;
    int attached = XShmAttach(display, &capture->segment);
    XSync(display, False);
    /* Marked for removal now: it goes when both sides detach, even if this program is killed. */
    shmctl(capture->segment.shmid, IPC_RMID, NULL);
    return attached;
}

static int capture_read(Display *display, Capture *capture) {
    return XShmGetImage(display, DefaultRootWindow(display), capture->image, 0, 0, AllPlanes);
}

static void write_ppm(const char *path, const unsigned char *pixels, int width, int height, int stride) {
    FILE *file = fopen(path, "wb");
    if (!file) return;
    fprintf(file, "P6\n%d %d\n255\n", width, height);
    for (int row = 0; row < height; row++)
        for (int column = 0; column < width; column++) {
            const unsigned char *pixel = pixels + (size_t)row * stride + (size_t)column * 4;
            unsigned char rgb[3] = {pixel[2], pixel[1], pixel[0]};
            fwrite(rgb, 1, 3, file);
        }
    fclose(file);
}

/* Whether any pixel outside the top-left WIDTH × HEIGHT region differs between two full reads. */
static int changed_outside(const XImage *before, const XImage *after, int width, int height) {
    for (int row = 0; row < before->height; row++) {
        const uint32_t *a = (const uint32_t *)(before->data + (size_t)row * before->bytes_per_line);
        const uint32_t *b = (const uint32_t *)(after->data + (size_t)row * after->bytes_per_line);
        for (int column = row < height ? width : 0; column < before->width; column++)
            if ((a[column] ^ b[column]) & 0x00FFFFFFu) return 1;
    }
    return 0;
}

/* Waits until the X server reports drawing, the program ends or INTERVAL ms pass; then drains
 * the damage so that the next drawing is reported again. */
static void wait_for_drawing(Display *display, Damage damage, int launcher_fd, double interval) {
    if (!damage) {
        usleep((useconds_t)(interval * 1000));
        return;
    }
    XFlush(display);
    if (!XPending(display)) {
        struct pollfd fds[2] = {{ConnectionNumber(display), POLLIN, 0}, {launcher_fd, POLLIN, 0}};
        poll(fds, 2, (int)interval);
    }
    while (XPending(display)) {
        XEvent event;
        XNextEvent(display, &event);
    }
    XDamageSubtract(display, damage, None, None);
}

static void usage(void) {
    fprintf(stderr, "usage: screen-poll [--region WxH] [--interval MS] [--settle MS] [--timeout MS] [--not HASH]\n"
                    "                   [--tag NAME=VALUE] [--frames DIR] [--last FILE] [--no-damage] -- PROGRAM [ARGUMENT...]\n");
    exit(2);
}

int main(int argc, char **argv) {
    int width = 0, height = 0, use_damage = 1, has_not = 0, first = 1;
    double interval = -1, settle = 1500, timeout = 60000;
    const char *tag = NULL, *frames_dir = NULL, *last_file = NULL;
    uint64_t not_hash = 0;
    for (; first < argc && strcmp(argv[first], "--") != 0; first++) {
        const char *option = argv[first];
        if (strcmp(option, "--no-damage") == 0) {
            use_damage = 0;
            continue;
        }
        const char *value = first + 1 < argc ? argv[++first] : NULL;
        if (!value) usage();
        if (strcmp(option, "--region") == 0 && sscanf(value, "%dx%d", &width, &height) == 2) continue;
        if (strcmp(option, "--interval") == 0) interval = atof(value);
        else if (strcmp(option, "--settle") == 0) settle = atof(value);
        else if (strcmp(option, "--timeout") == 0) timeout = atof(value);
        else if (strcmp(option, "--not") == 0) has_not = sscanf(value, "%" SCNx64, &not_hash) == 1;
        else if (strcmp(option, "--tag") == 0) tag = value;
        else if (strcmp(option, "--frames") == 0) frames_dir = value;
        else if (strcmp(option, "--last") == 0) last_file = value;
        else usage();
    }
    if (first + 1 >= argc) usage();
    char **program = argv + first + 1;
    /* Forked before anything is read: see screen-poll-launcher.h. */
    Launcher launcher = launcher_start(program);

    Display *display = XOpenDisplay(NULL);
    if (!display || !XShmQueryExtension(display)) {
        fprintf(stderr, "screen-poll: cannot open the display, or it has no MIT-SHM extension\n");
        return 1;
    }
    Window root = DefaultRootWindow(display);
    XWindowAttributes screen;
    XGetWindowAttributes(display, root, &screen);
    if (width <= 0 || width > screen.width) width = screen.width;
    if (height <= 0 || height > screen.height) height = screen.height;
    int damage_event, damage_error;
    Damage damage = use_damage && XDamageQueryExtension(display, &damage_event, &damage_error)
        ? XDamageCreate(display, root, XDamageReportNonEmpty) : 0;
    if (interval <= 0) interval = damage ? 20 : 2;
    Capture capture;
    if (!capture_open(display, &capture, width, height) || !capture_read(display, &capture)) {
        fprintf(stderr, "screen-poll: cannot read the screen through XShm (32-bit pixels only)\n");
        return 1;
    }
    XImage *whole_before = XGetImage(display, root, 0, 0, (unsigned)screen.width, (unsigned)screen.height, AllPlanes,
                                     ZPixmap);
    uint64_t reference = picture_hash(capture.image), last = reference;
    unsigned char *previous = malloc(capture.size);
    if (!previous) return 1;
    memcpy(previous, capture.image->data, capture.size);
    static double change_ms[MAX_CHANGES];
    static uint64_t change_hash[MAX_CHANGES];
    static unsigned char *frames[MAX_FRAMES];
    int changes = 0;
    if (damage) XDamageSubtract(display, damage, None, None);
    XSync(display, False);

    double spawn = now_ms();
    pid_t child = launcher_go(&launcher);
    if (child < 0) {
        fprintf(stderr, "screen-poll: cannot start %s: %s\n", program[0], strerror((int)-child));
        return 1;
    }

    const char *outcome = "timeout";
    int exited = 0;
    Ending ending = {0, 0};
    double last_change = 0;
    for (;;) {
        wait_for_drawing(display, damage, launcher.back, interval);
        if (!capture_read(display, &capture)) {
            outcome = "unreadable";
            break;
        }
        double elapsed = now_ms() - spawn;
        /* memcmp with the last picture is several times cheaper than a hash of each one. */
        if (memcmp(capture.image->data, previous, capture.size) != 0) {
            memcpy(previous, capture.image->data, capture.size);
            uint64_t hash = picture_hash(capture.image);
            if (hash != last && changes < MAX_CHANGES) {
                if (frames_dir && changes < MAX_FRAMES && (frames[changes] = malloc(capture.size)))
                    memcpy(frames[changes], capture.image->data, capture.size);
                change_ms[changes] = elapsed;
                change_hash[changes++] = hash;
                last = hash;
                last_change = elapsed;
            }
        }
        if (launcher_ended(&launcher, 0, &ending)) {
            exited = 1;
            outcome = "exited";
            break;
        }
        /* Settled: something was painted, then nothing changed for SETTLE ms, and the picture
         * is not the one the caller says is not yet the end (e.g. the empty month). */
        if (last != reference && elapsed - last_change >= settle && !(has_not && last == not_hash)) {
            outcome = "settled";
            break;
        }
        if (elapsed >= timeout) break;
    }

    if (last_file) write_ppm(last_file, previous, width, height, capture.image->bytes_per_line);
    XImage *whole_after = XGetImage(display, root, 0, 0, (unsigned)screen.width, (unsigned)screen.height, AllPlanes,
                                    ZPixmap);
    int outside = whole_before && whole_after && changed_outside(whole_before, whole_after, width, height);
    printf("{\"outcome\": \"%s\", \"reading\": \"%s\", \"regionWidth\": %d, \"regionHeight\": %d, ", outcome,
           damage ? "damage" : "poll", width, height);
    printf("\"reference\": \"%016" PRIx64 "\", \"changedOutsideRegion\": %s, \"changes\": [", reference,
           outside ? "true" : "false");
    for (int index = 0; index < changes; index++)
        printf("%s{\"ms\": %.2f, \"hash\": \"%016" PRIx64 "\"}", index ? ", " : "", change_ms[index], change_hash[index]);
    printf("], \"processes\": [");
    if (tag && !exited) print_tagged_processes(tag, launcher.launcher);
    printf("], ");
    fflush(stdout);

    if (!exited) {
        kill(-child, SIGTERM);
        if (!launcher_ended(&launcher, 3000, &ending)) {
            kill(-child, SIGKILL);
            launcher_ended(&launcher, -1, &ending);
        }
    }
    waitpid(launcher.launcher, NULL, 0);
    int code = WIFEXITED(ending.status) ? WEXITSTATUS(ending.status) : 128 + WTERMSIG(ending.status);
    printf("\"exitStatus\": %d, \"peakKiB\": %ld}\n", code, ending.peak_kib);

    for (int index = 0; frames_dir && index < changes && index < MAX_FRAMES; index++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/f%03d_%.1f.ppm", frames_dir, index, change_ms[index]);
        if (frames[index]) write_ppm(path, frames[index], width, height, capture.image->bytes_per_line);
    }
    XShmDetach(display, &capture.segment);
    shmdt(capture.segment.shmaddr);
    XCloseDisplay(display);
    return 0;
}
