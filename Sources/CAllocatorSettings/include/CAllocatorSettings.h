#ifndef CALLOCATOR_SETTINGS_H
#define CALLOCATOR_SETTINGS_H

/// jemalloc's settings, linked into the casefile binary (settings.c): nothing to call.

#endif
