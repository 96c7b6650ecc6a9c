/*
 * The Lean lexer of src/lean/lexer.ts in C, as a Node-API addon: the same tokens, the same token
 * table, the same identifier ids. The TypeScript lexer is the reference; this one is used when it
 * was built (see src/lean/native.ts), and test/lean/native.test.ts checks that both agree. Its state
 * is one Lexer per Node environment (thread): the contamination scan lexes in worker threads.
 *
 * The identifier table (text -> id) lives here, one per NameTable of the JavaScript side; names
 * new to it are reported back, so that JavaScript keeps the id -> text list and the flags. The
 * tables the JavaScript TokenTable owns are written in place; when they are full, lexing stops
 * with the pending token kept and resumes once JavaScript has grown them.
 */
#include <stdlib.h>
#include <string.h>
#include "scanner.h"

enum { IDENT = 0, KEYWORD = 1, SYMBOL = 2, NUMBER = 3, STRING = 4, CHAR = 5, LINE_COMMENT = 6, BLOCK_COMMENT = 7, DOC_COMMENT = 8, MODULE_DOC = 9, ATTRIBUTE_OPEN = 10 };
enum { UNTERMINATED_NAME = 0, UNTERMINATED_BLOCK = 1, UNTERMINATED_DOC = 2, UNTERMINATED_STRING = 3, UNTERMINATED_RAW = 4 };
#define MULTI 0x110000
/* Four UTF-16 spaces, as one 64-bit load reads them. */
#define SPACES 0x0020002000200020ull

/* Set once by lexer_configure(): character classes, multi-character symbols, binder symbols, flag bits. */
static uint8_t bmp_class[0x10000];
static int32_t multi_keys[32];
static int multi_count;
static int keyword_count;
static uint8_t gap_word_flag;
static uint8_t binder_start_flag;

/* ---- character classes (Lean's isLetterLike / isSubScriptAlnum, as in lexer.ts) ---- */

static int is_letter_like_astral(uint32_t cp) {
  return cp >= 0x1d49c && cp <= 0x1d59f;
}

static int is_id_first(uint32_t cp) {
  return cp < 0x10000 ? (bmp_class[cp] & 1) != 0 : is_letter_like_astral(cp);
}

static int is_id_rest(uint32_t cp) {
  return cp < 0x10000 ? (bmp_class[cp] & 2) != 0 : is_letter_like_astral(cp);
}

static int is_digit(uint32_t c) {
  return c >= 48 && c <= 57;
}

