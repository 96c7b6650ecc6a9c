/* The native scanner's interface (lexer.c, names.c, source.c), used by the Node-API glue (addon.c). */
#ifndef LEANAUDIT_SCANNER_H
#define LEANAUDIT_SCANNER_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Zero code units after a text, so the lexer may look a few units past its end (as in lexer.ts). */
#define PADDING 4
/* Readable units the name table keeps after its last name, as a text keeps PADDING (see names_intern_padded). */
#define SLACK 4
/* 32 - log2(entries of the cache of recent names). */
#define RECENT_SHIFT 20

static inline uint32_t hash_step(uint32_t h, uint32_t c) {
  return h * 31u + c;
}

typedef struct Names Names;
Names *names_new(void);
void names_free(Names *t);
/* The id of units[0, length) with `hash`, added if new (then *added is set to 1); -1 when out of memory. */
int32_t names_intern(Names *t, const uint16_t *units, int32_t length, uint32_t hash, int *added);
/* The same for units followed by at least SLACK readable units (a text's PADDING): compared four at a time. */
int32_t names_intern_padded(Names *t, const uint16_t *units, int32_t length, uint32_t hash, int *added);
/* The id of units[0, length) if interned, else -1. */
int32_t names_find(const Names *t, const uint16_t *units, int32_t length, uint32_t hash);
/* Bytes held by the table when made (its growth is not tracked). */
size_t names_footprint(const Names *t);
/* The code units of name `id` (its length in *length), and how many names there are. */
const uint16_t *names_text(const Names *t, int32_t id, int32_t *length);
int32_t names_count(const Names *t);

/* Hash of a name as the lexer computes it for an identifier: over its code points, `«»` included (hashName in names.ts). */
static inline uint32_t code_point_hash(const uint16_t *u, size_t n) {
  uint32_t h = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t c = u[i];
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && u[i + 1] >= 0xdc00 && u[i + 1] <= 0xdfff) {
      c = ((c - 0xd800) << 10) + (u[i + 1] - 0xdc00) + 0x10000;
      i++;
    }
    h = hash_step(h, c);
  }
  return h;
}

typedef struct {
  int32_t *data;
  int32_t length, capacity;
} IntList;

/* Appends a value; 0 when out of memory. */
static inline int int_list_push(IntList *list, int32_t value) {
  if (list->length == list->capacity) {
    int32_t capacity = list->capacity ? list->capacity * 2 : 64;
    int32_t *data = realloc(list->data, sizeof(int32_t) * capacity);
    if (!data) return 0;
    list->data = data;
    list->capacity = capacity;
  }
  list->data[list->length++] = value;
  return 1;
}

/* The columns of a TokenTable (see lexer.ts), owned by JavaScript. */
typedef struct {
  uint8_t *kinds;
  int32_t *starts, *ends, *lines, *columns, *codes;
  int32_t capacity;
} TokenColumns;

typedef struct {
  int32_t count;
  int gap_words;
  /* The first `#exit` token, or -1. */
  int32_t exit_token;
  /* At least the length of the text's longest line (its lines' exact lengths, but for an unterminated comment's, taken as one line). */
  int32_t longest_line;
  /* [kind, start, end, line, column] per comment; token indices; [start, end) per new name; [problem, line, column] per problem. */
  const IntList *comments, *starters, *new_names, *problems;
} LexResults;

/* A lexer's state, kept between a stop on a full table and the resumption: one per Node environment (thread). */
typedef struct Lexer Lexer;
Lexer *lexer_new(void);
void lexer_free(Lexer *L);
/* Sets the tables every lexer reads; the caller makes sure it runs once, before any lexing. */
void lexer_configure(const uint8_t *bmp_class, const int32_t *multi_keys, int multi_count, const int32_t *binder_symbols, int binder_count,
                     int keyword_count, uint8_t gap_word_flag, uint8_t binder_start_flag);
/*
 * Lexes units[0, n) (followed by PADDING zeros, kept until lexing ends) into `table`, interning
 * identifiers in `names`; `flags` holds the flags of the first `known_names` ids. Returns 0 when
 * done, 1 when the table is full (grow it and call lexer_resume), -1 when out of memory.
 */
int lexer_start(Lexer *L, Names *names, const uint16_t *units, int32_t n, int32_t known_names, const uint8_t *flags, const TokenColumns *table);
int lexer_resume(Lexer *L, const TokenColumns *table);
void lexer_results(const Lexer *L, LexResults *out);

/* +1 for a token opening a bracket (`( [ { ⟨ ⦃ ⟦ ⁅`, or `@[`: kind 10), -1 for one closing it, else 0 (bracketDelta in lexer.ts). */
static inline int bracket_delta(int kind, int32_t code) {
  if (kind == 10) return 1;
  if (kind != 2) return 0;
  switch (code) {
    case 40: case 91: case 123: case 0x27e8: case 0x2983: case 0x27e6: case 0x2045:
      return 1;
    case 41: case 93: case 125: case 0x27e9: case 0x2984: case 0x27e7: case 0x2046:
      return -1;
    default:
      return 0;
  }
}

