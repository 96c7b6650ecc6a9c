/*
 * Reading a `.lean` file into a JavaScript string whose characters live outside V8's heap (an
 * external string): the collector never copies them, and no JavaScript buffer or decoding pass is
 * made. Only the plain case is handled here: a readable file of at most `max_bytes` bytes, valid
 * UTF-8, no NUL byte. Anything else is left to src/lean/source.ts, which reports it.
 */
#include <stdlib.h>
#include <string.h>
#include <uv.h>
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define SIXTEEN_AT_A_TIME 1
#endif
#include "scanner.h"

/* Makes room for `capacity` bytes in the buffer; 0 when out of memory. */
static int reserve(ReadBuffer *buffer, size_t capacity) {
  if (capacity <= buffer->capacity) return 1;
  unsigned char *more = realloc(buffer->bytes, capacity);
  if (!more) return 0;
  buffer->bytes = more;
  buffer->capacity = capacity;
  return 1;
}

/* The result of a synchronous libuv file call (no loop, no callback), its request cleaned up. */
static ssize_t fs_result(uv_fs_t *req) {
  ssize_t result = req->result;
  uv_fs_req_cleanup(req);
  return result;
}

/*
 * Reads the file into buffer->bytes (*length set); 0 when unreadable or over max_bytes. Through
 * libuv's synchronous calls (UTF-8 paths on every platform): open, fstat, then reads into room for
 * the size fstat gave plus one byte. A read that stops short at that size is the end of the file;
 * a file that grows or shrinks meanwhile is read on until a read gives nothing.
 */
static int read_file(const char *path, size_t max_bytes, ReadBuffer *buffer, size_t *length) {
  uv_fs_t req;
  uv_fs_open(NULL, &req, path, UV_FS_O_RDONLY, 0, NULL);
  uv_file fd = (uv_file)fs_result(&req);
  if (fd < 0) return 0;
  int ok = uv_fs_fstat(NULL, &req, fd, NULL) == 0, done = 0;
  uint64_t expected = ok ? req.statbuf.st_size : 0;
  uv_fs_req_cleanup(&req);
  size_t size = 0;
  ok = ok && reserve(buffer, expected < max_bytes ? (size_t)expected + 1 : 1 << 16);
  while (ok && !done) {
    uv_buf_t room = uv_buf_init((char *)buffer->bytes + size, (unsigned int)(buffer->capacity - size));
    uv_fs_read(NULL, &req, fd, &room, 1, -1, NULL);
    ssize_t got = fs_result(&req);
    if (got < 0) break;
    size += (size_t)got;
    if (size > max_bytes) break;
    done = got == 0 || (size == expected && (size_t)got < room.len);
    if (!done && size == buffer->capacity) ok = reserve(buffer, buffer->capacity * 2);
  }
  uv_fs_close(NULL, &req, fd, NULL);
  uv_fs_req_cleanup(&req);
  *length = size;
  return done;
}

#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* The length of the prefix of b[0, n) that is ASCII without NUL, found 8 bytes at a time. */
static size_t ascii_prefix(const unsigned char *b, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t v;
    memcpy(&v, b + i, 8);
    if ((v & HIGHS) != 0 || ((v - ONES) & ~v & HIGHS) != 0) break;
  }
  while (i < n && b[i] != 0 && b[i] < 0x80) i++;
  return i;
}

/*
 * Decodes valid, NUL-free UTF-8 b[from, n) into out (room for n - from units); the number of units,
 * or -1 for any other bytes (overlong forms, surrogates and code points over U+10FFFF are invalid).
 */
static long utf16_decode(const unsigned char *b, size_t from, size_t n, uint16_t *out) {
  uint16_t *start = out;
  for (size_t i = from; i < n;) {
    /* Lean source is mostly ASCII between its symbols: 16 such bytes at a time where SSE2 is (x86-64), then 8. */
#ifdef SIXTEEN_AT_A_TIME
    const __m128i zero = _mm_setzero_si128();
    while (i + 16 <= n) {
      __m128i v = _mm_loadu_si128((const __m128i *)(b + i));
      /* A byte with its high bit set (not ASCII) or a NUL stops the fast path. */
      if (_mm_movemask_epi8(_mm_or_si128(v, _mm_cmpeq_epi8(v, zero))) != 0) break;
      _mm_storeu_si128((__m128i *)out, _mm_unpacklo_epi8(v, zero));
      _mm_storeu_si128((__m128i *)(out + 8), _mm_unpackhi_epi8(v, zero));
      out += 16;
      i += 16;
    }
#endif
    while (i + 8 <= n) {
      uint64_t v;
      memcpy(&v, b + i, 8);
      if ((v & HIGHS) != 0 || ((v - ONES) & ~v & HIGHS) != 0) break;
      for (int k = 0; k < 8; k++) out[k] = b[i + k];
      out += 8;
      i += 8;
    }
    if (i >= n) break;
    unsigned c = b[i];
    if (c == 0) return -1;
    if (c < 0x80) {
      *out++ = (uint16_t)c;
      i++;
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
    if (extra == 1) {
      *out++ = (uint16_t)(((c & 0x1f) << 6) | (b[i + 1] & 0x3f));
    } else if (extra == 2) {
      *out++ = (uint16_t)(((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f));
    } else {
      uint32_t cp = (((c & 0x07) << 18) | ((b[i + 1] & 0x3f) << 12) | ((b[i + 2] & 0x3f) << 6) | (b[i + 3] & 0x3f)) - 0x10000;
      *out++ = (uint16_t)(0xd800 + (cp >> 10));
      *out++ = (uint16_t)(0xdc00 + (cp & 0x3ff));
    }
    i += extra + 1;
  }
  return out - start;
}

int source_read(const char *path, size_t max_bytes, ReadBuffer *buffer, SourceText *out) {
  size_t n = 0;
  if (!read_file(path, max_bytes, buffer, &n)) return 0;
  const unsigned char *bytes = buffer->bytes;
  size_t ascii = ascii_prefix(bytes, n);
  out->bytes = n;
  if (ascii == n) {
    out->latin1 = malloc(n ? n : 1);
    if (!out->latin1) return 0;
    memcpy(out->latin1, bytes, n);
    out->utf16 = NULL;
    out->length = n;
    return 1;
  }
  /* A UTF-8 text has at most as many UTF-16 units as bytes; PADDING zeros follow them, so that the lexer can read the text in place. */
  uint16_t *units = malloc(sizeof(uint16_t) * (n + PADDING));
  long length = -1;
  if (units) {
    for (size_t i = 0; i < ascii; i++) units[i] = bytes[i];
    long rest = utf16_decode(bytes, ascii, n, units + ascii);
    if (rest >= 0) length = (long)ascii + rest;
  }
  if (length < 0) {
    free(units);
    return 0;
  }
  for (int k = 0; k < PADDING; k++) units[length + k] = 0;
  out->latin1 = NULL;
  out->utf16 = units;
  out->length = (size_t)length;
  return 1;
}
