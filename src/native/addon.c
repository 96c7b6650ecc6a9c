/*
 * Node-API glue of the native scanner (src/lean/native.ts is its only caller):
 *   configure(classes, multiSymbols, binderSymbols, keywordCount, gapWordFlag, binderStartFlag)
 *   createNames() -> handle;  internName(handle, name) -> id;  idOf(handle, name) -> id or -1
 *   lex(handle, text, knownNames, flags, kinds, starts, ends, lines, columns, codes, lastRead) -> 0 done, 1 table full (lastRead: text is the one readSource returned last, read in place)
 *   resume(kinds, starts, ends, lines, columns, codes) -> 0 done, 1 table full
 *   results() -> Int32Array [count, gapWords, #comments, #starters, #newNames, #problems, #exit token or -1, longest line, ...each list]
 *   readSource(path, maxBytes) -> [text, bytes], or undefined for a file source.ts must look at itself
 *   readAhead(paths, maxBytes): reads those files on a background thread, in that order, for readSource
 *   configureSplitter(keywordFlags, constants)
 *   split(resume, flags, count, kinds, starts, ends, lines, columns, codes) -> Int32Array
 *     [0, start, keyword, end per command] when done, [1, start, keyword, at] when a command is to be learned
 *   configureGaps(constants)
 *   scanGaps(flags, count, declRanges, exitToken, kinds, starts, ends, lines, columns, codes) -> Int32Array
 *     [what, token, prev, prev2, declaration, inTactics] per token that may be a gap
 *   configureDeclarations(keywordRoles, constants)
 *   bindDeclarationTable(count, starters, kinds, starts, ends, lines, columns, codes): the token table readDeclaration reads until the next binding
 *   readDeclaration(flags, kindClass, from, end, variableLocals, head, out, at) -> total
 *     head = [sep, bodyStart, #header, #body, #locals, #patterns]; the four lists written from out[at] when their total fits
 *   readVariable(flags, count, from, to, kinds, starts, ends, lines, columns, codes) -> Int32Array of the names a `variable` binds
 *   createResolver(memberCounts, declFlags) -> handle: the member count and flags of each declaration, in order
 *   resolverLoad(resolver, names, to, firstOf): the full names and members of the next declarations up to `to`, joined by '\n'; fills their firstOf
 *   resolverScope(resolver, key): the scope of the next declarations, `namespace\0own\0opens joined by \0`
 *   resolverBindFile(namesHandle, ids, bounds): the identifiers of the file whose declarations resolveDeclaration resolves until the next binding
 *   resolveDeclaration(resolver, at, out) -> #references: out = [#header, target, condition, declaration, type per reference]
 *   resolverText(resolver, type) -> the name of a type a conditional reference gives
 *   walkTree(root, skip) -> the records of tree_walk (scanner.h) as one string, or undefined when out of memory
 * External strings are still experimental in Node-API (stable from Node 22.14), hence NAPI_EXPERIMENTAL.
 */
#define NAPI_EXPERIMENTAL
#include <node_api.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>
#include "scanner.h"

#define CHECK(call)                                   \
  do {                                                \
    if ((call) != napi_ok) return throw_error(env);   \
  } while (0)

static napi_value throw_error(napi_env env) {
  const napi_extended_error_info *info = NULL;
  napi_get_last_error_info(env, &info);
  napi_throw_error(env, "LEANAUDIT_NATIVE", info && info->error_message ? info->error_message : "native scanner: bad call");
  return NULL;
}

/* The starters and six columns of a token table. */
#define BOUND_ARRAYS 7

/*
 * The token table readDeclaration reads, bound once per file rather than passed with each of its
 * declarations (the typed arrays cost a Node-API call each): its arrays are held by references
 * until the next binding, so that they stay alive and where they are.
 */
typedef struct {
  int valid;
  TokenColumns table;
  int32_t count, starter_count;
  const int32_t *starters;
  napi_ref refs[BOUND_ARRAYS];
} BoundTable;

/* The identifiers of a file's declarations that resolveDeclaration resolves, bound once per file as BoundTable is: the name table's handle, ids and bounds. */
#define BOUND_IDENT_VALUES 3
typedef struct {
  int valid;
  Names *names;
  const int32_t *ids, *bounds;
  int32_t id_count, bound_count;
  napi_ref refs[BOUND_IDENT_VALUES];
} BoundIdents;

/* What one Node environment (the main thread, or a worker thread) lexes with: its lexer state, and the code units of the text being lexed with PADDING zeros after them (reused from call to call). */
typedef struct {
  Lexer *lexer;
  Splitter *splitter;
  Declarations *declarations;
  GapScan *gaps;
  uint16_t *units;
  size_t units_capacity;
  ReadAhead *read_ahead;
  ReadBuffer read_buffer;
  /* The code units (PADDING zeros after them) of the last UTF-16 text readSource made an external string of, or NULL: the lexer reads that text in place. */
  const uint16_t *last_text;
  size_t last_text_length;
  BoundTable bound;
  BoundIdents idents;
} Instance;

