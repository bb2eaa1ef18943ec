// jemalloc's settings for the casefile binary, read once at start-up. An environment variable
// MALLOC_CONF (a heap profile, say) is read after this string and overrides it.
//
// background_thread: a thread of jemalloc's returns freed pages to the kernel, rather than the
// threads that render doing it as they allocate.
// dirty_decay_ms: freed pages are returned within a second rather than ten. A build frees as much
// as it allocates, stage after stage (the notes' Markdown once compiled, the listings' rows once
// written): with those pages kept ten seconds the 100k build peaked at 623-638 MiB of RSS, with
// them returned within a second at 518-550 MiB (Docs/performance-history.md).
#include "CAllocatorSettings.h"

#if defined(__linux__)
const char *malloc_conf = "background_thread:true,dirty_decay_ms:1000";
#endif
