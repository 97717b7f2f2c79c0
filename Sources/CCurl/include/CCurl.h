#ifndef DAWN_CCURL_H
#define DAWN_CCURL_H

#include <curl/curl.h>

// libcurl is opened on first use (dlopen of libcurl.so.4), not linked: with it come some
// thirty libraries (OpenSSL, GnuTLS, Kerberos, LDAP, SSH…) that would cost every server
// about 5.5 MB of memory, also one that never sends a reminder. Swift calls only these
// functions; calling libcurl's own would not link.

// Opens libcurl and runs curl_global_init once, thread-safely: 0 when ready, -1 when not
// (then dawn_curl_load_error() says why).
int dawn_curl_load(void);
const char *dawn_curl_load_error(void);

CURL *dawn_curl_easy_init(void);
void dawn_curl_easy_cleanup(CURL *handle);
CURLcode dawn_curl_easy_perform(CURL *handle);
const char *dawn_curl_easy_strerror(CURLcode code);
struct curl_slist *dawn_curl_slist_append(struct curl_slist *list, const char *text);
void dawn_curl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one
// typed wrapper per kind of value Dawn passes.
CURLcode dawn_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode dawn_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value);
CURLcode dawn_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode dawn_curl_setopt_write_function(CURL *handle, curl_write_callback function);
CURLcode dawn_curl_setopt_read_function(CURL *handle, curl_read_callback function);
CURLcode dawn_curl_setopt_open_socket_function(CURL *handle, curl_opensocket_callback function);
CURLcode dawn_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);

#endif
