// libcurl for `axiom-route check --live` (Debian: libcurl4-openssl-dev; macOS: the SDK's). Its
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these typed
// wrappers call them with one argument type each.
#include <curl/curl.h>

typedef size_t (*axiom_curl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode axiom_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode axiom_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode axiom_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode axiom_curl_set_write(CURL *handle, axiom_curl_write_callback callback, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

static inline CURLcode axiom_curl_set_header(CURL *handle, axiom_curl_write_callback callback, void *context) {
    CURLcode code = curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
}

static inline CURLcode axiom_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode axiom_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