static Instance *instance_of(napi_env env) {
  void *data = NULL;
  return napi_get_instance_data(env, &data) == napi_ok ? data : NULL;
}

/* Every thread's module init calls each configure function: the first call sets the tables, under the lock. */
static uv_once_t lock_once = UV_ONCE_INIT;
static uv_mutex_t configure_lock;
static int lexer_configured, splitter_configured, declarations_configured, gaps_configured;

static void make_lock(void) {
  uv_mutex_init(&configure_lock);
}

/* Takes the configuration lock; true when *done is unset: the caller then configures, and calls `configured` either way. */
static int configuring(const int *done) {
  uv_once(&lock_once, make_lock);
  uv_mutex_lock(&configure_lock);
  return !*done;
}

static void configured(int *done) {
  *done = 1;
  uv_mutex_unlock(&configure_lock);
}

static void finalize_instance(napi_env env, void *data, void *hint) {
  (void)env, (void)hint;
  Instance *instance = data;
  read_ahead_stop(instance->read_ahead);
  free(instance->units);
  free(instance->read_buffer.bytes);
  if (instance->splitter) splitter_free(instance->splitter);
  if (instance->declarations) declarations_free(instance->declarations);
  if (instance->gaps) gaps_free(instance->gaps);
  if (instance->lexer) lexer_free(instance->lexer);
  free(instance);
}

/* Copies a string's code units into the instance's buffer; NULL on failure. */
static uint16_t *read_units(napi_env env, Instance *instance, napi_value value, size_t *length) {
  if (napi_get_value_string_utf16(env, value, NULL, 0, length) != napi_ok) return NULL;
  if (*length + PADDING + 1 > instance->units_capacity) {
    size_t capacity = (*length + PADDING + 1) * 2;
    uint16_t *more = realloc(instance->units, sizeof(uint16_t) * capacity);
    if (!more) return NULL;
    instance->units = more;
    instance->units_capacity = capacity;
  }
  uint16_t *units = instance->units;
  size_t copied = 0;
  if (napi_get_value_string_utf16(env, value, (char16_t *)units, *length + 1, &copied) != napi_ok) return NULL;
  for (int k = 0; k < PADDING; k++) units[*length + k] = 0;
  return units;
}

/*
 * A typed array's data, and its length in *length: one Node-API call for both, as each costs a few
 * hundred instructions and some are made for every declaration (the length is 0 when it is none).
 */
static void *typed_array(napi_env env, napi_value value, int32_t *length) {
  void *data = NULL;
  size_t n = 0;
  if (napi_get_typedarray_info(env, value, NULL, &n, &data, NULL, NULL) != napi_ok) n = 0, data = NULL;
  *length = (int32_t)n;
  return data;
}

/* Copies an Int32Array argument into a struct of int32 constants of `size` bytes; 0 when it has another length. */
static int read_constants(napi_env env, napi_value value, void *constants, size_t size) {
  int32_t length;
  const int32_t *values = typed_array(env, value, &length);
  if (!values || length * sizeof(int32_t) != size) return 0;
  memcpy(constants, values, size);
  return 1;
}

static napi_value configure(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int32_t class_count;
  const uint8_t *classes = typed_array(env, argv[0], &class_count);
  if (!classes || class_count != 0x10000) return throw_error(env);
  int32_t multi[32], binders[32];
  uint32_t multi_n = 0, binder_n = 0;
  CHECK(napi_get_array_length(env, argv[1], &multi_n));
  CHECK(napi_get_array_length(env, argv[2], &binder_n));
  if (multi_n > 32 || binder_n > 32) return throw_error(env);
  for (uint32_t k = 0; k < multi_n; k++) {
    napi_value item;
    char symbol[4] = {0};
    size_t length = 0;
    CHECK(napi_get_element(env, argv[1], k, &item));
    CHECK(napi_get_value_string_latin1(env, item, symbol, sizeof(symbol), &length));
    multi[k] = ((symbol[0] * 128) + symbol[1]) * 128 + (length > 2 ? symbol[2] : 0);
  }
  for (uint32_t k = 0; k < binder_n; k++) {
    napi_value item;
    CHECK(napi_get_element(env, argv[2], k, &item));
    CHECK(napi_get_value_int32(env, item, &binders[k]));
  }
  int32_t keywords, gap_word, binder_start;
  CHECK(napi_get_value_int32(env, argv[3], &keywords));
  CHECK(napi_get_value_int32(env, argv[4], &gap_word));
  CHECK(napi_get_value_int32(env, argv[5], &binder_start));
  if (configuring(&lexer_configured)) lexer_configure(classes, multi, (int)multi_n, binders, (int)binder_n, keywords, (uint8_t)gap_word, (uint8_t)binder_start);
  configured(&lexer_configured);
  return NULL;
}

