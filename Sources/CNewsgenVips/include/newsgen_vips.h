#ifndef NEWSGEN_VIPS_H
#define NEWSGEN_VIPS_H

#include <stddef.h>

/// Fixed-argument wrappers around libvips, whose API is C-variadic and so not
/// callable from Swift. Every function returns 0 on success, -1 on failure with
/// the reason in newsgen_vips_last_error().

/// Opens libvips (dlopen of libvips.so.42) and starts it once per process,
/// refusing its untrusted loaders and capping its operation cache. Safe to
/// call again. Fails, with the reason in newsgen_vips_last_error(), when
/// libvips is not installed.
int newsgen_vips_start(void);

/// Reads only the header of an encoded image: its width and height in pixels.
int newsgen_vips_dimensions(const void *buffer, size_t length, int *width, int *height);

/// A size×size centre crop of the encoded image, shrunk to fit, with any alpha
/// flattened onto white, written as a baseline JPEG of the given quality with
/// metadata stripped. `*output` must be released with newsgen_vips_free.
int newsgen_vips_thumbnail(const void *buffer, size_t length, int size, int quality,
                           void **output, size_t *output_length);

void newsgen_vips_free(void *pointer);

/// 1 when libvips runs code generated at run time (liborc), 0 when it does not, -1 when
/// this libvips cannot say (none of it started, or built without liborc).
int newsgen_vips_generated_code(void);

/// The reason for the last failure on this thread (copied, never NULL), cleared by the call.
/// Release with newsgen_vips_free.
char *newsgen_vips_last_error(void);

#endif
