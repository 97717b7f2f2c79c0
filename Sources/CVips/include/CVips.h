#ifndef DAWN_CVIPS_H
#define DAWN_CVIPS_H

#include <stddef.h>

// libvips is opened on first use (dlopen of libvips.so.42), not linked: with it come glib
// and some forty libraries (libjpeg, libpng, libwebp, libheif, lcms, libexif…) that would
// cost every server resident memory at start-up, also one that never sees a photo.
// The few calls Dawn makes are declared in CVips.c from libvips' stable C API (8.x, soname
// 42) instead of including <vips/vips.h>, whose glib include paths differ per architecture.

// Opens libvips once, thread-safely, and sets its limits: no operation cache, one thread
// per image, only the JPEG, PNG, WebP and HEIF loaders (every other one blocked, the
// untrusted ones first). 0 when ready, -1 when not (then dawn_vips_load_error() says why).
int dawn_vips_load(void);
const char *dawn_vips_load_error(void);

// The image's size as its header says, without decoding its pixels: 0, or -1 when
// libvips cannot read the header (then dawn_vips_take_error() says why).
int dawn_vips_header(const void *bytes, size_t length, int *width, int *height);

// Decodes, turns upright by its EXIF orientation, shrinks so the longest side is at most
// `longest` (never enlarges), flattens transparency on white, and encodes as a JPEG of
// `quality` with every piece of metadata stripped. `*output` is freed with dawn_vips_free.
// `*width` and `*height` are the result's. 0, or -1 (then dawn_vips_take_error()).
int dawn_vips_jpeg(const void *bytes, size_t length, int longest, int quality,
                   void **output, size_t *output_length, int *width, int *height);

void dawn_vips_free(void *pointer);

// libvips' error text for this thread's last failure, copied into `buffer` and cleared.
void dawn_vips_take_error(char *buffer, size_t size);

#endif