static void finalize_names(node_api_basic_env env, void *data, void *hint) {
  (void)hint;
  int64_t remaining;
  napi_adjust_external_memory(env, -(int64_t)names_footprint(data), &remaining);
  names_free(data);
}

static napi_value create_names(napi_env env, napi_callback_info info) {
  (void)info;
  Names *names = names_new();
  if (!names) return throw_error(env);
  napi_value handle;
  int64_t external;
  CHECK(napi_create_external(env, names, finalize_names, NULL, &handle));
  CHECK(napi_adjust_external_memory(env, (int64_t)names_footprint(names), &external));
  return handle;
}

static Names *names_of(napi_env env, napi_value handle) {
  void *data = NULL;
  return napi_get_value_external(env, handle, &data) == napi_ok ? data : NULL;
}

/* internName (insert = 1) and idOf (insert = 0). */
static napi_value lookup(napi_env env, napi_callback_info info, int insert) {
  size_t argc = 2, length = 0;
  napi_value argv[2], result;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Names *names = names_of(env, argv[0]);
  Instance *instance = instance_of(env);
  const uint16_t *units = instance ? read_units(env, instance, argv[1], &length) : NULL;
  if (!names || !units) return throw_error(env);
  uint32_t hash = code_point_hash(units, length);
  int added = 0;
  int32_t id = insert ? names_intern(names, units, (int32_t)length, hash, &added) : names_find(names, units, (int32_t)length, hash);
  if (insert && id < 0) return throw_error(env);
  CHECK(napi_create_int32(env, id, &result));
  return result;
}

static napi_value intern_name(napi_env env, napi_callback_info info) {
  return lookup(env, info, 1);
}

static napi_value id_of(napi_env env, napi_callback_info info) {
  return lookup(env, info, 0);
}

static int token_columns(napi_env env, const napi_value *argv, TokenColumns *table) {
  int32_t lengths[6];
  table->kinds = typed_array(env, argv[0], &lengths[0]);
  table->starts = typed_array(env, argv[1], &lengths[1]);
  table->ends = typed_array(env, argv[2], &lengths[2]);
  table->lines = typed_array(env, argv[3], &lengths[3]);
  table->columns = typed_array(env, argv[4], &lengths[4]);
  table->codes = typed_array(env, argv[5], &lengths[5]);
  table->capacity = lengths[0];
  for (int k = 1; k < 6; k++)
    if (lengths[k] < table->capacity) return 0;
  return table->kinds && table->starts && table->ends && table->lines && table->columns && table->codes;
}

static napi_value status_value(napi_env env, int status) {
  napi_value result;
  if (status < 0) {
    napi_throw_error(env, "LEANAUDIT_NATIVE", "native scanner: out of memory");
    return NULL;
  }
  CHECK(napi_create_int32(env, status, &result));
  return result;
}

static napi_value lex(napi_env env, napi_callback_info info) {
  size_t argc = 11, length = 0;
  napi_value argv[11];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Names *names = names_of(env, argv[0]);
  int32_t known = 0;
  CHECK(napi_get_value_int32(env, argv[2], &known));
  int32_t flag_count;
  const uint8_t *flags = typed_array(env, argv[3], &flag_count);
  TokenColumns table;
  if (!names || !flags || flag_count < known || !token_columns(env, argv + 4, &table)) return throw_error(env);
  Instance *instance = instance_of(env);
  /* The text readSource returned last (JavaScript tells), lexed in place rather than copied. */
  bool last_read = false;
  if (argc < 11 || napi_get_value_bool(env, argv[10], &last_read) != napi_ok) last_read = false;
  const uint16_t *units = NULL;
  if (last_read && instance && instance->last_text && napi_get_value_string_utf16(env, argv[1], NULL, 0, &length) == napi_ok &&
      length == instance->last_text_length) {
    units = instance->last_text;
  } else if (instance) {
    units = read_units(env, instance, argv[1], &length);
  }
  if (!units || length > INT32_MAX - PADDING) return throw_error(env);
  return status_value(env, lexer_start(instance->lexer, names, units, (int32_t)length, known, flags, &table));
}

static napi_value resume(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  TokenColumns table;
  Instance *instance = instance_of(env);
  if (!instance || !token_columns(env, argv, &table)) return throw_error(env);
  return status_value(env, lexer_resume(instance->lexer, &table));
}

