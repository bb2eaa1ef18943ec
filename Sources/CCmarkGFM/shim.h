#ifndef CASEFILE_CCMARKGFM_SHIM_H
#define CASEFILE_CCMARKGFM_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

/* LeakSanitizer's pause and resume, in a build with AddressSanitizer (its runtime defines them);
 * elsewhere the weak references are null and these do nothing. The renderer's one-time set-up
 * allocates under the pause what it must drop and cannot free (MarkdownRenderer.swift says why). */
void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));
static inline void casefile_leak_check_pause(void) { if (__lsan_disable) __lsan_disable(); }
static inline void casefile_leak_check_resume(void) { if (__lsan_enable) __lsan_enable(); }
#endif
