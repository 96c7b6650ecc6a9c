/*
 * Reading a `.lean` file into a JavaScript string whose characters live outside V8's heap (an
 * external string): the collector never copies them, and no JavaScript buffer or decoding pass is
 * made. Only the plain case is handled here: a readable file of at most `max_bytes` bytes, valid
 * UTF-8, no NUL byte. Anything else is left to src/lean/source.ts, which reports it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scanner.h"

/* The file's bytes (malloc'ed, *length set), or NULL when unreadable or over max_bytes. */
static unsigned char *read_file(const char *path, size_t max_bytes, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  size_t capacity = 1 << 16, size = 0;
  unsigned char *bytes = malloc(capacity);
  while (bytes) {
    size_t got = fread(bytes + size, 1, capacity - size, file);
    size += got;
    if (size > max_bytes || ferror(file)) break;
    if (got == 0 || feof(file)) {
      fclose(file);
      *length = size;
      return bytes;
    }
    if (size == capacity) {
      unsigned char *more = realloc(bytes, capacity *= 2);
      if (!more) break;
      bytes = more;
    }
  }
  free(bytes);
  fclose(file);
  return NULL;
}

/* Number of UTF-16 code units of valid, NUL-free UTF-8 bytes; -1 otherwise (overlong forms, surrogates and code points over U+10FFFF are invalid). */
static long utf16_length(const unsigned char *b, size_t n) {
  long units = 0;
  for (size_t i = 0; i < n;) {
    unsigned c = b[i];
    if (c == 0) return -1;
    if (c < 0x80) {
      i++, units++;
      continue;
    }
    int extra = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (extra < 0 || i + extra >= n) return -1;
    unsigned lo = 0x80, hi = 0xbf;
    if (c == 0xe0) lo = 0xa0;
    else if (c == 0xed) hi = 0x9f;
    else if (c == 0xf0) lo = 0x90;
    else if (c == 0xf4) hi = 0x8f;
    if (b[i + 1] < lo || b[i + 1] > hi) return -1;
    for (int k = 2; k <= extra; k++)
      if ((b[i + k] & 0xc0) != 0x80) return -1;
    i += extra + 1;
    units += extra == 3 ? 2 : 1;
  }
  return units;
}

static void utf16_decode(const unsigned char *b, size_t n, uint16_t *out) {
  for (size_t i = 0; i < n;) {
    unsigned c = b[i];
    if (c < 0x80) {
      *out++ = (uint16_t)c;
      i++;
    } else if (c < 0xe0) {
      *out++ = (uint16_t)(((c & 0x1f) << 6) | (b[i + 1] & 0x3f));
      i += 2;
    } else if (c < 0xf0) {
      *out++ = (uint16_t)(((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f));
      i += 3;
    } else {
      uint32_t cp = ((c & 0x07) << 18) | ((b[i + 1] & 0x3f) << 12) | ((b[i + 2] & 0x3f) << 6) | (b[i + 3] & 0x3f);
      cp -= 0x10000;
      *out++ = (uint16_t)(0xd800 + (cp >> 10));
      *out++ = (uint16_t)(0xdc00 + (cp & 0x3ff));
      i += 4;
    }
  }
}

int source_read(const char *path, size_t max_bytes, SourceText *out) {
  size_t n = 0;
  unsigned char *bytes = read_file(path, max_bytes, &n);
  if (!bytes) return 0;
  long units = utf16_length(bytes, n);
  if (units < 0) {
    free(bytes);
    return 0;
  }
  out->bytes = n;
  out->length = (size_t)units;
  if ((size_t)units == n) {
    out->latin1 = (char *)bytes;
    out->utf16 = NULL;
    return 1;
  }
  out->utf16 = malloc(sizeof(uint16_t) * (units + 1));
  if (out->utf16) utf16_decode(bytes, n, out->utf16);
  free(bytes);
  out->latin1 = NULL;
  return out->utf16 != NULL;
}