static int is_hex_digit(uint32_t c) {
  return is_digit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/* Bit of bmp_class set by lexer_configure for the binder symbols (lexer.ts uses bits 1 and 2). */
#define BINDER_SYMBOL_CLASS 4

static inline int is_binder_symbol(int32_t c) {
  return c >= 0 && c < 0x10000 && (bmp_class[c] & BINDER_SYMBOL_CLASS) != 0;
}

int lexer_is_binder_symbol(int32_t c) {
  return is_binder_symbol(c);
}

/* ---- the lexer's state, kept between a stop on a full table and the resumption ---- */

struct Lexer {
  const uint16_t *u;
  int32_t n, pos, line, line_start, count;
  int gap_words;
  int32_t exit_token, longest_line;
  IntList interp, comments, starters, new_names, problems;
  Names *names;
  int32_t known_names;
  const uint8_t *flags;
  TokenColumns table;
  int pending;
  int32_t pending_token[7];
  /* Set by ident_end (hash of the name, offset of an unterminated `«` or -1) and string_end (stopped at an interpolation `{`). */
  uint32_t ident_hash;
  int32_t ident_quote_error;
  int string_opened;
};

static uint32_t code_point_at(Lexer *L, int32_t i) {
  uint32_t c = L->u[i];
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < L->n) {
    uint32_t d = L->u[i + 1];
    if (d >= 0xdc00 && d <= 0xdfff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
  }
  return c;
}

static int32_t line_end_from(Lexer *L, int32_t i) {
  while (i < L->n && L->u[i] != 10) i++;
  return i;
}

static int32_t ident_end(Lexer *L, int32_t pos) {
  const uint16_t *u = L->u;
  int32_t i = pos;
  uint32_t hash = 0;
  L->ident_quote_error = -1;
  for (;;) {
    if (u[i] == 0xab) {
      int32_t eol = line_end_from(L, i), close = i + 1;
      while (close < eol && u[close] != 0xbb) close++;
      int unterminated = close >= eol;
      if (unterminated) L->ident_quote_error = i;
      /* What the quotes hold counts in the hash like any other code point: names told apart only inside them hash apart. */
      for (int32_t to = unterminated ? eol : close + 1; i < to;) {
        uint32_t r = code_point_at(L, i);
        hash = hash_step(hash, r);
        i += r > 0xffff ? 2 : 1;
      }
      if (unterminated) break;
    } else {
      /* A component's first code point is letter-like: the caller tested it, or the test for a dot before it below. */
      uint32_t r = code_point_at(L, i);
      hash = hash_step(hash, r);
      i += r > 0xffff ? 2 : 1;
      /* The rest, ASCII first: the units after the text are zeros (PADDING), which end it. */
      for (;;) {
        uint32_t d = u[i];
        if (d < 128) {
          if ((bmp_class[d] & 2) == 0) break;
          hash = hash_step(hash, d);
          i++;
        } else {
          r = code_point_at(L, i);
          if (!is_id_rest(r)) break;
          hash = hash_step(hash, r);
          i += r > 0xffff ? 2 : 1;
        }
      }
    }
    if (u[i] == 46 && i + 1 < L->n && (u[i + 1] == 0xab || is_id_first(code_point_at(L, i + 1)))) {
      hash = hash_step(hash, 46);
      i++;
    } else break;
  }
  L->ident_hash = hash;
  return i;
}

static int32_t raw_string_end(Lexer *L, int32_t pos) {
  const uint16_t *u = L->u;
  int32_t hashes = 0, i = pos + 1;
  while (u[i] == 35) hashes++, i++;
  if (u[i] != 34) return -1;
  for (int32_t j = i + 1; j < L->n; j++) {
    if (u[j] != 34) continue;
    int32_t k = 0;
    while (k < hashes && u[j + 1 + k] == 35) k++;
    if (k == hashes) return j + 1 + hashes;
  }
  return -2;
}

static int32_t number_end(Lexer *L, int32_t pos, int field_index) {
  const uint16_t *u = L->u;
  int32_t n = L->n, i = pos + 1;
  uint32_t c = u[pos], next = u[pos + 1];
  if (c == 48 && (next == 120 || next == 88 || next == 98 || next == 66 || next == 111 || next == 79)) {
    i = pos + 2;
    while (i < n && is_hex_digit(u[i])) i++;
    return i;
  }
  while (i < n && is_digit(u[i])) i++;
  if (field_index) return i;
  if (u[i] == 46 && is_digit(u[i + 1])) {
    i += 2;
    while (i < n && is_digit(u[i])) i++;
  }
  uint32_t e = u[i];
  if (e == 101 || e == 69) {
    int32_t j = i + 1;
    if (u[j] == 43 || u[j] == 45) j++;
    if (is_digit(u[j])) {
      i = j;
      while (i < n && is_digit(u[i])) i++;
    }
  }
  return i;
}

static int32_t char_end(Lexer *L, int32_t pos) {
  const uint16_t *u = L->u;
  uint32_t next = u[pos + 1];
  if (next == 92) {
    int32_t limit = L->n < pos + 14 ? L->n : pos + 14;
    for (int32_t j = pos + 3; j < limit; j++) {
      if (u[j] == 10) return -1;
      if (u[j] == 39) return j + 1;
    }
    return -1;
  }
  if (next == 10 || next == 39 || pos + 1 >= L->n) return -1;
  int32_t w = code_point_at(L, pos + 1) > 0xffff ? 2 : 1;
  return u[pos + 1 + w] == 39 ? pos + 2 + w : -1;
}

static int32_t block_end(Lexer *L, int32_t from) {
  const uint16_t *u = L->u;
  int32_t depth = 1, i = from;
  while (i < L->n) {
    if (u[i] == 45 && u[i + 1] == 47) {
      i += 2;
      if (--depth == 0) return i;
    } else if (u[i] == 47 && u[i + 1] == 45) {
      i += 2;
      depth++;
    } else i++;
  }
  return -1;
}

static int32_t string_end(Lexer *L, int32_t from, int interpolated) {
  const uint16_t *u = L->u;
  int32_t i = from;
  while (i < L->n) {
    uint32_t c = u[i];
    if (c == 92) i += 2;
    else if (c == 34) {
      L->string_opened = 0;
      return i + 1;
    } else if (interpolated && c == 123) {
      L->string_opened = 1;
      return i + 1;
    } else i++;
  }
  return -1;
}

static int32_t symbol_length(Lexer *L, int32_t pos, uint32_t c, uint32_t next) {
  const uint16_t *u = L->u;
  switch (c) {
    case 58: return next == 61 || next == 58 ? 2 : 1;
    case 61: return next == 62 || next == 61 ? 2 : 1;
    case 45: return next == 62 ? 2 : 1;
    case 60:
      if (next == 59 && u[pos + 2] == 62) return 3;
      return next == 45 || next == 61 || next == 124 ? 2 : 1;
    case 46:
      if (next != 46) return 1;
      return u[pos + 2] == 46 ? 3 : 2;
    case 124:
      if (next == 62) return u[pos + 2] == 46 ? 3 : 2;
      return next == 124 ? 2 : 1;
    case 38: return next == 38 ? 2 : 1;
    case 62:
    case 33: return next == 61 ? 2 : 1;
    case 43: return next == 43 ? 2 : 1;
    default: return c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
}

static int32_t multi_code(uint32_t a, uint32_t b, uint32_t c) {
  int32_t key = (int32_t)((a * 128 + b) * 128 + c);
  for (int k = 0; k < multi_count; k++)
    if (multi_keys[k] == key) return MULTI + k;
  return -1;
}

/* The id of identifier units[start, end), reporting it to JavaScript when new; -1 when out of memory. */
static int32_t intern_ident(Lexer *L, int32_t start, int32_t end, uint32_t hash) {
  int added = 0;
  int32_t id = names_intern_padded(L->names, L->u + start, end - start, hash, &added);
  if (added && (!int_list_push(&L->new_names, start) || !int_list_push(&L->new_names, end))) return -1;
  return id;
}

/* A symbol token at pos (c, then next): its end; its code (the character, or MULTI + k for the k-th multi-character symbol) and whether it starts a binder run. */
static inline int32_t symbol_token(Lexer *L, int32_t pos, uint32_t c, uint32_t next, int32_t *code, int32_t *starter) {
  if (L->interp.length > 0 && (c == 123 || c == 125)) L->interp.data[L->interp.length - 1] += c == 123 ? 1 : -1;
  int32_t len = symbol_length(L, pos, c, next);
  int32_t multi = len > 1 && c < 128 ? multi_code(c, next, len > 2 ? L->u[pos + 2] : 0) : -1;
  *code = multi >= 0 ? multi : (int32_t)c;
  *starter = *code == 124 || *code == 123 || is_binder_symbol(*code);
  return pos + len;
}

/* The ASCII characters that may start a token other than a symbol or an identifier: `-- /- " } r 0-9 ' @[ #`. */
static const uint8_t STARTS_OTHER[128] = {['-'] = 1, ['/'] = 1, ['"'] = 1, ['}'] = 1, ['r'] = 1, ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
                                          ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, ['\''] = 1, ['@'] = 1, ['#'] = 1};

/* Whether the `#…` keyword on [pos, end) is Verso's `#doc (Genre) "Title" =>`: the rest of the file is a document, not Lean commands (as lexer.ts). */
static int opens_verso_document(const Lexer *L, int32_t pos, int32_t end) {
  const uint16_t *u = L->u;
  if (end - pos != 4 || u[pos + 1] != 'd' || u[pos + 2] != 'o' || u[pos + 3] != 'c') return 0;
  int32_t j = end;
  while (j < L->n && (u[j] == 32 || u[j] == 9)) j++;
  return j < L->n && u[j] == 40;
}

/* Stores the loop's position back into the lexer state (kept in locals while lexing, as they change with every token). */
static inline void save(Lexer *L, int32_t pos, int32_t line, int32_t line_start, int32_t count, int32_t longest) {
  L->pos = pos;
  L->longest_line = longest;
  L->line = line;
  L->line_start = line_start;
  L->count = count;
}

/* Lexes from L->pos on: 0 when done, 1 when the token table is full (the token kept pending), -1 when out of memory. */
static int lex_run(Lexer *L) {
  const uint16_t *u = L->u;
  const int32_t n = L->n, capacity = L->table.capacity;
  uint8_t *kinds = L->table.kinds;
  int32_t *starts = L->table.starts, *ends = L->table.ends, *lines = L->table.lines, *columns = L->table.columns, *codes = L->table.codes;
  int32_t pos = L->pos, line_no = L->line, line_start = L->line_start, count = L->count, longest = L->longest_line;
  if (L->pending) {
    if (count == capacity) return 1;
    const int32_t *t = L->pending_token;
    kinds[count] = (uint8_t)t[0], starts[count] = t[1], ends[count] = t[2], lines[count] = t[3], columns[count] = t[4], codes[count] = t[5];
    if (t[6] && !int_list_push(&L->starters, count)) return -1;
    L->pending = 0;
    count++;
  }
  while (pos < n) {
    uint32_t c = u[pos];
    if (c == 32 || c == 10 || c == 9 || c == 13) {
      for (;;) {
        if (c == 32 || c == 9 || c == 13) pos++;
        else if (c == 10) {
          if (pos - line_start > longest) longest = pos - line_start;
          pos++;
          line_no++;
          line_start = pos;
          /* Indentation: four spaces at a time. */
          uint64_t four;
          while (pos + 4 <= n && (memcpy(&four, u + pos, 8), four == SPACES)) pos += 4;
        } else break;
        if (pos >= n) break;
        c = u[pos];
      }
      /* The token after the blanks is read at once, its first unit in c (not tested for a blank again). */
      if (pos >= n) break;
    }
    const int32_t start = pos, col = pos - line_start, line = line_no;
    const uint32_t next = pos + 1 < n ? u[pos + 1] : 0;
    int32_t kind = SYMBOL, code = 0, end, starter = 0;
    int problem = -1;
    if (c < 128 ? (bmp_class[c] & 1) != 0 && !(c == 114 && (next == 34 || next == 35)) : c == 0xab || is_id_first(code_point_at(L, pos))) {
      end = ident_end(L, pos);
      if (L->ident_quote_error >= 0) problem = UNTERMINATED_NAME;
      code = intern_ident(L, start, end, L->ident_hash);
      if (code < 0) {
        save(L, pos, line_no, line_start, count, longest);
        return -1;
      }
      kind = code < keyword_count ? KEYWORD : IDENT;
      if (code < L->known_names) {
        uint8_t flags = L->flags[code];
        if (flags & gap_word_flag) L->gap_words = 1;
        starter = (flags & binder_start_flag) != 0;
      }
    } else if (c >= 128 || !STARTS_OTHER[c]) {
      end = symbol_token(L, pos, c, next, &code, &starter);
    } else if (c == 45 && next == 45) {
      kind = LINE_COMMENT;
      end = line_end_from(L, pos);
    } else if (c == 47 && next == 45) {
      uint32_t third = u[pos + 2];
      kind = third == 45 ? DOC_COMMENT : third == 33 ? MODULE_DOC : BLOCK_COMMENT;
      end = block_end(L, pos + (kind == BLOCK_COMMENT ? 2 : 3));
      if (end < 0) {
        problem = kind == BLOCK_COMMENT ? UNTERMINATED_BLOCK : UNTERMINATED_DOC;
        end = n;
      }
    } else if (c == 34 || (L->interp.length > 0 && c == 125 && L->interp.data[L->interp.length - 1] == 0)) {
      int32_t p = count - 1;
      int interpolated = c == 125 || (p >= 0 && ends[p] == pos && kinds[p] == IDENT && u[pos - 1] == 33);
      if (c == 125) L->interp.length--;
      kind = STRING;
      end = string_end(L, pos + 1, interpolated);
      if (end < 0) {
        problem = UNTERMINATED_STRING;
        end = line_end_from(L, start);
      } else if (L->string_opened && !int_list_push(&L->interp, 0)) {
        save(L, pos, line_no, line_start, count, longest);
        return -1;
      }
    } else if (c == 114) {
      kind = STRING;
      end = raw_string_end(L, pos);
      if (end == -1) {
        kind = IDENT;
        end = pos + 1;
        code = intern_ident(L, start, end, c);
        if (code < 0) {
          save(L, pos, line_no, line_start, count, longest);
          return -1;
        }
      } else if (end < 0) {
        problem = UNTERMINATED_RAW;
        end = line_end_from(L, pos);
      }
    } else if (c >= 48 && c <= 57) {
      int32_t p = count - 1;
      int field_index = p >= 0 && ends[p] == pos && codes[p] == 46 && kinds[p] == SYMBOL;
      kind = NUMBER;
      end = number_end(L, pos, field_index);
    } else if (c == 39) {
      end = char_end(L, pos);
      if (end > 0) kind = CHAR;
      else {
        end = pos + 1;
        code = (int32_t)c;
      }
    } else if (c == 64 && next == 91) {
      kind = ATTRIBUTE_OPEN;
      end = pos + 2;
    } else if (c == 35 && next < 128 && (bmp_class[next] & 1) != 0) {
      kind = KEYWORD;
      code = -1;
      end = pos + 2;
      while (end < n && u[end] < 128 && (bmp_class[u[end]] & 2) != 0) end++;
      if (L->exit_token < 0 && ((end - pos == 5 && u[pos + 1] == 'e' && u[pos + 2] == 'x' && u[pos + 3] == 'i' && u[pos + 4] == 't') || opens_verso_document(L, pos, end))) L->exit_token = count;
    } else end = symbol_token(L, pos, c, next, &code, &starter);

    if (problem >= 0) {
      int32_t column = problem == UNTERMINATED_NAME ? L->ident_quote_error - line_start : col;
      if (!int_list_push(&L->problems, problem) || !int_list_push(&L->problems, line) || !int_list_push(&L->problems, column)) {
        save(L, pos, line_no, line_start, count, longest);
        return -1;
      }
    }
    if (kind >= STRING && kind <= MODULE_DOC && kind != CHAR && kind != LINE_COMMENT && problem < 0) {
      for (int32_t i = pos; i < end; i++) {
        if (u[i] == 10) {
          if (i - line_start > longest) longest = i - line_start;
          line_no++;
          line_start = i + 1;
        }
      }
    }
    pos = end;
    if (kind == LINE_COMMENT || kind == BLOCK_COMMENT) {
      if (!int_list_push(&L->comments, kind) || !int_list_push(&L->comments, start) || !int_list_push(&L->comments, end) || !int_list_push(&L->comments, line) || !int_list_push(&L->comments, col)) {
        save(L, pos, line_no, line_start, count, longest);
        return -1;
      }
    } else if (count == capacity) {
      const int32_t token[7] = {kind, start, end, line, col, code, starter};
      memcpy(L->pending_token, token, sizeof(token));
      L->pending = 1;
      save(L, pos, line_no, line_start, count, longest);
      return 1;
    } else {
      kinds[count] = (uint8_t)kind, starts[count] = start, ends[count] = end, lines[count] = line, columns[count] = col, codes[count] = code;
      if (starter && !int_list_push(&L->starters, count)) {
        save(L, pos, line_no, line_start, count, longest);
        return -1;
      }
      count++;
    }
  }
  if (n - line_start > longest) longest = n - line_start;
  save(L, pos, line_no, line_start, count, longest);
  return 0;
}

Lexer *lexer_new(void) {
  return calloc(1, sizeof(Lexer));
}

void lexer_free(Lexer *L) {
  IntList *lists[5] = {&L->interp, &L->comments, &L->starters, &L->new_names, &L->problems};
  for (int k = 0; k < 5; k++) free(lists[k]->data);
  free(L);
}

void lexer_configure(const uint8_t *classes, const int32_t *multi, int multi_n, const int32_t *binders, int binder_n, int keywords,
                     uint8_t gap_word, uint8_t binder_start) {
  memcpy(bmp_class, classes, sizeof(bmp_class));
  multi_count = multi_n < 32 ? multi_n : 32;
  memcpy(multi_keys, multi, sizeof(int32_t) * multi_count);
  for (int k = 0; k < binder_n; k++)
    if (binders[k] >= 0 && binders[k] < 0x10000) bmp_class[binders[k]] |= BINDER_SYMBOL_CLASS;
  keyword_count = keywords;
  gap_word_flag = gap_word;
  binder_start_flag = binder_start;
}

int lexer_start(Lexer *L, Names *names, const uint16_t *units, int32_t n, int32_t known_names, const uint8_t *flags, const TokenColumns *table) {
  L->u = units;
  L->n = n;
  L->pos = 0;
  L->line = 1;
  L->line_start = 0;
  L->count = 0;
  L->gap_words = 0;
  L->exit_token = -1;
  L->longest_line = 0;
  L->interp.length = L->comments.length = L->starters.length = L->new_names.length = L->problems.length = 0;
  L->names = names;
  L->known_names = known_names;
  L->flags = flags;
  L->pending = 0;
  return lexer_resume(L, table);
}

int lexer_resume(Lexer *L, const TokenColumns *table) {
  L->table = *table;
  return lex_run(L);
}

void lexer_results(const Lexer *L, LexResults *out) {
  out->count = L->count;
  out->gap_words = L->gap_words;
  out->exit_token = L->exit_token;
  out->longest_line = L->longest_line;
  out->comments = &L->comments;
  out->starters = &L->starters;
  out->new_names = &L->new_names;
  out->problems = &L->problems;
}
