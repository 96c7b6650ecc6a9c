/*
 * The command splitter of src/lean/parser.ts (FileParser.commands, commandAt, chainKeyword) in C:
 * splits a file's token table into top-level commands. The TypeScript splitter is the reference;
 * test/lean/native.test.ts checks that both give the same commands.
 *
 * A `syntax`, `macro` or `elab` command may make a word a command of the project, which changes
 * how the tokens after it split. Reading what it defines stays in TypeScript (commands.ts): at the
 * points where the reference calls learnCommand, the splitter stops and reports the command; it
 * resumes with the name flags as they are after the learning.
 */
#include <stdlib.h>
#include "scanner.h"

enum { IDENT = 0, KEYWORD = 1, SYMBOL = 2, NUMBER = 3, STRING = 4, CHAR = 5, DOC_COMMENT = 8, ATTRIBUTE_OPEN = 10 };

/* Set once by splitter_configure(). */
static uint8_t keyword_flags[256];
static int keyword_count;
static SplitterConstants k;

void splitter_configure(const uint8_t *flags, int count, const SplitterConstants *constants) {
  keyword_count = copy_keyword_table(keyword_flags, flags, count);
  k = *constants;
}

/* Where a split stopped: before the learning check of token i (STOP_MID), before ending the current command at token i (STOP_END), or not (RUNNING). */
enum { RUNNING = 0, STOP_MID = 1, STOP_END = 2 };

struct Splitter {
  TokenColumns t;
  int32_t n;
  const uint8_t *flags;
  int32_t flag_count;
  int32_t i, depth, quote_depth, base_column, after_in, defining;
  int32_t current_start, current_keyword; /* current_start < 0: no command yet */
  int32_t stopped, next_keyword;
  IntList out;
};

Splitter *splitter_new(void) {
  return calloc(1, sizeof(Splitter));
}

void splitter_free(Splitter *s) {
  free(s->out.data);
  free(s);
}

static inline int kind(const Splitter *s, int32_t j) {
  return s->t.kinds[j];
}

static inline int32_t code(const Splitter *s, int32_t j) {
  return s->t.codes[j];
}

static inline uint8_t name_flags(const Splitter *s, int32_t id) {
  return id >= 0 && id < s->flag_count ? s->flags[id] : 0;
}

static inline int is_keyword(const Splitter *s, int32_t j, int32_t id) {
  return j < s->n && kind(s, j) == KEYWORD && code(s, j) == id;
}

static inline int is_symbol(const Splitter *s, int32_t j, int32_t c) {
  return j < s->n && kind(s, j) == SYMBOL && code(s, j) == c;
}

static inline int flags_of_keyword(const Splitter *s, int32_t j) {
  if (kind(s, j) != KEYWORD) return 0;
  int32_t id = code(s, j);
  return id >= 0 && id < keyword_count ? keyword_flags[id] : 0;
}

static inline int is_hash_command(const Splitter *s, int32_t j) {
  return kind(s, j) == KEYWORD && code(s, j) == -1;
}

static inline int line_first(const Splitter *s, int32_t j) {
  return j == 0 || s->t.lines[j - 1] < s->t.lines[j];
}

static int is_modifier(const Splitter *s, int32_t j) {
  int kd = kind(s, j);
  if (kd == KEYWORD) return (flags_of_keyword(s, j) & k.modifier) != 0;
  return kd == IDENT && (code(s, j) == k.public_id || code(s, j) == k.meta_id);
}

static int is_project_command(const Splitter *s, int32_t j) {
  if (kind(s, j) != IDENT) return 0;
  uint8_t f = name_flags(s, code(s, j));
  if ((f & k.project_command) == 0) return 0;
  return (f & k.declaration_command) == 0 || (j + 1 < s->n && kind(s, j + 1) == IDENT);
}

static inline int delta(const Splitter *s, int32_t j) {
  return bracket_delta(kind(s, j), code(s, j));
}

static int32_t matching(const Splitter *s, int32_t open) {
  int32_t depth = 0;
  for (int32_t j = open; j < s->n; j++) {
    depth += delta(s, j);
    if (depth == 0) return j;
  }
  return s->n - 1;
}

