#ifndef KOYOMI_CICAL_SHIM_H
#define KOYOMI_CICAL_SHIM_H
// libical 3.0 (Debian 12). Everything Swift needs imports directly; helpers for
// macros or variadics go here, prefixed koyomi_ical_.
#include <libical/ical.h>
// glibc's malloc_trim: reading a large file on several threads leaves freed memory in each
// thread's heap, which only this hands back to the system (ICalendarFile.loadLeavingCacheWrites).
#include <malloc.h>

// glibc's pipe2 (a GNU extension, declared by <unistd.h> only with _GNU_SOURCE, which would
// bring a second `environ` into Swift): a pipe whose ends are close-on-exec from the start.
// With pipe() and a later fcntl(), a child another thread spawns in between inherits the
// write end, and the reader then waits for that unrelated child to exit.
extern int pipe2(int fds[2], int flags);
#endif
