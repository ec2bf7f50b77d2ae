/* screen-poll's memory figure: the peak RSS of each process of one run, found by an entry
 * its environment holds (koyomi-bench gives the program and its private session bus the same
 * tag, and a bus passes its environment on to what it starts: a data server too). */
#ifndef SCREEN_POLL_PROCESSES_H
#define SCREEN_POLL_PROCESSES_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether /proc/PID/environ holds exactly ENTRY. */
static int process_has_entry(const char *pid, const char *entry) {
    char path[300];
    snprintf(path, sizeof path, "/proc/%s/environ", pid);
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    static char buffer[1 << 17];
    size_t size = fread(buffer, 1, sizeof buffer - 1, file);
    fclose(file);
    buffer[size] = 0;
    for (size_t at = 0; at < size; at += strlen(buffer + at) + 1)
        if (strcmp(buffer + at, entry) == 0) return 1;
    return 0;
}

/* The program's name: the last part of its argv[0] (the kernel's own name is cut at 15 bytes). */
static void process_name(const char *pid, char *name, size_t size) {
    char path[300], argv0[4096] = "";
    snprintf(path, sizeof path, "/proc/%s/cmdline", pid);
    FILE *file = fopen(path, "rb");
    if (!file) return;
    size_t length = fread(argv0, 1, sizeof argv0 - 1, file);
    fclose(file);
    argv0[length] = 0;
    const char *slash = strrchr(argv0, '/');
    if (*argv0) snprintf(name, size, "%s", slash ? slash + 1 : argv0);
}

/* Prints, as JSON array items, the pid, name and VmHWM of each live process tagged with ENTRY,
 * leaving out this program and its launcher (they carry the tag too). */
static void print_tagged_processes(const char *entry, pid_t launcher) {
    DIR *proc = opendir("/proc");
    if (!proc) return;
    struct dirent *item;
    int printed = 0;
    while ((item = readdir(proc))) {
        pid_t pid = (pid_t)atol(item->d_name);
        if (pid <= 0 || pid == getpid() || pid == launcher || !process_has_entry(item->d_name, entry)) continue;
        char path[300], line[256], name[64] = "?";
        long peak = -1;
        snprintf(path, sizeof path, "/proc/%s/status", item->d_name);
        FILE *status = fopen(path, "r");
        if (!status) continue;
        while (fgets(line, sizeof line, status)) {
            if (strncmp(line, "Name:", 5) == 0) sscanf(line + 5, " %63[^\n]", name);
            if (strncmp(line, "VmHWM:", 6) == 0) peak = atol(line + 6);
        }
        fclose(status);
        if (peak < 0) continue; /* a zombie: its memory is gone */
        process_name(item->d_name, name, sizeof name);
        for (char *c = name; *c; c++)
            if (*c == '"' || *c == '\\') *c = '_';
        printf("%s{\"pid\": %d, \"name\": \"%s\", \"peakKiB\": %ld}", printed++ ? ", " : "", (int)pid, name, peak);
    }
    closedir(proc);
}

#endif
