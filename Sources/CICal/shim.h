#ifndef KOYOMI_CICAL_SHIM_H
#define KOYOMI_CICAL_SHIM_H
// libical 3.0 (Debian 12). Everything Swift needs imports directly; helpers for
// macros or variadics go here, prefixed koyomi_ical_.
#include <libical/ical.h>
// glibc's malloc_trim: reading a large file on several threads leaves freed memory in each
// thread's heap, which only this hands back to the system (ICalendarFile.loadLeavingCacheWrites).
#include <malloc.h>
#endif
