#include "CVips.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libvips' types, opaque here: Dawn only passes them back to libvips.
typedef struct _VipsImage VipsImage;
typedef struct _VipsArrayDouble VipsArrayDouble;
typedef int gboolean;

// VipsSize: DOWN shrinks only. VipsAccess: SEQUENTIAL reads top to bottom once.
enum { DAWN_VIPS_SIZE_DOWN = 2, DAWN_VIPS_ACCESS_SEQUENTIAL = 1 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256] = "libvips was not loaded";

static int (*vips_init_)(const char *);
static int (*vips_version_)(int);
static const char *(*vips_error_buffer_)(void);
static void (*vips_error_clear_)(void);
static void (*vips_cache_set_max_)(int);
static void (*vips_concurrency_set_)(int);
static void (*vips_block_untrusted_set_)(gboolean);
static void (*vips_operation_block_set_)(const char *, gboolean);
static VipsImage *(*vips_image_new_from_buffer_)(const void *, size_t, const char *, ...);
static int (*vips_image_get_width_)(const VipsImage *);
static int (*vips_image_get_height_)(const VipsImage *);
static gboolean (*vips_image_hasalpha_)(VipsImage *);
static int (*vips_thumbnail_buffer_)(void *, size_t, VipsImage **, int, ...);
static int (*vips_flatten_)(VipsImage *, VipsImage **, ...);
static VipsArrayDouble *(*vips_array_double_newv_)(int, ...);
static void (*vips_area_unref_)(void *);
static int (*vips_image_write_to_buffer_)(VipsImage *, const char *, void **, size_t *, ...);
static void (*g_object_unref_)(void *);
static void (*g_free_)(void *);

#define RESOLVE(pointer, name)                                                          \
    do {                                                                                \
        *(void **)(&pointer) = dlsym(library, name);                                    \
        if (pointer == NULL) {                                                          \
            snprintf(load_error, sizeof load_error, "libvips.so.42 has no %s", name);   \
            return;                                                                     \
        }                                                                               \
    } while (0)

static void load(void) {
    // DAWN_VIPS_LIBRARY names another file: the end-to-end tests point it at one that does
    // not exist, to see a server without libvips refuse uploads with a message.
    const char *name = getenv("DAWN_VIPS_LIBRARY");
    if (name == NULL || name[0] == '\0') name = "libvips.so.42";
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "cannot open %s: %s", name, why ? why : "unknown error");
        return;
    }
    RESOLVE(vips_init_, "vips_init");
    RESOLVE(vips_version_, "vips_version");
    RESOLVE(vips_error_buffer_, "vips_error_buffer");
    RESOLVE(vips_error_clear_, "vips_error_clear");
    RESOLVE(vips_cache_set_max_, "vips_cache_set_max");
    RESOLVE(vips_concurrency_set_, "vips_concurrency_set");
    RESOLVE(vips_block_untrusted_set_, "vips_block_untrusted_set");
    RESOLVE(vips_operation_block_set_, "vips_operation_block_set");
    RESOLVE(vips_image_new_from_buffer_, "vips_image_new_from_buffer");
    RESOLVE(vips_image_get_width_, "vips_image_get_width");
    RESOLVE(vips_image_get_height_, "vips_image_get_height");
    RESOLVE(vips_image_hasalpha_, "vips_image_hasalpha");
    RESOLVE(vips_thumbnail_buffer_, "vips_thumbnail_buffer");
    RESOLVE(vips_flatten_, "vips_flatten");
    RESOLVE(vips_array_double_newv_, "vips_array_double_newv");
    RESOLVE(vips_area_unref_, "vips_area_unref");
    RESOLVE(vips_image_write_to_buffer_, "vips_image_write_to_buffer");
    RESOLVE(g_object_unref_, "g_object_unref");
    RESOLVE(g_free_, "g_free");
    if (vips_version_(0) != 8 || vips_version_(1) < 13) {
        snprintf(load_error, sizeof load_error, "libvips %d.%d is too old (8.13 or later needed)",
                 vips_version_(0), vips_version_(1));
        return;
    }
    if (vips_init_("dawn") != 0) {
        snprintf(load_error, sizeof load_error, "vips_init failed: %s", vips_error_buffer_());
        return;
    }
    // A family's server: no cache of operations (each photo is seen once), one thread per
    // image so an upload never takes every core, and only the four formats Dawn accepts.
    vips_cache_set_max_(0);
    vips_concurrency_set_(1);
    vips_block_untrusted_set_(1);
    vips_operation_block_set_("VipsForeignLoad", 1);
    vips_operation_block_set_("VipsForeignLoadJpeg", 0);
    vips_operation_block_set_("VipsForeignLoadPng", 0);
    vips_operation_block_set_("VipsForeignLoadWebp", 0);
    vips_operation_block_set_("VipsForeignLoadHeif", 0);
    loaded = 1;
}

int dawn_vips_load(void) {
    pthread_once(&once, load);
    return loaded ? 0 : -1;
}

const char *dawn_vips_load_error(void) { return load_error; }

int dawn_vips_header(const void *bytes, size_t length, int *width, int *height) {
    // Lazy: a loader reads the header here; the pixels only when something asks for them.
    VipsImage *image = vips_image_new_from_buffer_(bytes, length, "", "access", DAWN_VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) return -1;
    *width = vips_image_get_width_(image);
    *height = vips_image_get_height_(image);
    g_object_unref_(image);
    return 0;
}

int dawn_vips_jpeg(const void *bytes, size_t length, int longest, int quality,
                   void **output, size_t *output_length, int *width, int *height) {
    VipsImage *image = NULL;
    // vips_thumbnail shrinks while loading (JPEG's DCT scaling, WebP's and HEIF's own), and
    // turns the image upright by its EXIF orientation (vips_autorot) unless told not to.
    if (vips_thumbnail_buffer_((void *)bytes, length, &image, longest, "height", longest,
                               "size", DAWN_VIPS_SIZE_DOWN, NULL) != 0) {
        return -1;
    }
    if (vips_image_hasalpha_(image)) {
        VipsArrayDouble *white = vips_array_double_newv_(3, 255.0, 255.0, 255.0);
        VipsImage *flat = NULL;
        int failed = vips_flatten_(image, &flat, "background", white, NULL);
        vips_area_unref_(white);
        g_object_unref_(image);
        if (failed != 0) return -1;
        image = flat;
    }
    *width = vips_image_get_width_(image);
    *height = vips_image_get_height_(image);
    // "strip": no EXIF (GPS, camera, times), XMP, IPTC nor ICC profile in the file written.
    int failed = vips_image_write_to_buffer_(image, ".jpg", output, output_length, "Q", quality,
                                             "strip", 1, "optimize_coding", 1, NULL);
    g_object_unref_(image);
    return failed;
}

void dawn_vips_free(void *pointer) { g_free_(pointer); }

void dawn_vips_take_error(char *buffer, size_t size) {
    if (size == 0) return;
    const char *text = loaded ? vips_error_buffer_() : load_error;
    snprintf(buffer, size, "%s", text ? text : "");
    if (loaded) vips_error_clear_();
}
