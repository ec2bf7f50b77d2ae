/* Records what an X screen shows while a program starts (issue 21): the root window is read
 * every 2 ms for DURATION_MS, and each picture that differs from the one before is kept (in
 * memory, so that writing never delays the next read) and written at the end as
 * DIR/fNNN_<ms>.ppm, <ms> on CLOCK_MONOTONIC. Look at the first frames a program paints, e.g.
 * to see whether its first frame is its finished layout.
 *
 * Build: cc -O2 -o screen-frames Benchmarks/screen-frames.c -lX11
 * Use:   screen-frames DIR DURATION_MS &   then start the program on the same DISPLAY. */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

/* 32-bit pixels, as Xvfb's and most screens' 24-bit visuals store them. */
static void write_ppm(const char *path, const unsigned char *pixels, int width, int height) {
    FILE *file = fopen(path, "wb");
    if (!file) return;
    fprintf(file, "P6\n%d %d\n255\n", width, height);
    for (size_t index = 0; index < (size_t)width * height; index++) {
        const unsigned char *pixel = pixels + index * 4;
        unsigned char rgb[3] = {pixel[2], pixel[1], pixel[0]};
        fwrite(rgb, 1, 3, file);
    }
    fclose(file);
}

enum { MAX_FRAMES = 100 };

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: screen-frames DIR DURATION_MS\n");
        return 2;
    }
    Display *display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "screen-frames: cannot open the display\n");
        return 1;
    }
    Window root = DefaultRootWindow(display);
    XWindowAttributes attributes;
    XGetWindowAttributes(display, root, &attributes);
    int width = attributes.width, height = attributes.height;
    size_t size = (size_t)width * height * 4;
    unsigned char *frames[MAX_FRAMES];
    double times[MAX_FRAMES];
    int count = 0;
    double start = now_ms(), duration = atof(argv[2]);
    while (now_ms() - start < duration && count < MAX_FRAMES) {
        XImage *image = XGetImage(display, root, 0, 0, width, height, AllPlanes, ZPixmap);
        double taken = now_ms();
        if (image->bits_per_pixel != 32 || (size_t)image->bytes_per_line * height != size) {
            fprintf(stderr, "screen-frames: only 32-bit pixels are read\n");
            return 1;
        }
        if (count == 0 || memcmp(image->data, frames[count - 1], size) != 0) {
            frames[count] = malloc(size);
            memcpy(frames[count], image->data, size);
            times[count++] = taken;
        }
        XDestroyImage(image);
        usleep(2000);
    }
    for (int index = 0; index < count; index++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/f%03d_%.1f.ppm", argv[1], index, times[index]);
        write_ppm(path, frames[index], width, height);
        free(frames[index]);
    }
    printf("%d different frames\n", count);
    XCloseDisplay(display);
    return 0;
}