/*
 * Writes head[0, head_length) and then the lists' values into the Int32Array `out` when they fit, and
 * returns how many values there are either way: the caller grows `out` and asks again when that is
 * more than its length (a buffer per call site, not an array made per call: a few microseconds each,
 * and tens of thousands of calls a scan). With `must_fit`, values that do not fit are an error instead.
 */
static napi_value fill_int32(napi_env env, napi_value out, const int32_t *head, size_t head_length, const IntList *const *lists, int list_count, int must_fit) {
  napi_typedarray_type type;
  size_t capacity = 0, total = head_length;
  void *data = NULL;
  for (int k = 0; k < list_count; k++) total += (size_t)lists[k]->length;
  if (napi_get_typedarray_info(env, out, &type, &capacity, &data, NULL, NULL) != napi_ok || type != napi_int32_array || total > INT32_MAX || (must_fit && total > capacity)) {
    return throw_error(env);
  }
  if (total <= capacity) {
    int32_t *to = data;
    if (head_length > 0) memcpy(to, head, head_length * sizeof(int32_t));
    to += head_length;
    for (int k = 0; k < list_count; k++) {
      if (lists[k]->length > 0) memcpy(to, lists[k]->data, (size_t)lists[k]->length * sizeof(int32_t));
      to += lists[k]->length;
    }
  }
  napi_value result;
  CHECK(napi_create_int32(env, (int32_t)total, &result));
  return result;
}

static napi_value results(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Instance *instance = instance_of(env);
  if (!instance) return throw_error(env);
  LexResults r;
  lexer_results(instance->lexer, &r);
  const IntList *lists[4] = {r.comments, r.starters, r.new_names, r.problems};
  int32_t head[8] = {r.count, r.gap_words, 0, 0, 0, 0, r.exit_token, r.longest_line};
  for (int k = 0; k < 4; k++) head[2 + k] = lists[k]->length;
  return fill_int32(env, argv[0], head, 8, lists, 4, 0);
}

/* What configureSplitter and configureDeclarations pass on: a per-keyword-id table and the constants. */
typedef void KeywordConfigure(const uint8_t *table, int count, const void *constants);

/* Reads a (Uint8Array per keyword id, Int32Array of constants) call into `constants` (`size` bytes) and applies it the first time, under the lock. */
static napi_value configure_keywords(napi_env env, napi_callback_info info, int *done, void *constants, size_t size, KeywordConfigure *apply) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int32_t count;
  const uint8_t *table = typed_array(env, argv[0], &count);
  if (!table || !read_constants(env, argv[1], constants, size)) return throw_error(env);
  if (configuring(done)) apply(table, count, constants);
  configured(done);
  return NULL;
}

static void apply_splitter(const uint8_t *table, int count, const void *constants) {
  splitter_configure(table, count, constants);
}

static napi_value configure_splitter(napi_env env, napi_callback_info info) {
  SplitterConstants constants;
  return configure_keywords(env, info, &splitter_configured, &constants, sizeof(constants), apply_splitter);
}

static napi_value split(napi_env env, napi_callback_info info) {
  size_t argc = 10;
  napi_value argv[10];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  bool resuming = false;
  int32_t count = 0;
  CHECK(napi_get_value_bool(env, argv[0], &resuming));
  CHECK(napi_get_value_int32(env, argv[2], &count));
  int32_t flag_count;
  const uint8_t *flags = typed_array(env, argv[1], &flag_count);
  TokenColumns table;
  Instance *instance = instance_of(env);
  if (!instance || !instance->splitter || !flags || !token_columns(env, argv + 4, &table) || count < 0 || count > table.capacity) return throw_error(env);
  int status = resuming ? splitter_resume(instance->splitter, &table, count, flags, flag_count) : splitter_start(instance->splitter, &table, count, flags, flag_count);
  if (status < 0) return status_value(env, status);
  if (status == SPLIT_DONE) {
    int32_t head = SPLIT_DONE;
    const IntList *commands = splitter_commands(instance->splitter);
    return fill_int32(env, argv[3], &head, 1, &commands, 1, 1);
  }
  int32_t stop[4] = {SPLIT_LEARN, 0, 0, 0};
  splitter_stop(instance->splitter, &stop[1], &stop[2], &stop[3]);
  return fill_int32(env, argv[3], stop, 4, NULL, 0, 1);
}

static void apply_declarations(const uint8_t *table, int count, const void *constants) {
  declarations_configure(table, count, constants);
}

static napi_value configure_declarations(napi_env env, napi_callback_info info) {
  DeclarationConstants constants;
  return configure_keywords(env, info, &declarations_configured, &constants, sizeof(constants), apply_declarations);
}

