#ifndef KOYOMI_CGIO_SHIM_H
#define KOYOMI_CGIO_SHIM_H
// GIO's GDBus, for GNOME Online Accounts on the session bus (OnlineAccounts). GTK loads GIO
// anyway, so this costs the window nothing; the command line uses it for `koyomi sync`.
#include <gio/gio.h>

/// G_VARIANT_TYPE is a cast macro Swift cannot import: the type for a type string.
static inline const GVariantType *koyomi_variant_type(const char *text) {
    return (const GVariantType *) text;
}

#endif