/* Copies a per-keyword-id table of `count` entries into `to` (256 entries at most); returns how many it kept. */
static inline int copy_keyword_table(uint8_t to[256], const uint8_t *from, int count) {
  int kept = count < 256 ? count : 256;
  for (int i = 0; i < kept; i++) to[i] = from[i];
  return kept;
}

/* Whether symbol code c is a binder notation (`∀ ∃ λ …`), as configured for the lexer. */
int lexer_is_binder_symbol(int32_t c);

/* The command splitter (splitter.c): keyword ids, name ids and flag bits it needs from the TypeScript side (parser.ts, names.ts). */
typedef struct {
  int32_t class_id, deriving, end, instance, in, public_id, meta_id;
  int32_t decl, strong, weak, modifier, defines;
  int32_t project_command, declaration_command;
} SplitterConstants;
/* Sets the flags of each keyword id (decl, strong, weak, modifier, defines bits) and the constants; the caller makes sure it runs once. */
void splitter_configure(const uint8_t *keyword_flags, int keyword_count, const SplitterConstants *constants);
/* A split's state, kept while TypeScript learns a command: one per Node environment (thread). */
typedef struct Splitter Splitter;
Splitter *splitter_new(void);
void splitter_free(Splitter *s);
enum { SPLIT_DONE = 0, SPLIT_LEARN = 1 };
/*
 * Splits table[0, count) into commands with the name flags flags[0, flag_count). Returns SPLIT_DONE
 * (the commands are in splitter_commands), SPLIT_LEARN (TypeScript learns what the command of
 * splitter_stop defines, then calls splitter_resume with the flags as they are then) or -1 when out of memory.
 */
int splitter_start(Splitter *s, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count);
int splitter_resume(Splitter *s, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count);
/* At a SPLIT_LEARN stop: the command being read (its first token and keyword) and the token it is learned up to. */
void splitter_stop(const Splitter *s, int32_t *start, int32_t *keyword, int32_t *at);
/* [start, keyword, end) per command, after SPLIT_DONE. */
const IntList *splitter_commands(const Splitter *s);

/* The token work of a declaration (declaration.c): keyword ids, name ids, symbol codes and the flag bit it needs (parser.ts, binders.ts). */
typedef struct {
  int32_t let, have, where, deriving, with, using_id, first_binder_word, last_binder_word;
  int32_t assign, arrow, dotted;
} DeclarationConstants;
/* Sets the role of each keyword id (1: names bind after it, as after `fun`; 2: it names one local, as `have`) and the constants; the caller makes sure it runs once. */
void declarations_configure(const uint8_t *keyword_roles, int keyword_count, const DeclarationConstants *constants);
/* What kind of declaration is read: structure and class, inductive, or another. */
enum { DECLARATION_OTHER = 0, DECLARATION_TYPE = 1, DECLARATION_INDUCTIVE = 2 };
typedef struct Declarations Declarations;
Declarations *declarations_new(void);
void declarations_free(Declarations *d);
/*
 * Reads the declaration on tokens [from, end) of table[0, count) (from: after its name, possibly past
 * `end` when its name or `(priority := …)` ran on): sets where
 * its header ends and its body starts, and fills the four lists of declarations_lists: the distinct
 * identifiers of its header and of its body, the local names it binds (the `variable_locals` first)
 * and its pattern names. 0, or -1 when out of memory.
 */
int declarations_read(Declarations *d, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count, const int32_t *starters,
                      int32_t starter_count, int kind_class, int32_t from, int32_t end, const int32_t *variable_locals, int32_t variable_count,
                      int32_t *sep, int32_t *body_start);
/* The names a `variable` command's binders [from, to) bind, every one in order, pattern names among them (bindersOf with one callback): declarations_lists(d)[2]. */
int declarations_variable(Declarations *d, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count, int32_t from, int32_t to);
const IntList *declarations_lists(const Declarations *d);

/* The token walk of the proof-gap scan (gaps.c): keyword ids, the `:=` code and the flag bit it needs (gaps.ts, names.ts). */
typedef struct {
  int32_t by, decreasing_by, sorry, admit, set_option, assign, gap_word, sorry_word;
} GapConstants;
void gaps_configure(const GapConstants *constants);
/* What a token found by gaps_scan may be: a `sorry`/`admit`, a `set_option`, a word the scan reacts to. */
enum { GAP_SORRY = 0, GAP_OPTION = 1, GAP_WORD_TOKEN = 2 };
typedef struct GapScan GapScan;
GapScan *gaps_new(void);
void gaps_free(GapScan *g);
/*
 * Walks table[0, min(count, exit_token)) as scanTokens does, with the declarations' [start, end)
 * offsets decl_ranges (in order): gaps_found lists [what, token, previous code token, the one
 * before, declaration number or -1, whether a tactic block is open] per token found. 0, or -1 when out of memory.
 */
