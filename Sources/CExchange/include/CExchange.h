#ifndef CEXCHANGE_H
#define CEXCHANGE_H

/// Atomically swaps two paths (both must exist): Linux renameat2(RENAME_EXCHANGE), macOS
/// renamex_np(RENAME_SWAP). Returns 0, or -1 with errno set (ENOSYS or EINVAL where the system
/// or the file system cannot; the caller then falls back to two renames).
int casefile_exchange_paths(const char *a, const char *b);

#endif
