#ifndef KOYOMI_CCURL_SHIM_H
#define KOYOMI_CCURL_SHIM_H
// libcurl 7.88 (Debian 12), used directly instead of Foundation's URLSession, whose Linux
// implementation ends the process ("Transfer completed, but there's no response") when an
// answer is cut inside its headers. curl_easy_setopt and curl_easy_getinfo are variadic:
// these typed wrappers are what Swift calls, prefixed koyomi_curl_.
#include <curl/curl.h>

static inline CURLcode koyomi_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode koyomi_curl_set_large(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode koyomi_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode koyomi_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode koyomi_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: size_t (char *, size_t, size_t, void *).
typedef size_t (*koyomi_curl_data_callback)(char *, size_t, size_t, void *);
static inline CURLcode koyomi_curl_set_data_callback(CURL *handle, CURLoption option, koyomi_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// CURLOPT_XFERINFOFUNCTION: a non-zero return aborts the transfer.
typedef int (*koyomi_curl_progress_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
static inline CURLcode koyomi_curl_set_progress_callback(CURL *handle, koyomi_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline long koyomi_curl_response_code(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}
#endif
