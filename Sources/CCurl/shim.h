#ifndef NEWSGEN_CCURL_SHIM_H
#define NEWSGEN_CCURL_SHIM_H
/* libcurl's easy interface. Its setopt and getinfo are C-variadic, which Swift
   cannot call: CNewsgenCurl wraps the few newsgen uses in fixed arguments. */
#include <curl/curl.h>
#endif