int gaps_scan(GapScan *g, const TokenColumns *table, int32_t count, const uint8_t *flags, int32_t flag_count, const int32_t *decl_ranges,
              int32_t decl_count, int32_t exit_token);
const IntList *gaps_found(const GapScan *g);

/* A file's text as read by source_read: `latin1` (its bytes, all ASCII) or `utf16`, malloc'ed, `length` characters. */
typedef struct {
  char *latin1;
  uint16_t *utf16;
  size_t length, bytes;
} SourceText;

/* A file's bytes are read into this buffer, kept from file to file by one thread (memory written once, not a fresh allocation per file). */
typedef struct {
  unsigned char *bytes;
  size_t capacity;
} ReadBuffer;

/* Reads a readable, valid UTF-8, NUL-free file of at most max_bytes bytes through `buffer`; 0 for any other file. */
int source_read(const char *path, size_t max_bytes, ReadBuffer *buffer, SourceText *out);

/* Files read ahead on a background thread (read-ahead.c). */
typedef struct ReadAhead ReadAhead;
/* Starts reading paths[0..count) (malloc'ed strings, owned from now on, freed even on failure) in order, at most a few ahead of the taker; NULL on failure. */
ReadAhead *read_ahead_start(char **paths, size_t count, size_t max_bytes);
/* If `path` is the next path of the list: waits for it and returns 1 with *out set (the taker owns it) or 0 when source_read refused it; else -1. */
int read_ahead_take(ReadAhead *ra, const char *path, SourceText *out);
/* Stops the thread, waits for it, frees what was not taken. */
void read_ahead_stop(ReadAhead *ra);

/* Bytes appended to a growing buffer. */
typedef struct {
  char *data;
  size_t length, capacity;
} CharList;

/*
 * Walks the folder tree under `root` (tree.c) into `out`, one record per entry of interest, each a
 * tag, a path relative to root ('/'-separated) and a NUL: 'f' a `.lean` file, 'l' a symbolic link
 * (not followed), 's' a folder not entered (hidden, or named in `skip`: names each ended by NUL),
 * 'u' an unreadable folder, its path followed by a NUL and libuv's error ("EACCES: permission
 * denied"). 0, or -1 when out of memory (out then holds what was found so far).
 */
int tree_walk(const char *root, const char *skip, size_t skip_length, CharList *out);

/* Name resolution (resolver.c): a project's declaration names, and the references of each declaration's identifiers to them (see references.ts). */
typedef struct Resolver Resolver;
Resolver *resolver_new(void);
void resolver_free(Resolver *r);
/*
 * Numbers the project's decl_count declarations, in order, before resolver_load adds their names:
 * per declaration its flags (RESOLVER_PROTECTED, RESOLVER_HAS_MEMBERS) and how many members it
 * declares. 0, or -1 when out of memory or when a count is negative.
 */
enum { RESOLVER_PROTECTED = 1, RESOLVER_HAS_MEMBERS = 2 };
int resolver_prepare(Resolver *r, const int32_t *member_counts, const uint8_t *decl_flags, int32_t decl_count);
/*
 * Adds the names of the next declarations, up to number `to` (excluded): names[0, n) holds each
 * one's full name and then its members, every name ended by '\n'. A declaration whose full name an
 * earlier one has is a duplicate: none of its names are added, and first_of[k] is that earlier
 * one's number (k itself when it is the first). 0, or -1 when out of memory, when `to` is before
 * the declarations already added or past the last, or when names holds fewer names than counted.
 */
int resolver_load(Resolver *r, const uint16_t *names, int32_t n, int32_t to, int32_t *first_of);
/* Sets the scope the next declarations resolve in: their namespace, the namespace of their own name, the opened namespaces joined by NUL. 0 or -1. */
int resolver_scope(Resolver *r, const uint16_t *namespace_, int32_t namespace_length, const uint16_t *own, int32_t own_length, const uint16_t *opens,
                   int32_t opens_length);
/* What a reference found by resolver_collect holds under: always, the header or body of `declaration` naming `type`, the current declaration's text naming it. */
enum { REFERENCE_ALWAYS = 0, REFERENCE_IF_CONSTANT_NAMES = 1, REFERENCE_IF_TYPED_HERE = 2 };
/*
 * The references of one declaration whose identifiers (ids of `names`) are ids[bounds[0], bounds[1])
 * in its header, ids[bounds[1], bounds[2]) in its body, its locals ids[bounds[2], bounds[3]) and
 * pattern names ids[bounds[3], bounds[4]): [target, condition, declaration, type] per reference
 * (the unconditional ones each once), in order of use, into resolver_found; *header_count is how many the header gives.
 * 0, or -1 when out of memory.
 */
int resolver_collect(Resolver *r, const Names *names, const int32_t *ids, const int32_t *bounds, int32_t *header_count);
const IntList *resolver_found(const Resolver *r);
/* The code units of a type name a conditional reference gives; NULL for no such name. */
const uint16_t *resolver_text(const Resolver *r, int32_t type, int32_t *length);

#endif