/* Holds `count` values by references (a binding's arrays, kept alive and in place until the next binding); 0 when one could not be made. */
static int hold_references(napi_env env, const napi_value *values, napi_ref *refs, int count) {
  for (int k = 0; k < count; k++)
    if (napi_create_reference(env, values[k], 1, &refs[k]) != napi_ok) return 0;
  return 1;
}

/* Deletes the references a binding held (those made: a binding may have failed half way). */
static void drop_references(napi_env env, napi_ref *refs, int count) {
  for (int k = 0; k < count; k++) {
    if (refs[k]) napi_delete_reference(env, refs[k]);
    refs[k] = NULL;
  }
}

static napi_value bind_declaration_table(napi_env env, napi_callback_info info) {
  size_t argc = 2 + 6;
  napi_value argv[2 + 6];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Instance *instance = instance_of(env);
  if (!instance) return throw_error(env);
  BoundTable *bound = &instance->bound;
  bound->valid = 0;
  drop_references(env, bound->refs, BOUND_ARRAYS);
  int32_t count = 0, starter_count = 0;
  CHECK(napi_get_value_int32(env, argv[0], &count));
  const int32_t *starters = typed_array(env, argv[1], &starter_count);
  TokenColumns table;
  if ((starter_count > 0 && !starters) || !token_columns(env, argv + 2, &table) || count < 0 || count > table.capacity) return throw_error(env);
  if (!hold_references(env, argv + 1, bound->refs, BOUND_ARRAYS)) return throw_error(env);
  bound->table = table;
  bound->count = count;
  bound->starters = starters;
  bound->starter_count = starter_count;
  bound->valid = 1;
  return NULL;
}

static napi_value read_declaration(napi_env env, napi_callback_info info) {
  size_t argc = 8;
  napi_value argv[8];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int32_t kind_class = 0, from = 0, end = 0, at = 0;
  CHECK(napi_get_value_int32(env, argv[1], &kind_class));
  CHECK(napi_get_value_int32(env, argv[2], &from));
  CHECK(napi_get_value_int32(env, argv[3], &end));
  CHECK(napi_get_value_int32(env, argv[7], &at));
  int32_t flag_count, variable_count, head_length, out_length;
  const uint8_t *flags = typed_array(env, argv[0], &flag_count);
  const int32_t *variable_locals = typed_array(env, argv[4], &variable_count);
  int32_t *head = typed_array(env, argv[5], &head_length), *out = typed_array(env, argv[6], &out_length);
  Instance *instance = instance_of(env);
  const BoundTable *bound = instance ? &instance->bound : NULL;
  if (!bound || !bound->valid || !instance->declarations || !flags || (variable_count > 0 && !variable_locals) || !out || !head || head_length < 6 ||
      from < 0 || from > bound->count || end < 0 || end > bound->count || at < 0 || at > out_length) {
    return throw_error(env);
  }
  if (declarations_read(instance->declarations, &bound->table, bound->count, flags, flag_count, bound->starters, bound->starter_count, kind_class, from, end,
                        variable_locals, variable_count, &head[0], &head[1]) < 0) {
    return status_value(env, -1);
  }
  const IntList *lists = declarations_lists(instance->declarations);
  int32_t total = 0;
  for (int k = 0; k < 4; k++) total += (head[2 + k] = lists[k].length);
  if (total <= out_length - at) {
    for (int k = 0; k < 4; k++) {
      if (lists[k].length > 0) memcpy(out + at, lists[k].data, sizeof(int32_t) * lists[k].length);
      at += lists[k].length;
    }
  }
  return status_value(env, total);
}

static napi_value read_variable(napi_env env, napi_callback_info info) {
  size_t argc = 11;
  napi_value argv[11];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int32_t count = 0, from = 0, to = 0;
  CHECK(napi_get_value_int32(env, argv[1], &count));
  CHECK(napi_get_value_int32(env, argv[2], &from));
  CHECK(napi_get_value_int32(env, argv[3], &to));
  int32_t flag_count;
  const uint8_t *flags = typed_array(env, argv[0], &flag_count);
  TokenColumns table;
  Instance *instance = instance_of(env);
  if (!instance || !instance->declarations || !flags || !token_columns(env, argv + 5, &table) || count < 0 || count > table.capacity || from < 0 || to < 0 ||
      to > count) {
    return throw_error(env);
  }
  if (declarations_variable(instance->declarations, &table, count, flags, flag_count, from, to) < 0) return status_value(env, -1);
  const IntList *locals = &declarations_lists(instance->declarations)[2];
  return fill_int32(env, argv[4], NULL, 0, &locals, 1, 0);
}

static napi_value configure_gaps(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  GapConstants constants;
  if (!read_constants(env, argv[0], &constants, sizeof(constants))) return throw_error(env);
  if (configuring(&gaps_configured)) gaps_configure(&constants);
  configured(&gaps_configured);
  return NULL;
}

