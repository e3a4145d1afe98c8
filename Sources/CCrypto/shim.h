#ifndef NEWSGEN_CCRYPTO_SHIM_H
#define NEWSGEN_CCRYPTO_SHIM_H
/* OpenSSL's libcrypto, for SHA-256 only (EVP_Digest with SHA-NI where the CPU has it, ADR 034). */
#include <openssl/evp.h>
#endif
