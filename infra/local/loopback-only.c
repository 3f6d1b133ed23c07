/*
 * Preloaded into DynamoDB Local's JVM (LD_PRELOAD) by loopback-only.ts: every bind() to an
 * address other than loopback binds to loopback instead, on the same port. DynamoDB Local has
 * no option to choose its address and listens on every interface without authentication; with
 * this, only programs on this machine can reach it (REL-19). Built from source on this machine
 * at start, never shipped as a binary.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

typedef int (*bind_fn)(int, const struct sockaddr *, socklen_t);

static int loopback4(const struct in_addr *address) { return (ntohl(address->s_addr) >> 24) == 127; }

static int loopback6(const struct in6_addr *address) {
  return IN6_IS_ADDR_LOOPBACK(address) || (IN6_IS_ADDR_V4MAPPED(address) && address->s6_addr[12] == 127);
}

int bind(int fd, const struct sockaddr *address, socklen_t length) {
  static bind_fn next_bind;
  if (!next_bind) next_bind = (bind_fn)dlsym(RTLD_NEXT, "bind");
  if (address && address->sa_family == AF_INET && length >= sizeof(struct sockaddr_in)) {
    struct sockaddr_in confined;
    memcpy(&confined, address, sizeof confined);
    if (!loopback4(&confined.sin_addr)) {
      confined.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      return next_bind(fd, (const struct sockaddr *)&confined, sizeof confined);
    }
  }
  if (address && address->sa_family == AF_INET6 && length >= sizeof(struct sockaddr_in6)) {
    struct sockaddr_in6 confined;
    memcpy(&confined, address, sizeof confined);
    if (!loopback6(&confined.sin6_addr)) {
      /* ::ffff:127.0.0.1, not ::1: a dual-stack socket so bound still answers 127.0.0.1. */
      static const unsigned char mapped[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1};
      memcpy(confined.sin6_addr.s6_addr, mapped, sizeof mapped);
      confined.sin6_scope_id = 0;
      return next_bind(fd, (const struct sockaddr *)&confined, sizeof confined);
    }
  }
  return next_bind(fd, address, length);
}
