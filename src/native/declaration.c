/*
 * The token work of one declaration in C: where its header ends (FileParser.headerEnd and armsScan
 * of src/lean/parser.ts), the identifiers its header and body use (idents), the local names it binds
 * and the names in its match-arm patterns (locals, patterns, and bindersOf of src/lean/binders.ts).
 * The TypeScript code is the reference; test/lean/native.test.ts checks that both give the same
 * declarations.
 */
#include <stdlib.h>
#include "scanner.h"

enum { IDENT = 0, KEYWORD = 1, SYMBOL = 2, NUMBER = 3, STRING = 4, CHAR = 5, NO_TOKEN = 255 };
enum { RUN = 1, NAMING = 2 };
enum { COLON = 58, BAR = 124, BRACE_OPEN = 123, SLASH = 47, DOT = 46, AT = 64, PAREN_OPEN = 40, BRACKET_OPEN = 91, COMMA = 44 };
enum { ANGLE_OPEN = 0x27e8, ANGLE_CLOSE = 0x27e9, ELEMENT_OF = 0x2208, WHITE_PAREN_OPEN = 0x2983 };
/* How far (in tokens) a match arm's `=>` or a set-builder's `|` is looked for (LOOKAHEAD in binders.ts). */
#define LOOKAHEAD 64
/* No binder symbol (`∀ ∃ λ Π Σ ∑ ∏ ⋃ ⋂ ⨆ ⨅`, see lexer.ts) comes before Π: the ASCII symbols are told without a call to the lexer. */
#define FIRST_BINDER_SYMBOL 0x3a0

/* Set once by declarations_configure(). */
static uint8_t keyword_roles[256];
static int keyword_count;
static DeclarationConstants k;

void declarations_configure(const uint8_t *roles, int count, const DeclarationConstants *constants) {
  keyword_count = copy_keyword_table(keyword_roles, roles, count);
  k = *constants;
}

struct Declarations {
  TokenColumns t;
  int32_t n;
  const uint8_t *flags;
  int32_t flag_count;
  const int32_t *starters;
  int32_t starter_count;
  /* Per identifier id, the mark of the last list that took it; the current mark. */
  int32_t *marks;
  int32_t mark_capacity, mark;
  /* The lists being built: header, body, locals, patterns (distinct), and the pattern names as met. */
  IntList lists[4], met_patterns;
};

Declarations *declarations_new(void) {
  return calloc(1, sizeof(Declarations));
}

void declarations_free(Declarations *d) {
  for (int i = 0; i < 4; i++) free(d->lists[i].data);
  free(d->met_patterns.data);
  free(d->marks);
  free(d);
}

static inline int kind(const Declarations *d, int32_t j) {
  return j >= 0 && j < d->n ? d->t.kinds[j] : NO_TOKEN;
}

static inline int32_t code(const Declarations *d, int32_t j) {
  return d->t.codes[j];
}

static inline int is_symbol(const Declarations *d, int32_t j, int32_t c) {
  return kind(d, j) == SYMBOL && code(d, j) == c;
}

static inline int is_keyword(const Declarations *d, int32_t j, int32_t id) {
  return kind(d, j) == KEYWORD && code(d, j) == id;
}

static inline int delta(const Declarations *d, int32_t j) {
  int kd = kind(d, j);
  return kd == NO_TOKEN ? 0 : bracket_delta(kd, code(d, j));
}

/* A single name component (locals are never dotted). */
static inline int is_simple(const Declarations *d, int32_t id) {
  return id < 0 || id >= d->flag_count || (d->flags[id] & k.dotted) == 0;
}

static int32_t closing(const Declarations *d, int32_t open, int32_t to) {
  int32_t depth = 0;
  for (int32_t j = open; j < to; j++) {
    depth += delta(d, j);
    if (depth == 0) return j;
  }
  return to - 1;
}

/* Starts a list of distinct ids. */
static void new_mark(Declarations *d) {
  d->mark++;
}

/* take's path for an id past the marks (grown first); 0 when out of memory. */
static int take_growing(Declarations *d, IntList *list, int32_t id) {
  int32_t capacity = id * 2 + 1024;
  int32_t *marks = realloc(d->marks, sizeof(int32_t) * capacity);
  if (!marks) return 0;
  for (int32_t i = d->mark_capacity; i < capacity; i++) marks[i] = 0;
  d->marks = marks;
  d->mark_capacity = capacity;
  d->marks[id] = d->mark;
  return int_list_push(list, id);
}

/* Appends `id` to `list` unless it was appended since the last new_mark; 0 when out of memory. */
static inline int take(Declarations *d, IntList *list, int32_t id) {
  if (id < 0) return 1;
  if (id >= d->mark_capacity) return take_growing(d, list, id);
  if (d->marks[id] == d->mark) return 1;
  d->marks[id] = d->mark;
  return int_list_push(list, id);
}

