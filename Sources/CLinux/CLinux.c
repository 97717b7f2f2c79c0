#define _GNU_SOURCE
#include <linux/sockios.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include "CLinux.h"

int CLinux_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int CLinux_setThreadName(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

int CLinux_unacknowledgedBytes(int fd) {
    int bytes = 0;
    return ioctl(fd, SIOCOUTQ, &bytes) == 0 ? bytes : -1;
}
