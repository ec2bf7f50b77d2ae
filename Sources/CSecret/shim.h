#ifndef KOYOMI_CSECRET_SHIM_H
#define KOYOMI_CSECRET_SHIM_H
// libsecret 0.20 (Debian 12), for CalDAV passwords in the desktop keyring.
//
// Not linked: libsecret brings libgcrypt and libgpg-error, which every start would load and
// bind (the parsing child's too), while only a sync or a typed password needs the keyring
// (issue 21). Accounts opens it with dlopen the first time a password is kept, read or
// forgotten, and reaches its functions through `koyomi_secret_api`.
//
// Its header is not included: it needs -I/usr/include/libsecret-1, which only libsecret-1's
// pkg-config gives, and SwiftPM would then link the library as well. The few declarations
// Koyomi uses are written out below as libsecret 0.20's headers have them (its ABI, soname
// libsecret-1.so.0, has not changed since 0.7); GLib and GIO come through gio-2.0's
// pkg-config (GTK loads them anyway).
#include <dlfcn.h>
#include <gio/gio.h>

/// The library file to open: libsecret's soname.
#define KOYOMI_SECRET_LIBRARY "libsecret-1.so.0"

// secret-schema.h, secret-types.h, secret-service.h, secret-item.h. Koyomi only passes schemas,
// services and items back to libsecret, so their structs stay opaque here.
typedef struct _SecretSchema SecretSchema;
typedef struct _SecretService SecretService;
typedef struct _SecretItem SecretItem;

typedef enum {
    SECRET_SCHEMA_ATTRIBUTE_STRING = 0,
    SECRET_SCHEMA_ATTRIBUTE_INTEGER = 1,
    SECRET_SCHEMA_ATTRIBUTE_BOOLEAN = 2,
} SecretSchemaAttributeType;

typedef enum {
    SECRET_SCHEMA_NONE = 0,
    SECRET_SCHEMA_DONT_MATCH_NAME = 1 << 1,
} SecretSchemaFlags;

typedef enum {
    SECRET_ERROR_PROTOCOL = 1,
    SECRET_ERROR_IS_LOCKED = 2,
    SECRET_ERROR_NO_SUCH_OBJECT = 3,
    SECRET_ERROR_ALREADY_EXISTS = 4,
    SECRET_ERROR_INVALID_FILE_FORMAT = 5,
} SecretError;

typedef enum {
    SECRET_SEARCH_NONE = 0,
    SECRET_SEARCH_ALL = 1 << 1,
    SECRET_SEARCH_UNLOCK = 1 << 2,
    SECRET_SEARCH_LOAD_SECRETS = 1 << 3,
} SecretSearchFlags;

#define SECRET_COLLECTION_DEFAULT "default"

/// The libsecret functions Koyomi calls; each field is named after its function without the
/// secret_ prefix and has its prototype.
typedef struct koyomi_secret_api {
    gboolean (*_Nonnull password_storev_sync)(const SecretSchema *schema, GHashTable *attributes,
                                              const gchar *collection, const gchar *label, const gchar *password,
                                              GCancellable *cancellable, GError **error);
    gchar *(*_Nonnull password_lookupv_sync)(const SecretSchema *schema, GHashTable *attributes,
                                             GCancellable *cancellable, GError **error);
    gboolean (*_Nonnull password_clearv_sync)(const SecretSchema *schema, GHashTable *attributes,
                                              GCancellable *cancellable, GError **error);
    void (*_Nonnull password_free)(gchar *password);
    SecretSchema *(*_Nonnull schema_newv)(const gchar *name, SecretSchemaFlags flags,
                                          GHashTable *attribute_names_and_types);
    void (*_Nonnull schema_unref)(SecretSchema *schema);
    GQuark (*_Nonnull error_get_quark)(void);
    GList *(*_Nonnull service_search_sync)(SecretService *service, const SecretSchema *schema,
                                           GHashTable *attributes, SecretSearchFlags flags,
                                           GCancellable *cancellable, GError **error);
    gboolean (*_Nonnull item_get_locked)(SecretItem *self);
    GType (*_Nonnull item_get_type)(void);
} koyomi_secret_api;