static napi_value scan_gaps(napi_env env, napi_callback_info info) {
  size_t argc = 11;
  napi_value argv[11];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int32_t count = 0, exit_token = 0;
  CHECK(napi_get_value_int32(env, argv[1], &count));
  CHECK(napi_get_value_int32(env, argv[3], &exit_token));
  int32_t flag_count, range_length;
  const uint8_t *flags = typed_array(env, argv[0], &flag_count);
  const int32_t *ranges = typed_array(env, argv[2], &range_length);
  TokenColumns table;
  Instance *instance = instance_of(env);
  if (!instance || !instance->gaps || !flags || (range_length > 0 && !ranges) || range_length % 2 != 0 || !token_columns(env, argv + 5, &table) || count < 0 ||
      count > table.capacity) {
    return throw_error(env);
  }
  if (gaps_scan(instance->gaps, &table, count, flags, flag_count, ranges, range_length / 2, exit_token) < 0) return status_value(env, -1);
  const IntList *found = gaps_found(instance->gaps);
  return fill_int32(env, argv[4], NULL, 0, &found, 1, 0);
}

static void finalize_text(node_api_basic_env env, void *data, void *hint) {
  (void)env, (void)hint;
  free(data);
}

/* A string argument as a malloc'ed UTF-8 string (its byte length in *length, NULs kept); NULL when it is none or out of memory. */
static char *utf8_argument(napi_env env, napi_value value, size_t *length) {
  if (napi_get_value_string_utf8(env, value, NULL, 0, length) != napi_ok) return NULL;
  char *bytes = malloc(*length + 1);
  if (bytes && napi_get_value_string_utf8(env, value, bytes, *length + 1, length) != napi_ok) {
    free(bytes);
    return NULL;
  }
  return bytes;
}

static napi_value read_source(napi_env env, napi_callback_info info) {
  size_t argc = 2, length = 0;
  napi_value argv[2], text, bytes, result;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  double max_bytes = 0;
  CHECK(napi_get_value_double(env, argv[1], &max_bytes));
  char *path = utf8_argument(env, argv[0], &length);
  if (!path) return throw_error(env);
  SourceText source;
  int read = strlen(path) == length;
  Instance *instance = instance_of(env);
  if (instance) instance->last_text = NULL;
  if (read) {
    int taken = instance && instance->read_ahead ? read_ahead_take(instance->read_ahead, path, &source) : -1;
    read = taken >= 0 ? taken : instance ? source_read(path, (size_t)max_bytes, &instance->read_buffer, &source) : 0;
  }
  free(path);
  if (!read) return NULL;
  bool copied = false;
  void *chars = source.latin1 ? (void *)source.latin1 : (void *)source.utf16;
  napi_status status = source.latin1 ? node_api_create_external_string_latin1(env, source.latin1, source.length, finalize_text, NULL, &text, &copied)
                                     : node_api_create_external_string_utf16(env, (char16_t *)source.utf16, source.length, finalize_text, NULL, &text, &copied);
  if (status != napi_ok || copied) free(chars);
  if (status != napi_ok) return throw_error(env);
  CHECK(napi_create_double(env, (double)source.bytes, &bytes));
  CHECK(napi_create_array_with_length(env, 2, &result));
  CHECK(napi_set_element(env, result, 0, text));
  CHECK(napi_set_element(env, result, 1, bytes));
  /* Only a text handed over is the last read: JavaScript holds it, so its code units stay alive while it says so. */
  if (instance) {
    instance->last_text = !copied && source.utf16 ? source.utf16 : NULL;
    instance->last_text_length = source.length;
  }
  return result;
}

static napi_value read_ahead(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Instance *instance = instance_of(env);
  if (!instance) return throw_error(env);
  read_ahead_stop(instance->read_ahead);
  instance->read_ahead = NULL;
  uint32_t count = 0;
  double max_bytes = 0;
  CHECK(napi_get_array_length(env, argv[0], &count));
  CHECK(napi_get_value_double(env, argv[1], &max_bytes));
  if (count == 0) return NULL;
  char **paths = calloc(count, sizeof(char *));
  if (!paths) return throw_error(env);
  for (uint32_t k = 0; k < count; k++) {
    napi_value item;
    size_t length = 0;
    if (napi_get_element(env, argv[0], k, &item) != napi_ok || !(paths[k] = utf8_argument(env, item, &length))) {
      for (uint32_t j = 0; j <= k; j++) free(paths[j]);
      free(paths);
      return throw_error(env);
    }
  }
  instance->read_ahead = read_ahead_start(paths, count, (size_t)max_bytes);
  free(paths);
  return NULL;
}

