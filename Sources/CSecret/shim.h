#ifndef KOYOMI_CSECRET_SHIM_H
#define KOYOMI_CSECRET_SHIM_H
// libsecret 0.20 (Debian 12). Swift calls the non-variadic `*v` functions, which take the
// attributes as a GHashTable of strings; these helpers build that table, so Swift never
// passes C function pointers (g_str_hash, g_free) or manages the copied strings itself.
#include <libsecret/secret.h>

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
/// values are ignored). Release it with secret_schema_unref.
static inline SecretSchema *koyomi_secret_string_schema_new(const char *name, GHashTable *names) {
    GHashTable *types = g_hash_table_new(g_str_hash, g_str_equal);
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init(&iter, names);
    while (g_hash_table_iter_next(&iter, &key, NULL)) {
        g_hash_table_insert(types, key, GINT_TO_POINTER(SECRET_SCHEMA_ATTRIBUTE_STRING));
    }
    SecretSchema *schema = secret_schema_newv(name, SECRET_SCHEMA_NONE, types);
    g_hash_table_unref(types);
    return schema;
}

/// Whether any item matching the attributes is in a locked collection. A lookup skips locked
/// items (and returns nothing) when they cannot be unlocked, e.g. with no display for the
/// unlock prompt; this tells that case apart from "no password kept".
static inline gboolean koyomi_secret_has_locked_item(const SecretSchema *schema, GHashTable *attributes, GError **error) {
    GList *items = secret_service_search_sync(NULL, schema, attributes, SECRET_SEARCH_ALL, NULL, error);
    gboolean locked = FALSE;
    for (GList *node = items; node != NULL; node = node->next) {
        if (secret_item_get_locked(SECRET_ITEM(node->data))) {
            locked = TRUE;
        }
    }
    g_list_free_full(items, g_object_unref);
    return locked;
}

#endif
