/* cmark-floor: the least work a case build can do with its notes, as a yardstick for
 * Scripts/bench.sh. It reads note paths from standard input, one per line, and renders each
 * note to HTML with libcmark-gfm alone: a fresh parser per document with the GFM extensions
 * Casefile enables (table, strikethrough, autolink, tagfilter, tasklist), CMARK_OPT_DEFAULT
 * (safe mode: raw HTML and unsafe links dropped), on one thread; the HTML is counted and thrown
 * away. No YAML, no validation, no templates, no files written.
 *
 *   gcc -O2 -o cmark-floor Scripts/cmark-floor.c $(pkg-config --cflags --libs libcmark-gfm)
 *   find CASE/notes -name '*.md' | ./cmark-floor
 *
 * Prints one line: "N documents, B bytes in, H bytes out". Exits 1 if a file cannot be read.
 */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const extension_names[] = {"table", "strikethrough", "autolink", "tagfilter", "tasklist"};
#define EXTENSION_COUNT (sizeof extension_names / sizeof extension_names[0])

/* Reads the whole file into *buffer (grown as needed); returns its length, or -1. */
static long slurp(const char *path, char **buffer, size_t *capacity) {
    FILE *file = fopen(path, "rb");
    if (!file) return -1;
    size_t length = 0, got;
    for (;;) {
        if (length == *capacity) {
            *capacity = *capacity ? *capacity * 2 : 1 << 16;
            char *grown = realloc(*buffer, *capacity);
            if (!grown) { fclose(file); return -1; }
            *buffer = grown;
        }
        got = fread(*buffer + length, 1, *capacity - length, file);
        if (got == 0) break;
        length += got;
    }
    int failed = ferror(file);
    fclose(file);
    return failed ? -1 : (long)length;
}

int main(void) {
    cmark_gfm_core_extensions_ensure_registered();
    cmark_syntax_extension *extensions[EXTENSION_COUNT];
    for (size_t i = 0; i < EXTENSION_COUNT; i++) {
        extensions[i] = cmark_find_syntax_extension(extension_names[i]);
        if (!extensions[i]) {
            fprintf(stderr, "cmark-floor: libcmark-gfm has no %s extension\n", extension_names[i]);
            return 1;
        }
    }

    char line[8192];
    char *source = NULL;
    size_t capacity = 0;
    long long documents = 0, bytes_in = 0, bytes_out = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') continue;
        long length = slurp(line, &source, &capacity);
        if (length < 0) { perror(line); return 1; }

        cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
        for (size_t i = 0; i < EXTENSION_COUNT; i++)
            cmark_parser_attach_syntax_extension(parser, extensions[i]);
        cmark_parser_feed(parser, source, (size_t)length);
        cmark_node *document = cmark_parser_finish(parser);
        char *html = cmark_render_html(document, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser));

        documents += 1;
        bytes_in += length;
        bytes_out += (long long)strlen(html);
        free(html);
        cmark_node_free(document);
        cmark_parser_free(parser);
    }
    free(source);
    printf("%lld documents, %lld bytes in, %lld bytes out\n", documents, bytes_in, bytes_out);
    return 0;
}
