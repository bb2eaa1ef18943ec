// renameat2 is not in the Swift Glibc module (glibc declares it only under _GNU_SOURCE), and
// syscall() is variadic, which Swift cannot call: hence this one C function.
#define _GNU_SOURCE
#include "CExchange.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

int casefile_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#elif defined(__APPLE__)
    return renamex_np(a, b, RENAME_SWAP);
#else
    errno = ENOSYS;
    return -1;
#endif
}