/// Opens `file` (KOYOMI_SECRET_LIBRARY) and fills `api` from it. Returns NULL, or dlerror's
/// words for what failed (valid until the thread's next dl call: copy them at once). Called
/// once: Accounts' `SecretLibrary` keeps the table for the life of the process and never
/// closes the library (libsecret keeps its D-Bus connection and GTypes registered).
static inline const char *koyomi_secret_load(koyomi_secret_api *api, const char *file) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        return dlerror();
    }
#define KOYOMI_SECRET_RESOLVE(field) \
    if ((*(void **)&api->field = dlsym(library, "secret_" #field)) == NULL) { return dlerror(); }
    KOYOMI_SECRET_RESOLVE(password_storev_sync)
    KOYOMI_SECRET_RESOLVE(password_lookupv_sync)
    KOYOMI_SECRET_RESOLVE(password_clearv_sync)
    KOYOMI_SECRET_RESOLVE(password_free)
    KOYOMI_SECRET_RESOLVE(schema_newv)
    KOYOMI_SECRET_RESOLVE(schema_unref)
    KOYOMI_SECRET_RESOLVE(error_get_quark)
    KOYOMI_SECRET_RESOLVE(service_search_sync)
    KOYOMI_SECRET_RESOLVE(item_get_locked)
    KOYOMI_SECRET_RESOLVE(item_get_type)
#undef KOYOMI_SECRET_RESOLVE
    return NULL;
}

// Swift calls the non-variadic `*v` functions, which take the attributes as a GHashTable of
// strings; these helpers build that table, so Swift never passes C function pointers
// (g_str_hash, g_free) or manages the copied strings itself.

/// A new attribute table that owns (and frees) copies of its keys and values.
/// Release it with g_hash_table_unref.
static inline GHashTable *koyomi_secret_attributes_new(void) {
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

/// Adds (or replaces) one string attribute; both strings are copied.
static inline void koyomi_secret_attributes_set(GHashTable *attributes, const char *name, const char *value) {
    g_hash_table_replace(attributes, g_strdup(name), g_strdup(value));
}

/// A schema whose attributes are all strings, made from a table of attribute names (the
/// values are ignored). Release it with the api's schema_unref.
static inline SecretSchema *koyomi_secret_string_schema_new(const koyomi_secret_api *api, const char *name,
                                                            GHashTable *names) {
    GHashTable *types = g_hash_table_new(g_str_hash, g_str_equal);
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init(&iter, names);
    while (g_hash_table_iter_next(&iter, &key, NULL)) {
        g_hash_table_insert(types, key, GINT_TO_POINTER(SECRET_SCHEMA_ATTRIBUTE_STRING));
    }
    SecretSchema *schema = api->schema_newv(name, SECRET_SCHEMA_NONE, types);
    g_hash_table_unref(types);
    return schema;
}

/// Whether any item matching the attributes is in a locked collection. A lookup skips locked
/// items (and returns nothing) when they cannot be unlocked, e.g. with no display for the
/// unlock prompt; this tells that case apart from "no password kept".
static inline gboolean koyomi_secret_has_locked_item(const koyomi_secret_api *api, const SecretSchema *schema,
                                                     GHashTable *attributes, GError **error) {
    GList *items = api->service_search_sync(NULL, schema, attributes, SECRET_SEARCH_ALL, NULL, error);
    // libsecret's SECRET_ITEM() cast names secret_item_get_type, which is not linked: the
    // same checked cast with the loaded function's type.
    GType item_type = items != NULL ? api->item_get_type() : G_TYPE_INVALID;
    gboolean locked = FALSE;
    for (GList *node = items; node != NULL; node = node->next) {
        if (api->item_get_locked(G_TYPE_CHECK_INSTANCE_CAST(node->data, item_type, SecretItem))) {
            locked = TRUE;
        }
    }
    g_list_free_full(items, g_object_unref);
    return locked;
}

#endif
