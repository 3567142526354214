// Offers: libmicrohttpd to Swift, with its variadic functions (which Swift cannot
// call) wrapped as static inline functions of fixed arguments: starting a daemon
// with the options HTTPServer uses, the bound port, a connection's socket and its
// peer's address as text.
#ifndef SUDOKIT_CMICROHTTPD_SHIM_H
#define SUDOKIT_CMICROHTTPD_SHIM_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/// The URI log callback: called with the raw request target (path and query, not
/// decoded) once the request line is read; its result becomes the request's context.
typedef void *(*sk_mhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon on `host` (an IPv4 or IPv6 address in text, never a name) and
/// `port` (0: a free one) with an internal polling thread per pool thread (epoll
/// when this libmicrohttpd has it, else select). `cls` goes to every callback.
/// Returns NULL when the address is not one, or when the daemon cannot start.
static inline struct MHD_Daemon *sk_mhd_start(const char *host, uint16_t port, unsigned int threads,
                                              unsigned int timeout_seconds, unsigned int max_connections,
                                              unsigned int per_ip_connections, MHD_AccessHandlerCallback access,
                                              MHD_RequestCompletedCallback completed, sk_mhd_uri_log_callback uri_log,
                                              MHD_NotifyConnectionCallback notify, void *cls) {
    struct sockaddr_in a4;
    struct sockaddr_in6 a6;
    struct sockaddr *address;
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD;
    memset(&a4, 0, sizeof a4);
    memset(&a6, 0, sizeof a6);
    if (inet_pton(AF_INET, host, &a4.sin_addr) == 1) {
        a4.sin_family = AF_INET;
        a4.sin_port = htons(port);
        address = (struct sockaddr *)&a4;
    } else if (inet_pton(AF_INET6, host, &a6.sin6_addr) == 1) {
        a6.sin6_family = AF_INET6;
        a6.sin6_port = htons(port);
        address = (struct sockaddr *)&a6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    if (MHD_is_feature_supported(MHD_FEATURE_EPOLL) == MHD_YES) flags |= MHD_USE_EPOLL;
    return MHD_start_daemon(flags, port, NULL, NULL, access, cls,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, max_connections,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connections,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, cls,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0), or 0.
static inline int sk_mhd_bind_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : (int)info->port;
}

/// The connection's socket, or -1.
static inline int sk_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

/// Writes the peer's address as text (no port) into `buffer` (NUL-terminated);
/// returns 1, or 0 when there is none to write.
static inline int sk_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || size == 0) return 0;
    const struct sockaddr *a = info->client_addr;
    const void *bytes;
    if (a->sa_family == AF_INET) bytes = &((const struct sockaddr_in *)a)->sin_addr;
    else if (a->sa_family == AF_INET6) bytes = &((const struct sockaddr_in6 *)a)->sin6_addr;
    else return 0;
    return inet_ntop(a->sa_family, bytes, buffer, (socklen_t)size) != NULL;
}

#endif