static int opens_quotation(const Splitter *s, int32_t j) {
  return is_symbol(s, j, 40) && j > 0 && is_symbol(s, j - 1, 96) && s->t.ends[j - 1] == s->t.starts[j];
}

/* From a doc comment, `@[…]` or modifier at i, the command keyword the chain leads to, or -1 (with `any`, a bare keyword at i counts). */
static int32_t chain_keyword(const Splitter *s, int32_t i, int any) {
  int32_t j = i;
  while (j < s->n) {
    int kd = kind(s, j);
    if (kd == DOC_COMMENT || is_modifier(s, j)) j++;
    else if (kd == ATTRIBUTE_OPEN) j = matching(s, j) + 1;
    else break;
  }
  if (j < s->n && (j > i || any) && is_project_command(s, j)) return j;
  if (j >= s->n || kind(s, j) != KEYWORD) return -1;
  if (j == i && !any) return -1;
  if ((flags_of_keyword(s, j) & (k.decl | k.strong | k.weak)) || is_hash_command(s, j)) return j;
  if (is_keyword(s, j, k.deriving) && is_keyword(s, j + 1, k.instance)) return j;
  return -1;
}

/* The command keyword if a command starts at token i, else -1. */
static int32_t command_at(const Splitter *s, int32_t i) {
  int kd = kind(s, i);
  if (kd != KEYWORD && kd != DOC_COMMENT && kd != ATTRIBUTE_OPEN && !(kd == IDENT && (is_modifier(s, i) || is_project_command(s, i)))) return -1;
  int first = line_first(s, i);
  int32_t column = s->t.columns[i];
  if (kd == IDENT && !is_modifier(s, i)) return first && s->depth == 0 && column <= s->base_column ? i : -1;
  if (kd == KEYWORD && !is_modifier(s, i)) {
    /* After a dot (`.abbrev`, a constructor) or a backtick (`` `instance ``, a name literal), right before it: no command. */
    if (i > 0 && (is_symbol(s, i - 1, 46) || is_symbol(s, i - 1, 96)) && s->t.ends[i - 1] == s->t.starts[i]) return -1;
    /* After a `|` on its line: a constructor named by a keyword (`inductive VDecl | axiom (_ : VConstVal) | def …`); not after an absolute value's closing `|` ending the line before. */
    if (i > 0 && is_symbol(s, i - 1, 124) && !first) return -1;
    int f = flags_of_keyword(s, i);
    if (f & k.decl) {
      if (i > 0 && (is_keyword(s, i - 1, k.class_id) || is_keyword(s, i - 1, k.deriving))) return -1;
      if ((is_keyword(s, i, k.instance) || is_keyword(s, i, k.class_id)) && s->depth > 0) return -1;
      return i;
    }
    if (f & k.strong) return is_keyword(s, i, k.end) && !first ? -1 : i;
    if (is_keyword(s, i, k.deriving)) return is_keyword(s, i + 1, k.instance) ? i : -1;
    if ((f & k.weak) || is_hash_command(s, i)) return s->depth == 0 && first && column <= s->base_column ? i : -1;
    return -1;
  }
  if (!first && s->depth > 0) return -1;
  return chain_keyword(s, i, 0);
}

static int emit(Splitter *s, int32_t end) {
  return int_list_push(&s->out, s->current_start) && int_list_push(&s->out, s->current_keyword) && int_list_push(&s->out, end);
}

/* Begins the command whose keyword is at `keyword`, starting at token i. */
static void begin(Splitter *s, int32_t i, int32_t keyword) {
  s->current_start = i;
  s->current_keyword = keyword;
  s->defining = (flags_of_keyword(s, keyword) & k.defines) != 0;
  s->base_column = s->t.columns[i];
  s->depth = 0;
  s->quote_depth = -1;
  s->i = keyword;
}

/*
 * The first token from j that split_run must look at: identifiers that are neither a project
 * command nor a modifier, literals and symbols other than brackets start nothing and open nothing,
 * so that all split_run does with them is to end an `… in` (most tokens of a file are such).
 */