static void finalize_resolver(node_api_basic_env env, void *data, void *hint) {
  (void)env, (void)hint;
  resolver_free(data);
}

static Resolver *resolver_of(napi_env env, napi_value handle) {
  void *data = NULL;
  return napi_get_value_external(env, handle, &data) == napi_ok ? data : NULL;
}

static napi_value create_resolver(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2], handle;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int32_t decl_count, flag_count;
  const int32_t *member_counts = typed_array(env, argv[0], &decl_count);
  const uint8_t *decl_flags = typed_array(env, argv[1], &flag_count);
  if (decl_count < 0 || flag_count != decl_count || (decl_count > 0 && (!member_counts || !decl_flags))) return throw_error(env);
  Resolver *r = resolver_new();
  if (!r || resolver_prepare(r, member_counts, decl_flags, decl_count) < 0) {
    if (r) resolver_free(r);
    return throw_error(env);
  }
  if (napi_create_external(env, r, finalize_resolver, NULL, &handle) != napi_ok) {
    resolver_free(r);
    return throw_error(env);
  }
  return handle;
}

static napi_value resolver_load_of(napi_env env, napi_callback_info info) {
  size_t argc = 4, length = 0;
  napi_value argv[4];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int32_t to = 0;
  CHECK(napi_get_value_int32(env, argv[2], &to));
  Resolver *r = resolver_of(env, argv[0]);
  Instance *instance = instance_of(env);
  const uint16_t *units = instance ? read_units(env, instance, argv[1], &length) : NULL;
  int32_t first_of_length;
  int32_t *first_of = typed_array(env, argv[3], &first_of_length);
  if (!r || !units || length > INT32_MAX || !first_of || first_of_length < to || resolver_load(r, units, (int32_t)length, to, first_of) < 0) {
    return throw_error(env);
  }
  return NULL;
}

/* The position of the first NUL of u[from, n), or n. */
static int32_t nul_from(const uint16_t *u, int32_t from, int32_t n) {
  while (from < n && u[from] != 0) from++;
  return from;
}

static napi_value resolver_scope_of(napi_env env, napi_callback_info info) {
  size_t argc = 2, length = 0;
  napi_value argv[2];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Resolver *r = resolver_of(env, argv[0]);
  Instance *instance = instance_of(env);
  const uint16_t *key = instance ? read_units(env, instance, argv[1], &length) : NULL;
  if (!r || !key || length > INT32_MAX) return throw_error(env);
  int32_t n = (int32_t)length, ns_end = nul_from(key, 0, n), own_end = nul_from(key, ns_end + 1, n);
  if (own_end >= n) return throw_error(env);
  return status_value(env, resolver_scope(r, key, ns_end, key + ns_end + 1, own_end - ns_end - 1, key + own_end + 1, n - own_end - 1));
}

static napi_value resolver_bind_file(napi_env env, napi_callback_info info) {
  size_t argc = BOUND_IDENT_VALUES;
  napi_value argv[BOUND_IDENT_VALUES];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Instance *instance = instance_of(env);
  if (!instance) return throw_error(env);
  BoundIdents *bound = &instance->idents;
  bound->valid = 0;
  drop_references(env, bound->refs, BOUND_IDENT_VALUES);
  Names *names = names_of(env, argv[0]);
  int32_t id_count, bound_count;
  const int32_t *ids = typed_array(env, argv[1], &id_count), *bounds = typed_array(env, argv[2], &bound_count);
  if (!names || (id_count > 0 && !ids) || (bound_count > 0 && !bounds)) return throw_error(env);
  /* Every id is checked once here; a name table only grows, so they stay valid. */
  int32_t name_count = names_count(names);
  for (int32_t k = 0; k < id_count; k++)
    if (ids[k] < 0 || ids[k] >= name_count) return throw_error(env);
  if (!hold_references(env, argv, bound->refs, BOUND_IDENT_VALUES)) return throw_error(env);
  bound->names = names;
  bound->ids = ids;
  bound->bounds = bounds;
  bound->id_count = id_count;
  bound->bound_count = bound_count;
  bound->valid = 1;
  return NULL;
}

static napi_value resolve_declaration(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Resolver *r = resolver_of(env, argv[0]);
  Instance *instance = instance_of(env);
  const BoundIdents *bound = instance ? &instance->idents : NULL;
  int32_t at = 0, out_length;
  int32_t *out = typed_array(env, argv[2], &out_length);
  CHECK(napi_get_value_int32(env, argv[1], &at));
  if (!r || !bound || !bound->valid || !out || at < 0 || at + 5 > bound->bound_count) return throw_error(env);
  const int32_t *b = bound->bounds + at;
  for (int k = 0; k < 5; k++)
    if (b[k] < 0 || b[k] > bound->id_count || (k > 0 && b[k] < b[k - 1])) return throw_error(env);
  int32_t header = 0;
  if (resolver_collect(r, bound->names, bound->ids, b, &header) < 0) return status_value(env, -1);
  const IntList *found = resolver_found(r);
  if (1 + found->length > out_length) return throw_error(env);
  out[0] = header;
  memcpy(out + 1, found->data, sizeof(int32_t) * found->length);
  return status_value(env, found->length / 4);
}

