#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256] = "libcurl was not loaded";

static CURLcode (*global_init)(long);
static CURL *(*easy_init)(void);
static void (*easy_cleanup)(CURL *);
static CURLcode (*easy_perform)(CURL *);
static const char *(*easy_strerror)(CURLcode);
static struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
static void (*slist_free_all)(struct curl_slist *);
static CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
static CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);

#define RESOLVE(pointer, name)                                                          \
    do {                                                                                \
        *(void **)(&pointer) = dlsym(library, name);                                    \
        if (pointer == NULL) {                                                          \
            snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s", name);    \
            return;                                                                     \
        }                                                                               \
    } while (0)

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "cannot open libcurl.so.4: %s", why ? why : "unknown error");
        return;
    }
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed");
        return;
    }
    loaded = 1;
}

int dawn_curl_load(void) {
    pthread_once(&once, load);
    return loaded ? 0 : -1;
}

const char *dawn_curl_load_error(void) { return load_error; }

CURL *dawn_curl_easy_init(void) { return easy_init(); }
void dawn_curl_easy_cleanup(CURL *handle) { easy_cleanup(handle); }
CURLcode dawn_curl_easy_perform(CURL *handle) { return easy_perform(handle); }
const char *dawn_curl_easy_strerror(CURLcode code) { return easy_strerror(code); }
struct curl_slist *dawn_curl_slist_append(struct curl_slist *list, const char *text) { return slist_append(list, text); }
void dawn_curl_slist_free_all(struct curl_slist *list) { slist_free_all(list); }

CURLcode dawn_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return easy_setopt(handle, option, value);
}
CURLcode dawn_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return easy_setopt(handle, option, value);
}
CURLcode dawn_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return easy_setopt(handle, option, value);
}
CURLcode dawn_curl_setopt_write_function(CURL *handle, curl_write_callback function) {
    return easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}
CURLcode dawn_curl_setopt_read_function(CURL *handle, curl_read_callback function) {
    return easy_setopt(handle, CURLOPT_READFUNCTION, function);
}
CURLcode dawn_curl_setopt_open_socket_function(CURL *handle, curl_opensocket_callback function) {
    return easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, function);
}
CURLcode dawn_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return easy_getinfo(handle, info, value);
}
