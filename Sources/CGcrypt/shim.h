#include <gcrypt.h>

/* libgcrypt's start, once per process before any other call (calling it again is
   harmless): the version check the library requires, then no secure-memory pool. That
   pool (mlock'd pages for private keys) is never given back, so LeakSanitizer reports it,
   and it would protect nothing here: the one private key Dawn holds, the instance's
   VAPID key, is stored in instance.sqlite anyway. */
static inline const char *CGcrypt_initialize(void) {
    const char *version = gcry_check_version(NULL);
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return version;
}
