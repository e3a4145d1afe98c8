#ifndef NEWSGEN_CURL_H
#define NEWSGEN_CURL_H

#include <curl/curl.h>

/// Fixed-argument wrappers around libcurl's easy interface: curl_easy_setopt and
/// curl_easy_getinfo are C-variadic, which Swift cannot call. Each wrapper passes its
/// one argument with the type libcurl documents for that option; the caller picks
/// the wrapper that matches the option.

/// curl_global_init, once per process whichever thread asks first; later calls return
/// the first call's result. Every easy handle is made after it.
CURLcode newsgen_curl_start(void);

/// An option that takes a long (flags, counts, milliseconds).
CURLcode newsgen_curl_set_long(CURL *handle, CURLoption option, long value);
/// An option that takes a curl_off_t (sizes in bytes).
CURLcode newsgen_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
/// An option that takes a string (libcurl copies it) or a data pointer (kept as given).
CURLcode newsgen_curl_set_pointer(CURL *handle, CURLoption option, const void *value);

/// The shape of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: `count` bytes at
/// `data` (`size` is always 1); returning anything but `count` stops the transfer.
typedef size_t (*newsgen_curl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode newsgen_curl_set_callback(CURL *handle, CURLoption option, newsgen_curl_data_callback callback);

/// Information that comes as a long (status code, errno) or a curl_off_t (sizes, times).
CURLcode newsgen_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode newsgen_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value);

#endif
