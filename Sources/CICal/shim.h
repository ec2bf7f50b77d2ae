#ifndef KOYOMI_CICAL_SHIM_H
#define KOYOMI_CICAL_SHIM_H
// libical 3.0 (Debian 12). Everything Swift needs imports directly; helpers for
// macros or variadics go here, prefixed koyomi_ical_.
#include <libical/ical.h>
#endif