static napi_value resolver_text_of(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2], result;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Resolver *r = resolver_of(env, argv[0]);
  int32_t type = 0, length = 0;
  CHECK(napi_get_value_int32(env, argv[1], &type));
  const uint16_t *units = r ? resolver_text(r, type, &length) : NULL;
  if (!units) return throw_error(env);
  CHECK(napi_create_string_utf16(env, (const char16_t *)units, length, &result));
  return result;
}

static napi_value walk_tree(napi_env env, napi_callback_info info) {
  size_t argc = 2, root_length = 0, skip_length = 0;
  napi_value argv[2], result = NULL;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  char *root = utf8_argument(env, argv[0], &root_length), *skip = utf8_argument(env, argv[1], &skip_length);
  CharList out = {0};
  int walked = root && skip && strlen(root) == root_length && tree_walk(root, skip, skip_length, &out) == 0;
  napi_status status = walked ? napi_create_string_utf8(env, out.data ? out.data : "", out.length, &result) : napi_ok;
  free(root);
  free(skip);
  free(out.data);
  if (status != napi_ok) return throw_error(env);
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  const napi_property_descriptor methods[] = {
    {"configure", NULL, configure, NULL, NULL, NULL, napi_default, NULL},
    {"createNames", NULL, create_names, NULL, NULL, NULL, napi_default, NULL},
    {"internName", NULL, intern_name, NULL, NULL, NULL, napi_default, NULL},
    {"idOf", NULL, id_of, NULL, NULL, NULL, napi_default, NULL},
    {"lex", NULL, lex, NULL, NULL, NULL, napi_default, NULL},
    {"resume", NULL, resume, NULL, NULL, NULL, napi_default, NULL},
    {"results", NULL, results, NULL, NULL, NULL, napi_default, NULL},
    {"readSource", NULL, read_source, NULL, NULL, NULL, napi_default, NULL},
    {"readAhead", NULL, read_ahead, NULL, NULL, NULL, napi_default, NULL},
    {"configureSplitter", NULL, configure_splitter, NULL, NULL, NULL, napi_default, NULL},
    {"split", NULL, split, NULL, NULL, NULL, napi_default, NULL},
    {"configureDeclarations", NULL, configure_declarations, NULL, NULL, NULL, napi_default, NULL},
    {"configureGaps", NULL, configure_gaps, NULL, NULL, NULL, napi_default, NULL},
    {"scanGaps", NULL, scan_gaps, NULL, NULL, NULL, napi_default, NULL},
    {"bindDeclarationTable", NULL, bind_declaration_table, NULL, NULL, NULL, napi_default, NULL},
    {"readDeclaration", NULL, read_declaration, NULL, NULL, NULL, napi_default, NULL},
    {"readVariable", NULL, read_variable, NULL, NULL, NULL, napi_default, NULL},
    {"createResolver", NULL, create_resolver, NULL, NULL, NULL, napi_default, NULL},
    {"resolverLoad", NULL, resolver_load_of, NULL, NULL, NULL, napi_default, NULL},
    {"resolverScope", NULL, resolver_scope_of, NULL, NULL, NULL, napi_default, NULL},
    {"resolverBindFile", NULL, resolver_bind_file, NULL, NULL, NULL, napi_default, NULL},
    {"resolveDeclaration", NULL, resolve_declaration, NULL, NULL, NULL, napi_default, NULL},
    {"resolverText", NULL, resolver_text_of, NULL, NULL, NULL, napi_default, NULL},
    {"walkTree", NULL, walk_tree, NULL, NULL, NULL, napi_default, NULL},
  };
  if (napi_define_properties(env, exports, sizeof(methods) / sizeof(methods[0]), methods) != napi_ok) return NULL;
  Instance *instance = calloc(1, sizeof(Instance));
  if (!instance || !(instance->lexer = lexer_new()) || !(instance->splitter = splitter_new()) ||
      !(instance->declarations = declarations_new()) || !(instance->gaps = gaps_new())) {
    if (instance) finalize_instance(env, instance, NULL);
    return NULL;
  }
  if (napi_set_instance_data(env, instance, finalize_instance, NULL) != napi_ok) {
    finalize_instance(env, instance, NULL);
    return NULL;
  }
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
