/*
 * The token walk of the proof-gap scan (scanTokens and TacticBlocks of src/lean/gaps.ts) in C: it
 * finds the tokens that may be gaps — `sorry`/`admit` (with whether a tactic block is open there),
 * `set_option`, words the scan reacts to — each with the declaration it is in. What each one is
 * (the classification, the text, the field) stays in TypeScript, which reads only those tokens.
 * The TypeScript walk is the reference; test/lean/native.test.ts checks that both find the same gaps.
 */
#include <stdlib.h>
#include "scanner.h"

enum { IDENT = 0, KEYWORD = 1, SYMBOL = 2, FIRST_COMMENT = 6, LAST_COMMENT = 9 };
enum { COMMA = 44, BACKTICK = 96 };

/* Set once by gaps_configure(). */
static GapConstants k;

void gaps_configure(const GapConstants *constants) {
  k = *constants;
}

struct GapScan {
  TokenColumns t;
  int32_t n;
  /* Bracket depth, and per open tactic block the depth and line indentation it opened at. */
  int32_t depth;
  IntList depths, indents;
  IntList found;
};

GapScan *gaps_new(void) {
  return calloc(1, sizeof(GapScan));
}

void gaps_free(GapScan *g) {
  free(g->depths.data);
  free(g->indents.data);
  free(g->found.data);
  free(g);
}

/* The flags of name id, 0 for an id outside them. */
static uint8_t flags_of(const uint8_t *flags, int32_t flag_count, int32_t id) {
  return id >= 0 && id < flag_count ? flags[id] : 0;
}

/* Whether a `sorry` or `admit` token, or an identifier flagged sorry_word (quoted or not), is among the table's. */
static int has_sorry_or_admit(const GapScan *g, const uint8_t *flags, int32_t flag_count) {
  for (int32_t i = 0; i < g->n; i++) {
    int kind = g->t.kinds[i];
    int32_t code = g->t.codes[i];
    if (kind == KEYWORD ? code == k.sorry || code == k.admit : kind == IDENT && (flags_of(flags, flag_count, code) & k.sorry_word) != 0) return 1;
  }
  return 0;
}

/* Whether identifier i is quoted as a name literal: a backtick just before it (quotedName in gaps.ts). */
static int quoted_name(const GapScan *g, int32_t i, int32_t prev) {
  return prev >= 0 && g->t.kinds[prev] == SYMBOL && g->t.codes[prev] == BACKTICK && g->t.ends[prev] == g->t.starts[i];
}

/* The column of the first token on token i's line. */
static int32_t line_indent(const GapScan *g, int32_t i) {
  int32_t j = i;
  while (j > 0 && g->t.lines[j - 1] == g->t.lines[i]) j--;
  return g->t.columns[j];
}

/* Whether identifier i begins a line of the form `name binders* :=`. */
static int begins_field_line(const GapScan *g, int32_t i, int32_t prev) {
  const int32_t *lines = g->t.lines;
  if (prev >= 0 && lines[prev] >= lines[i]) return 0;
  int32_t j = i + 1;
  while (j < g->n && g->t.kinds[j] == IDENT && lines[j] == lines[i]) j++;
  return j < g->n && lines[j] == lines[i] && g->t.kinds[j] == SYMBOL && g->t.codes[j] == k.assign;
}

static void pop_block(GapScan *g) {
  g->depths.length--;
  g->indents.length--;
}

/* TacticBlocks.follow: follows token i; returns whether i begins a field line. */
static int follow(GapScan *g, int32_t i, int kind, int32_t prev) {
  int delta = bracket_delta(kind, g->t.codes[i]);
  IntList *depths = &g->depths;
  if (delta > 0) g->depth++;
  else if (delta < 0) {
    g->depth = g->depth > 0 ? g->depth - 1 : 0;
    while (depths->length > 0 && depths->data[depths->length - 1] > g->depth) pop_block(g);
  } else if (kind == SYMBOL && g->t.codes[i] == COMMA && g->depth > 0) {
    while (depths->length > 0 && depths->data[depths->length - 1] >= g->depth) pop_block(g);
  } else if (kind == IDENT && depths->length > 0 && begins_field_line(g, i, prev)) {
    int32_t column = g->t.columns[i];
    while (depths->length > 0 && depths->data[depths->length - 1] >= g->depth && g->indents.data[g->indents.length - 1] >= column) pop_block(g);
    return 1;
  }
  return 0;
}

static int emit(GapScan *g, int32_t what, int32_t token, int32_t prev, int32_t prev2, int32_t decl, int32_t in_tactics) {
  return int_list_push(&g->found, what) && int_list_push(&g->found, token) && int_list_push(&g->found, prev) && int_list_push(&g->found, prev2) &&
         int_list_push(&g->found, decl) && int_list_push(&g->found, in_tactics);
}

int gaps_scan(GapScan *g, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count, const int32_t *decl_ranges,
              int32_t decl_count, int32_t exit_token) {
  g->t = *table;
  g->n = count < table->capacity ? count : table->capacity;
  g->found.length = 0;
  g->depth = 0;
  g->depths.length = g->indents.length = 0;
  const int tracking = has_sorry_or_admit(g, flags, flag_count);
  int32_t d = 0, current = -1, prev = -1, prev2 = -1;
  for (int32_t i = 0; i < g->n && i < exit_token; i++) {
    int kind = g->t.kinds[i];
    if (kind >= FIRST_COMMENT && kind <= LAST_COMMENT) continue;
    int32_t start = g->t.starts[i];
    while (d < decl_count && decl_ranges[2 * d + 1] <= start) d++;
    int32_t in_decl = d < decl_count && decl_ranges[2 * d] <= start ? d : -1;
    if (in_decl != current) {
      current = in_decl;
      g->depth = 0;
      g->depths.length = g->indents.length = 0;
    }
    int field_line = tracking && follow(g, i, kind, prev);
    int ok = 1;
    if (kind == KEYWORD) {
      int32_t id = g->t.codes[i]; /* -1 for a `#command`, none of the ids below */
      if (tracking && (id == k.by || id == k.decreasing_by)) {
        ok = int_list_push(&g->depths, g->depth) && int_list_push(&g->indents, line_indent(g, i));
      } else if (id == k.sorry || id == k.admit) {
        ok = emit(g, GAP_SORRY, i, prev, prev2, current, g->depths.length > 0);
      } else if (id == k.set_option && i + 2 < g->n) {
        ok = emit(g, GAP_OPTION, i, prev, prev2, current, 0);
      }
    } else if (kind == IDENT) {
      uint8_t f = flags_of(flags, flag_count, g->t.codes[i]);
      if ((f & k.sorry_word) != 0 && !quoted_name(g, i, prev)) ok = emit(g, GAP_SORRY, i, prev, prev2, current, g->depths.length > 0);
      else if (!field_line && (f & k.gap_word) != 0) ok = emit(g, GAP_WORD_TOKEN, i, prev, prev2, current, 0);
    }
    if (!ok) return -1;
    prev2 = prev;
    prev = i;
  }
  return 0;
}

const IntList *gaps_found(const GapScan *g) {
  return &g->found;
}