/* ---- the header's end (parser.ts) ---- */

/* The first top-level `=>` from `from`, or -(the first top-level `:=`, or end) - 1. */
static int32_t arms_scan(const Declarations *d, int32_t from, int32_t end) {
  int32_t depth = 0;
  for (int32_t j = from; j < end; j++) {
    int dl = delta(d, j);
    if (dl != 0) depth = depth + dl > 0 ? depth + dl : 0;
    else if (depth == 0 && is_symbol(d, j, k.arrow)) return j;
    else if (depth == 0 && is_symbol(d, j, k.assign)) return -j - 1;
  }
  return -end - 1;
}

static void header_end(const Declarations *d, int kind_class, int32_t from, int32_t end, int32_t *sep, int32_t *body_start) {
  int32_t depth = 0, pending_lets = 0, no_arms_before = 0;
  for (int32_t j = from; j < end; j++) {
    int dl = delta(d, j);
    if (dl != 0) depth = depth + dl > 0 ? depth + dl : 0;
    else if (depth > 0) continue;
    else if (is_keyword(d, j, k.let) || is_keyword(d, j, k.have)) pending_lets++;
    else if (is_symbol(d, j, k.assign)) {
      if (pending_lets > 0) pending_lets--;
      else {
        *sep = j, *body_start = j + 1;
        return;
      }
    } else if (is_keyword(d, j, k.where) || (kind_class != DECLARATION_OTHER && is_keyword(d, j, k.deriving))) {
      *sep = j, *body_start = j;
      return;
    } else if (is_symbol(d, j, BAR) && j >= no_arms_before) {
      if (kind_class == DECLARATION_INDUCTIVE) {
        *sep = j, *body_start = j;
        return;
      }
      int32_t stop = arms_scan(d, j + 1, end);
      if (stop >= 0) {
        *sep = j, *body_start = j;
        return;
      }
      no_arms_before = -stop - 1;
    }
  }
  *sep = end, *body_start = end;
}

/* ---- identifiers used (parser.ts idents) ---- */

static int idents(Declarations *d, IntList *list, int32_t from, int32_t to) {
  new_mark(d);
  for (int32_t j = from; j < to; j++)
    if (d->t.kinds[j] == IDENT && !take(d, list, code(d, j))) return 0;
  return 1;
}

/* ---- local names (binders.ts) ---- */

/* The binder scan's state; `every` (for a `variable` command) lists every name met, in order, pattern names among them. */
typedef struct {
  Declarations *d;
  int32_t to;
  int run, run_line, run_after_with, depth, pattern, groups, failed, every;
} Scan;

static void bind(Scan *s, int32_t id) {
  if (!(s->every ? int_list_push(&s->d->lists[2], id) : take(s->d, &s->d->lists[2], id))) s->failed = 1;
}

static void bind_pattern(Scan *s, int32_t id) {
  if (!int_list_push(s->every ? &s->d->lists[2] : &s->d->met_patterns, id)) s->failed = 1;
}

static int opens_group_at(int32_t c) {
  return c == PAREN_OPEN || c == BRACE_OPEN || c == BRACKET_OPEN || c == WHITE_PAREN_OPEN;
}

static int is_pattern_symbol(int32_t c) {
  return c == BAR || c == COMMA || c == PAREN_OPEN || c == 41 || c == ANGLE_OPEN || c == ANGLE_CLOSE;
}

static void start_run(Scan *s, int32_t j) {
  s->run = 1;
  s->run_line = s->d->t.lines[j];
  s->run_after_with = is_keyword(s->d, j, k.with);
}

static int idle(const Scan *s) {
  return !s->run && s->pattern == 0 && !s->groups;
}

/* `have h : P`, `let x := e`: the name at `at` binds when `:` or `:=` follows it. */
static void name_at(Scan *s, int32_t at) {
  const Declarations *d = s->d;
  if (at + 1 >= s->to || kind(d, at) != IDENT || kind(d, at + 1) != SYMBOL) return;
  int32_t next = code(d, at + 1);
  if (next == COLON || next == k.assign) bind(s, code(d, at));
}

/* Only names, `_`, `|`, `,` and brackets: an rcases pattern. */
static int is_pattern(const Declarations *d, int32_t from, int32_t to) {
  for (int32_t j = from; j < to; j++) {
    int kd = kind(d, j);
    if (kd != IDENT && !(kd == SYMBOL && is_pattern_symbol(code(d, j)))) return 0;
  }
  return 1;
}

/* `(x y : T)`: the identifiers from `from` bind when `:` follows them (or, `untyped`, when the group closes). */
static void group_names(Scan *s, int32_t from, int untyped) {
  const Declarations *d = s->d;
  int32_t j = from;
  while (j < s->to && kind(d, j) == IDENT) j++;
  if (j == from || j >= s->to || kind(d, j) != SYMBOL) return;
  if (code(d, j) != COLON && !(untyped && delta(d, j) < 0)) return;
  for (int32_t i = from; i < j; i++) bind(s, code(d, i));
}

