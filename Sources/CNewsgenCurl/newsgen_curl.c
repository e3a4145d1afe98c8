/* The type checks of curl/typecheck-gcc.h want a constant option; these wrappers take
   the option as an argument, and each documents which options it is for. */
#define CURL_DISABLE_TYPECHECK 1
#include "newsgen_curl.h"

#include <pthread.h>

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static CURLcode start_result = CURLE_FAILED_INIT;

static void start(void) {
    start_result = curl_global_init(CURL_GLOBAL_DEFAULT);
}

CURLcode newsgen_curl_start(void) {
    pthread_once(&start_once, start);
    return start_result;
}

CURLcode newsgen_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode newsgen_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode newsgen_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode newsgen_curl_set_callback(CURL *handle, CURLoption option, newsgen_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode newsgen_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode newsgen_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
