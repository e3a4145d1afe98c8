#include "newsgen_vips.h"

#include <string.h>
#include <vips/vips.h>

static int started = 0;
static GMutex start_lock;

int newsgen_vips_start(void) {
    g_mutex_lock(&start_lock);
    int result = 0;
    if (!started) {
        if (VIPS_INIT("newsgen")) {
            result = -1;
        } else {
            // Loaders libvips marks untrusted (ImageMagick, MATLAB, FITS, …) never see feed bytes.
            vips_block_untrusted_set(TRUE);
            vips_cache_set_max(0);
            vips_concurrency_set(1);
            started = 1;
        }
    }
    g_mutex_unlock(&start_lock);
    return result;
}

int newsgen_vips_dimensions(const void *buffer, size_t length, int *width, int *height) {
    VipsImage *image = vips_image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

int newsgen_vips_thumbnail(const void *buffer, size_t length, int size, int quality,
                           void **output, size_t *output_length) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer((void *)buffer, length, &thumbnail, size,
                              "height", size, "crop", VIPS_INTERESTING_CENTRE, "size", VIPS_SIZE_BOTH,
                              "option_string", "fail_on=truncated", NULL)) {
        return -1;
    }
    VipsImage *opaque = thumbnail;
    if (vips_image_hasalpha(thumbnail)) {
        VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
        int failed = vips_flatten(thumbnail, &opaque, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        g_object_unref(thumbnail);
        if (failed) return -1;
    }
    VipsImage *srgb = NULL;
    int failed = vips_colourspace(opaque, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(opaque);
    if (failed) return -1;
    failed = vips_jpegsave_buffer(srgb, output, output_length, "Q", quality, "strip", TRUE, NULL);
    g_object_unref(srgb);
    return failed ? -1 : 0;
}

void newsgen_vips_free(void *pointer) {
    g_free(pointer);
}

char *newsgen_vips_last_error(void) {
    char *copy = g_strdup(vips_error_buffer());
    vips_error_clear();
    return copy;
}