/* If the `|` at `bar` opens a match arm, the index of its `=>`, else -1 (armArrow in binders.ts). */
static int32_t arm_arrow(const Declarations *d, int32_t bar, int32_t to) {
  int32_t line = d->t.lines[bar], depth = 0;
  for (int32_t j = bar + 1; j < to && j <= bar + LOOKAHEAD && d->t.lines[j] == line; j++) {
    int dl = delta(d, j);
    if (dl != 0) {
      depth += dl;
      if (depth < 0) return -1;
    } else if (kind(d, j) == KEYWORD) return -1;
    else if (depth == 0 && kind(d, j) == SYMBOL) {
      int32_t c = code(d, j);
      if (c == k.arrow) return j;
      if (c == BAR || c == k.assign) return -1;
    }
  }
  return -1;
}

static int is_atom(int kd) {
  return kd == IDENT || kd == NUMBER || kd == STRING || kd == CHAR;
}

static int starts_argument(const Declarations *d, int32_t j, int32_t to) {
  if (j >= to) return 0;
  if (is_atom(kind(d, j))) return 1;
  int32_t c = code(d, j);
  return kind(d, j) == SYMBOL && (c == PAREN_OPEN || c == ANGLE_OPEN || c == BRACKET_OPEN || c == DOT);
}

static int ends_term(const Declarations *d, int32_t j) {
  return is_atom(kind(d, j)) || delta(d, j) < 0;
}

/* The names the patterns of tokens [from, to) may bind (armPatterns in binders.ts). */
static void arm_patterns(Scan *s, int32_t from, int32_t to) {
  const Declarations *d = s->d;
  int32_t depth = 0, ascription = -1;
  for (int32_t j = from; j < to; j++) {
    int dl = delta(d, j);
    if (dl != 0) {
      depth += dl;
      if (depth < ascription) ascription = -1;
      continue;
    }
    if (ascription < 0 && depth > 0 && is_symbol(d, j, COLON)) ascription = depth;
    if (ascription >= 0 || kind(d, j) != IDENT || !is_simple(d, code(d, j))) continue;
    if (is_symbol(d, j - 1, DOT) || (is_symbol(d, j - 1, AT) && !ends_term(d, j - 2))) continue;
    if (starts_argument(d, j + 1, to) && !ends_term(d, j - 1)) continue;
    bind_pattern(s, code(d, j));
  }
}

static int builds(const Declarations *d, int32_t j) {
  return is_symbol(d, j, BAR) || (is_symbol(d, j, SLASH) && is_symbol(d, j + 1, SLASH));
}

/* `{x | p x}`, `{x // p x}`, `{x : T | p x}`, `{x ∈ s | p x}` at the `{` at `open`: x binds. */
static void set_builder(Scan *s, int32_t open) {
  const Declarations *d = s->d;
  int32_t name = open + 1;
  if (name + 1 >= s->to || kind(d, name) != IDENT || !is_simple(d, code(d, name))) return;
  if (builds(d, name + 1)) {
    bind(s, code(d, name));
    return;
  }
  if (!is_symbol(d, name + 1, COLON) && !is_symbol(d, name + 1, ELEMENT_OF)) return;
  int32_t depth = 0;
  for (int32_t j = name + 2; j < s->to && j <= open + LOOKAHEAD; j++) {
    depth += delta(d, j);
    if (depth < 0) return;
    if (depth == 0 && builds(d, j)) {
      bind(s, code(d, name));
      return;
    }
  }
}

