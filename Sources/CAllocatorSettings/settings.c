// jemalloc's settings for the casefile binary, read once at start-up. An environment variable
// MALLOC_CONF (a heap profile, say) is read after this string and overrides it.
//
// background_thread: a thread of jemalloc's returns freed pages to the kernel, rather than the
// threads that render doing it as they allocate.
// dirty_decay_ms: freed pages are returned within a second rather than ten. A build frees as much
// as it allocates, stage after stage (the notes' Markdown once compiled, the listings' rows once
// written); kept for ten seconds, those pages were a quarter of the 100k build's peak RSS.
#include "CAllocatorSettings.h"

#if defined(__linux__)
const char *malloc_conf = "background_thread:true,dirty_decay_ms:1000";
#endif
