// GNU gettext as glibc has it (libintl, nothing to link): for the window and the commands alike.
#pragma once
#include <libintl.h>
#include <locale.h>

/// gettext hands back the very pointer it was given when there is no translation; NULL says
/// so without Swift comparing pointers to temporary strings.
static inline const char *koyomi_dgettext(const char *domain, const char *message) {
    const char *translated = dgettext(domain, message);
    return translated == message ? NULL : translated;
}

/// ngettext likewise: NULL when neither form has a translation.
static inline const char *koyomi_dngettext(const char *domain, const char *singular, const char *plural, unsigned long count) {
    const char *translated = dngettext(domain, singular, plural, count);
    return (translated == singular || translated == plural) ? NULL : translated;
}
