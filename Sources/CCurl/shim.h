#ifndef KOYOMI_CCURL_SHIM_H
#define KOYOMI_CCURL_SHIM_H
// libcurl 7.88 (Debian 12), used directly instead of Foundation's URLSession, whose Linux
// implementation ends the process ("Transfer completed, but there's no response") when an
// answer is cut inside its headers.
//
// Not linked: libcurl brings about 28 shared objects (OpenSSL, GnuTLS, Kerberos, LDAP, SSH…)
// that every start would load and bind, and the parsing child too, while only a sync or a
// subscription needs HTTP (issue 21). HTTPTransport opens it with dlopen the first time a
// request is made; curl.h stays for the types and constants. The functions are reached
// through `koyomi_curl_api`; curl_easy_setopt and curl_easy_getinfo are variadic, so the
// typed koyomi_curl_ wrappers below are what Swift calls for them.
#include <curl/curl.h>
#include <dlfcn.h>

/// The library file to open: libcurl4's soname, the ABI curl.h describes.
#define KOYOMI_CURL_LIBRARY "libcurl.so.4"

/// The libcurl functions Koyomi calls. Each field has the type of curl.h's function of the same
/// name, so a misspelt name or a changed prototype does not compile.
typedef struct koyomi_curl_api {
    __typeof__(curl_global_init) *_Nonnull global_init;
    __typeof__(curl_easy_init) *_Nonnull easy_init;
    __typeof__(curl_easy_cleanup) *_Nonnull easy_cleanup;
    __typeof__(curl_easy_reset) *_Nonnull easy_reset;
    __typeof__(curl_easy_perform) *_Nonnull easy_perform;
    __typeof__(curl_easy_strerror) *_Nonnull easy_strerror;
    __typeof__(curl_easy_setopt) *_Nonnull easy_setopt;
    __typeof__(curl_easy_getinfo) *_Nonnull easy_getinfo;
    __typeof__(curl_slist_append) *_Nonnull slist_append;
    __typeof__(curl_slist_free_all) *_Nonnull slist_free_all;
} koyomi_curl_api;

/// Opens `file` (KOYOMI_CURL_LIBRARY) and fills `api` from it. Returns NULL, or dlerror's words
/// for what failed (valid until the thread's next dl call: copy them at once). Called once:
/// HTTPTransport's `CurlLibrary` keeps the table for the life of the process and never closes
/// the library.
static inline const char *koyomi_curl_load(koyomi_curl_api *api, const char *file) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        return dlerror();
    }
#define KOYOMI_CURL_RESOLVE(field) \
    if ((*(void **)&api->field = dlsym(library, "curl_" #field)) == NULL) { return dlerror(); }
    KOYOMI_CURL_RESOLVE(global_init)
    KOYOMI_CURL_RESOLVE(easy_init)
    KOYOMI_CURL_RESOLVE(easy_cleanup)
    KOYOMI_CURL_RESOLVE(easy_reset)
    KOYOMI_CURL_RESOLVE(easy_perform)
    KOYOMI_CURL_RESOLVE(easy_strerror)
    KOYOMI_CURL_RESOLVE(easy_setopt)
    KOYOMI_CURL_RESOLVE(easy_getinfo)
    KOYOMI_CURL_RESOLVE(slist_append)
    KOYOMI_CURL_RESOLVE(slist_free_all)
#undef KOYOMI_CURL_RESOLVE
    return NULL;
}

static inline CURLcode koyomi_curl_set_long(const koyomi_curl_api *api, CURL *handle,
                                            CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode koyomi_curl_set_large(const koyomi_curl_api *api, CURL *handle,
                                             CURLoption option, curl_off_t value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode koyomi_curl_set_string(const koyomi_curl_api *api, CURL *handle,
                                              CURLoption option, const char *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode koyomi_curl_set_pointer(const koyomi_curl_api *api, CURL *handle,
                                               CURLoption option, void *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode koyomi_curl_set_list(const koyomi_curl_api *api, CURL *handle,
                                            CURLoption option, struct curl_slist *value) {
    return api->easy_setopt(handle, option, value);
}

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: size_t (char *, size_t, size_t, void *).
typedef size_t (*koyomi_curl_data_callback)(char *, size_t, size_t, void *);
static inline CURLcode koyomi_curl_set_data_callback(const koyomi_curl_api *api, CURL *handle,
                                                     CURLoption option, koyomi_curl_data_callback callback) {
    return api->easy_setopt(handle, option, callback);
}

/// CURLOPT_XFERINFOFUNCTION: a non-zero return aborts the transfer.
typedef int (*koyomi_curl_progress_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
static inline CURLcode koyomi_curl_set_progress_callback(const koyomi_curl_api *api, CURL *handle,
                                                         koyomi_curl_progress_callback callback) {
    return api->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline long koyomi_curl_response_code(const koyomi_curl_api *api, CURL *handle) {
    long code = 0;
    api->easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
#endif
