/* screen-poll's launcher: the process that starts the program timed.
 *
 * On Linux a child's peak RSS (ru_maxrss) starts at its parent's own: exec keeps the larger of
 * the old and the new one. screen-poll holds whole screens by the time it starts the program,
 * so it forks this launcher first, while it is still a few MiB, and the launcher starts the
 * program when told to, waits for it and hands back its exit status and ru_maxrss. */
#ifndef SCREEN_POLL_LAUNCHER_H
#define SCREEN_POLL_LAUNCHER_H

#include <errno.h>
#include <poll.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    pid_t launcher;
    int go, back;
} Launcher;

typedef struct {
    int status;
    long peak_kib;
} Ending;

static void launcher_run(int go, int back, char **program) {
    char byte;
    if (read(go, &byte, 1) != 1) _exit(0);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP); /* a group of its own, stopped as one */
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, 2, 1); /* screen-poll's stdout carries only its JSON */
    extern char **environ;
    pid_t child;
    int failed = posix_spawnp(&child, program[0], &actions, &attributes, program, environ);
    pid_t answer = failed ? -failed : child;
    if (write(back, &answer, sizeof answer) != sizeof answer || failed) _exit(1);
    Ending ending = {0, 0};
    struct rusage usage;
    while (wait4(child, &ending.status, 0, &usage) < 0 && errno == EINTR) {}
    ending.peak_kib = usage.ru_maxrss;
    _exit(write(back, &ending, sizeof ending) == sizeof ending ? 0 : 1);
}

static Launcher launcher_start(char **program) {
    int go[2], back[2];
    if (pipe(go) || pipe(back)) exit(1);
    pid_t launcher = fork();
    if (launcher < 0) exit(1);
    if (launcher == 0) {
        close(go[1]);
        close(back[0]);
        launcher_run(go[0], back[1], program);
    }
    close(go[0]);
    close(back[1]);
    return (Launcher){launcher, go[1], back[0]};
}

/* Starts the program: its pid, or minus the error number. */
static pid_t launcher_go(Launcher *launcher) {
    pid_t child = -EIO;
    if (write(launcher->go, "g", 1) != 1 || read(launcher->back, &child, sizeof child) != sizeof child) return -EIO;
    return child;
}

/* Whether the program ended within TIMEOUT_MS (0: only look; -1: wait), and how. */
static int launcher_ended(Launcher *launcher, int timeout_ms, Ending *ending) {
    struct pollfd wait = {launcher->back, POLLIN, 0};
    if (poll(&wait, 1, timeout_ms) <= 0) return 0;
    if (read(launcher->back, ending, sizeof *ending) != sizeof *ending) ending->status = -1;
    return 1;
}

#endif