static int32_t skip_plain(const Splitter *s, int32_t j) {
  const uint8_t *kinds = s->t.kinds;
  const int32_t *codes = s->t.codes;
  for (; j < s->n; j++) {
    int kd = kinds[j];
    if (kd == IDENT) {
      int32_t id = codes[j];
      if ((name_flags(s, id) & k.project_command) != 0 || id == k.public_id || id == k.meta_id) break;
    } else if (kd == SYMBOL) {
      if (bracket_delta(kd, codes[j]) != 0) break;
    } else if (kd != NUMBER && kd != STRING && kd != CHAR) break;
  }
  return j;
}

static int split_run(Splitter *s) {
  for (; s->i < s->n; s->i++) {
    /* Outside a command that may define another (whose identifiers at a line's start are read), plain tokens are passed over at once. */
    if (s->stopped == RUNNING && !s->defining) {
      int32_t next = skip_plain(s, s->i);
      if (next > s->i) {
        s->after_in = 0;
        s->i = next;
        if (next >= s->n) break;
      }
    }
    int32_t i = s->i;
    int kd = kind(s, i);
    if (s->stopped == STOP_END) {
      s->stopped = RUNNING;
      if (!emit(s, i)) return -1;
      begin(s, i, s->next_keyword);
      continue;
    }
    if (s->stopped == STOP_MID) s->stopped = RUNNING;
    else if (s->defining && s->depth == 0 && kd == IDENT && line_first(s, i)) {
      s->stopped = STOP_MID;
      return SPLIT_LEARN;
    }
    if (kd == IDENT || kd == NUMBER || kd == STRING || kd == CHAR) {
      int32_t id = code(s, i);
      if (kd != IDENT || ((name_flags(s, id) & k.project_command) == 0 && id != k.public_id && id != k.meta_id)) {
        s->after_in = 0;
        continue;
      }
    }
    int quoted = s->quote_depth >= 0 && (s->t.columns[i] > 0 || !line_first(s, i));
    int32_t start_keyword = s->after_in ? chain_keyword(s, i, 1) : quoted ? -1 : command_at(s, i);
    s->after_in = 0;
    if (start_keyword >= 0) {
      if (s->current_start >= 0) {
        if (s->defining) {
          s->stopped = STOP_END;
          s->next_keyword = start_keyword;
          return SPLIT_LEARN;
        }
        if (!emit(s, i)) return -1;
      }
      begin(s, i, start_keyword);
      continue;
    }
    int d = delta(s, i);
    if (d > 0 && s->quote_depth < 0 && opens_quotation(s, i)) s->quote_depth = s->depth;
    if (d != 0) {
      s->depth = s->depth + d > 0 ? s->depth + d : 0;
      if (s->depth <= s->quote_depth) s->quote_depth = -1;
    } else if (s->depth == 0 && s->current_start >= 0 && is_keyword(s, i, k.in) && (flags_of_keyword(s, s->current_keyword) & k.decl) == 0) {
      s->after_in = 1;
    }
  }
  if (s->current_start >= 0) {
    if (s->defining && s->stopped != STOP_END) {
      s->stopped = STOP_END;
      return SPLIT_LEARN;
    }
    s->stopped = RUNNING;
    if (!emit(s, s->n)) return -1;
    s->current_start = -1;
  }
  return SPLIT_DONE;
}

int splitter_start(Splitter *s, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count) {
  s->i = 0;
  s->depth = 0;
  s->quote_depth = -1;
  s->base_column = 0;
  s->after_in = 0;
  s->defining = 0;
  s->current_start = -1;
  s->current_keyword = -1;
  s->stopped = RUNNING;
  s->out.length = 0;
  return splitter_resume(s, table, count, flags, flag_count);
}

int splitter_resume(Splitter *s, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count) {
  s->t = *table;
  s->n = count < table->capacity ? count : table->capacity;
  s->flags = flags;
  s->flag_count = flag_count;
  return split_run(s);
}

void splitter_stop(const Splitter *s, int32_t *start, int32_t *keyword, int32_t *at) {
  *start = s->current_start;
  *keyword = s->current_keyword;
  *at = s->i < s->n ? s->i : s->n;
}

const IntList *splitter_commands(const Splitter *s) {
  return &s->out;
}
