#include "newsgen_vips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libvips is opened on first use (dlopen), not linked: with its dependencies it is about a
   hundred shared libraries, and binding them took most of newsgen's start-up (28 ms) for
   every command, also those that never make a thumbnail. Only what newsgen calls is
   declared here, with opaque pointers; the enum values are libvips 8's ABI (vips/image.h,
   conversion.h, resample.h), which has not changed since 8.0. */

typedef void VipsImage;
enum {
    NEWSGEN_VIPS_ACCESS_SEQUENTIAL = 1,   /* VIPS_ACCESS_SEQUENTIAL */
    NEWSGEN_VIPS_INTERESTING_CENTRE = 1,  /* VIPS_INTERESTING_CENTRE */
    NEWSGEN_VIPS_SIZE_BOTH = 0,           /* VIPS_SIZE_BOTH */
    NEWSGEN_VIPS_INTERPRETATION_SRGB = 22 /* VIPS_INTERPRETATION_sRGB */
};

static struct {
    int (*init)(const char *argv0);
    void (*block_untrusted_set)(int state);
    void (*cache_set_max)(int max);
    void (*concurrency_set)(int concurrency);
    VipsImage *(*image_new_from_buffer)(const void *buffer, size_t length, const char *options, ...);
    int (*image_get_width)(const VipsImage *image);
    int (*image_get_height)(const VipsImage *image);
    int (*image_hasalpha)(VipsImage *image);
    int (*thumbnail_buffer)(void *buffer, size_t length, VipsImage **out, int width, ...);
    void *(*array_double_newv)(int n, ...);
    void (*area_unref)(void *area);
    int (*flatten)(VipsImage *in, VipsImage **out, ...);
    int (*colourspace)(VipsImage *in, VipsImage **out, int space, ...);
    int (*jpegsave_buffer)(VipsImage *in, void **buffer, size_t *length, ...);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void (*object_unref)(void *object);
} vips;

static int started = 0;
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
/* Why starting failed, when libvips itself cannot say (it could not be opened). */
static char start_error[512];

static int bind(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot) return 0;
    snprintf(start_error, sizeof start_error, "libvips has no %s", name);
    return -1;
}

/* The opened libvips, for the symbols only some versions have. */
static void *vips_library = NULL;

static int open_vips(void) {
    static const char *names[] = { "libvips.so.42", "libvips.42.dylib" };
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    vips_library = library;
    if (!library) {
        const char *why = dlerror();
        snprintf(start_error, sizeof start_error, "libvips cannot be opened (%s)", why ? why : "libvips.so.42 not found");
        return -1;
    }
    return bind(library, (void **)&vips.init, "vips_init")
        || bind(library, (void **)&vips.block_untrusted_set, "vips_block_untrusted_set")
        || bind(library, (void **)&vips.cache_set_max, "vips_cache_set_max")
        || bind(library, (void **)&vips.concurrency_set, "vips_concurrency_set")
        || bind(library, (void **)&vips.image_new_from_buffer, "vips_image_new_from_buffer")
        || bind(library, (void **)&vips.image_get_width, "vips_image_get_width")
        || bind(library, (void **)&vips.image_get_height, "vips_image_get_height")
        || bind(library, (void **)&vips.image_hasalpha, "vips_image_hasalpha")
        || bind(library, (void **)&vips.thumbnail_buffer, "vips_thumbnail_buffer")
        || bind(library, (void **)&vips.array_double_newv, "vips_array_double_newv")
        || bind(library, (void **)&vips.area_unref, "vips_area_unref")
        || bind(library, (void **)&vips.flatten, "vips_flatten")
        || bind(library, (void **)&vips.colourspace, "vips_colourspace")
        || bind(library, (void **)&vips.jpegsave_buffer, "vips_jpegsave_buffer")
        || bind(library, (void **)&vips.error_buffer, "vips_error_buffer")
        || bind(library, (void **)&vips.error_clear, "vips_error_clear")
        /* GObject comes with libvips: dlsym searches the library's own dependencies too. */
        || bind(library, (void **)&vips.object_unref, "g_object_unref") ? -1 : 0;
}

int newsgen_vips_start(void) {
    pthread_mutex_lock(&start_lock);
    int result = 0;
    if (!started) {
        if (open_vips()) {
            result = -1;
        } else if (vips.init("newsgen")) {
            result = -1;
        } else {
            // Loaders libvips marks untrusted (ImageMagick, MATLAB, FITS, …) never see feed bytes.
            vips.block_untrusted_set(1);
            /* No run-time generated SIMD code (liborc): its programs read past the ends of their
               buffers, and where one ends at an unmapped page the build died of SIGSEGV (seen in
               make test; libvips's maintainers advise VIPS_NOVECTOR for such crashes). The plain C
               paths make a thumbnail about a third slower (ADR 055). Absent from a libvips without
               it, as from those built without liborc: nothing to turn off then. */
            void (*vector_set_enabled)(int) = (void (*)(int))dlsym(vips_library, "vips_vector_set_enabled");
            if (vector_set_enabled) vector_set_enabled(0);
            vips.cache_set_max(0);
            vips.concurrency_set(1);
            started = 1;
        }
    }
    pthread_mutex_unlock(&start_lock);
    return result;
}

int newsgen_vips_dimensions(const void *buffer, size_t length, int *width, int *height) {
    VipsImage *image = vips.image_new_from_buffer(buffer, length, "", "access", NEWSGEN_VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    *width = vips.image_get_width(image);
    *height = vips.image_get_height(image);
    vips.object_unref(image);
    return 0;
}

int newsgen_vips_thumbnail(const void *buffer, size_t length, int size, int quality,
                           void **output, size_t *output_length) {
    VipsImage *thumbnail = NULL;
    if (vips.thumbnail_buffer((void *)buffer, length, &thumbnail, size,
                              "height", size, "crop", NEWSGEN_VIPS_INTERESTING_CENTRE, "size", NEWSGEN_VIPS_SIZE_BOTH,
                              "option_string", "fail_on=truncated", NULL)) {
        return -1;
    }
    VipsImage *opaque = thumbnail;
    if (vips.image_hasalpha(thumbnail)) {
        void *white = vips.array_double_newv(3, 255.0, 255.0, 255.0);
        int failed = vips.flatten(thumbnail, &opaque, "background", white, NULL);
        vips.area_unref(white);
        vips.object_unref(thumbnail);
        if (failed) return -1;
    }
    VipsImage *srgb = NULL;
    int failed = vips.colourspace(opaque, &srgb, NEWSGEN_VIPS_INTERPRETATION_SRGB, NULL);
    vips.object_unref(opaque);
    if (failed) return -1;
    failed = vips.jpegsave_buffer(srgb, output, output_length, "Q", quality, "strip", 1, NULL);
    vips.object_unref(srgb);
    return failed ? -1 : 0;
}

int newsgen_vips_generated_code(void) {
    if (!started) return -1;
    int (*vector_isenabled)(void) = (int (*)(void))dlsym(vips_library, "vips_vector_isenabled");
    return vector_isenabled ? (vector_isenabled() ? 1 : 0) : -1;
}

/* GLib allocates with the system malloc (since 2.46), so free() releases libvips's buffers too. */
void newsgen_vips_free(void *pointer) {
    free(pointer);
}

char *newsgen_vips_last_error(void) {
    if (start_error[0] || !vips.error_buffer) return strdup(start_error[0] ? start_error : "libvips is not started");
    char *copy = strdup(vips.error_buffer());
    vips.error_clear();
    return copy;
}
