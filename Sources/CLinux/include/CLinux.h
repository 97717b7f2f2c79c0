// Linux-only system interfaces that Swift's Glibc module does not expose.
#ifndef DAWN_CLINUX_H
#define DAWN_CLINUX_H

#include <malloc.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

// accept4 is a GNU extension, declared only under _GNU_SOURCE.
int CLinux_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

// pthread_setname_np is a GNU extension too: names the calling thread (15 bytes at most).
int CLinux_setThreadName(const char *name);

// Bytes in a TCP socket's send queue the peer has not acknowledged yet (SIOCOUTQ), or -1:
// what was sent minus this is what the client has taken. ioctl is variadic, out of Swift's reach.
int CLinux_unacknowledgedBytes(int fd);

#endif