/* Reads token j; returns the next token to read (BinderScan.step). */
static int32_t step(Scan *s, int32_t j) {
  const Declarations *d = s->d;
  int kd = kind(d, j);
  int32_t c = code(d, j);
  if (kd == IDENT) {
    if (s->run && (d->t.lines[j] != s->run_line || c == k.using_id || !is_simple(d, c) || (s->run_after_with && is_symbol(d, j + 1, k.assign)))) s->run = 0;
    if (s->run || (s->pattern > 0 && is_simple(d, c))) bind(s, c);
    if (c >= k.first_binder_word && c <= k.last_binder_word) start_run(s, j);
    return j + 1;
  }
  if (s->pattern > 0) {
    if (kd == SYMBOL && c == ANGLE_OPEN) s->pattern++;
    else if (kd == SYMBOL && c == ANGLE_CLOSE) s->pattern--;
    return j + 1;
  }
  if (kd == SYMBOL && c == ANGLE_OPEN && s->run) {
    s->pattern = 1;
    return j + 1;
  }
  int opens_group = kd == SYMBOL && opens_group_at(c);
  if (opens_group && s->run && c != BRACKET_OPEN) {
    int32_t close = closing(d, j, s->to);
    if (is_pattern(d, j + 1, close)) {
      for (int32_t i = j + 1; i < close; i++)
        if (kind(d, i) == IDENT && is_simple(d, code(d, i))) bind(s, code(d, i));
    } else group_names(s, j + 1, 0);
    return close + 1;
  }
  if (s->groups) {
    int dl = delta(d, j);
    if (dl == 0 && s->depth == 0 && kd == SYMBOL && c == COLON) s->groups = 0;
    if (opens_group && s->groups && s->depth == 0) group_names(s, j + 1, c != BRACKET_OPEN);
    s->depth += dl;
  }
  if (kd == SYMBOL && c == BAR) {
    int32_t arrow = arm_arrow(d, j, s->to);
    if (arrow >= 0) {
      arm_patterns(s, j + 1, arrow);
      s->run = 0;
      return arrow + 1;
    }
    if (s->run) return j + 1;
  } else if (kd == SYMBOL && c == BRACE_OPEN && !s->run) set_builder(s, j);
  s->run = 0;
  int role = kd == KEYWORD && c >= 0 && c < keyword_count ? keyword_roles[c] : 0;
  if (role == NAMING) {
    if (is_symbol(d, j + 1, ANGLE_OPEN)) start_run(s, j);
    else name_at(s, j + 1);
  } else if (role == RUN || (kd == SYMBOL && c >= FIRST_BINDER_SYMBOL && lexer_is_binder_symbol(c))) start_run(s, j);
  return j + 1;
}

static int32_t first_at_or_after(const int32_t *list, int32_t length, int32_t value) {
  int32_t lo = 0, hi = length;
  while (lo < hi) {
    int32_t mid = (lo + hi) >> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* bindersOf in binders.ts: with `signature`, every token; otherwise the binder starters and the runs they open. */
static int binders_of(Declarations *d, int32_t from, int32_t to, int signature, int every) {
  Scan s = {d, to, 0, 0, 0, 0, 0, signature, 0, every};
  if (signature) {
    for (int32_t j = from; j < to && !s.failed;) {
      /* Outside a run and a pattern, an identifier that is no binder word changes nothing: step would only pass it. */
      if (d->t.kinds[j] == IDENT && !s.run && s.pattern == 0 && (code(d, j) < k.first_binder_word || code(d, j) > k.last_binder_word)) {
        j++;
        continue;
      }
      j = step(&s, j);
    }
    return !s.failed;
  }
  int32_t j = from;
  for (int32_t i = first_at_or_after(d->starters, d->starter_count, from); i < d->starter_count && d->starters[i] < to && !s.failed; i++) {
    if (d->starters[i] < j) continue;
    j = step(&s, d->starters[i]);
    while (j < to && !idle(&s)) j = step(&s, j);
  }
  return !s.failed;
}

int declarations_read(Declarations *d, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count, const int32_t *starters,
                      int32_t starter_count, int kind_class, int32_t from, int32_t end, const int32_t *variable_locals, int32_t variable_count,
                      int32_t *sep, int32_t *body_start) {
  d->t = *table;
  d->n = count < table->capacity ? count : table->capacity;
  d->flags = flags;
  d->flag_count = flag_count;
  d->starters = starters;
  d->starter_count = starter_count;
  for (int i = 0; i < 4; i++) d->lists[i].length = 0;
  d->met_patterns.length = 0;
  if (end > d->n) end = d->n;
  header_end(d, kind_class, from, end, sep, body_start);
  int has_body = *body_start < end;
  if (!idents(d, &d->lists[0], from, *sep)) return -1;
  if (has_body && !idents(d, &d->lists[1], *body_start, end)) return -1;
  new_mark(d);
  for (int32_t i = 0; i < variable_count; i++)
    if (!take(d, &d->lists[2], variable_locals[i])) return -1;
  if (!binders_of(d, from, *sep, 1, 0) || !binders_of(d, has_body ? *body_start : end, end, 0, 0)) return -1;
  new_mark(d);
  for (int32_t i = 0; i < d->met_patterns.length; i++)
    if (!take(d, &d->lists[3], d->met_patterns.data[i])) return -1;
  return 0;
}

int declarations_variable(Declarations *d, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count, int32_t from, int32_t to) {
  d->t = *table;
  d->n = count < table->capacity ? count : table->capacity;
  d->flags = flags;
  d->flag_count = flag_count;
  d->starters = NULL;
  d->starter_count = 0;
  for (int i = 0; i < 4; i++) d->lists[i].length = 0;
  if (to > d->n) to = d->n;
  return binders_of(d, from, to, 1, 1) ? 0 : -1;
}

const IntList *declarations_lists(const Declarations *d) {
  return d->lists;
}
