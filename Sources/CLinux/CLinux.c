#define _GNU_SOURCE
#include <pthread.h>
#include <sys/socket.h>
#include "CLinux.h"

int CLinux_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int CLinux_setThreadName(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
