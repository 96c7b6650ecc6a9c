/*
 * Name resolution of src/lean/references.ts in C: the same rules (NameResolver and the collect
 * step of linkReferences), the same answers, checked by test/lean/native.test.ts. The project's
 * names, their namespaces and last components and the scope keys are interned in a table of the
 * resolver's own; identifiers are ids of the lexer's table. What depends on a declaration's text
 * (whether a type is named in it) is left to TypeScript: such a reference comes out with its condition.
 */
#include <string.h>
#include "scanner.h"

#define UNKNOWN INT32_MIN
/* dotHead of an identifier whose head is `this`, the name of an anonymous `have`: always a local. */
#define THIS_HEAD (-2)
/* fieldNamed looks through at most this many names ending in the field's last component. */
#define FIELD_CANDIDATES 64
/* resolve looks a plain name up again rather than through its memo when it has at most this many candidates. */
#define CHEAP_CANDIDATES 8

typedef struct {
  int32_t *data;
  int32_t capacity;
} Column;

/*
 * What resolution keeps of an identifier, together as resolving one reads them together: its last
 * component's candidate list (own id + 1, -1 none, 0 unknown), whether it is dotted (-1 unknown),
 * its dotHead (UNKNOWN until asked), the last declaration (mark) binding it as a local or pattern
 * name, and the scope and answer of its last resolution and of its last prefix resolution (where the prefix ends, its declaration).
 */
typedef struct {
  int32_t slot, dotted, head, local_to, pattern_to, last_scope, last_answer, prefix_scope, prefix_end, prefix_head;
} Ident;

static const Ident NEW_IDENT = {0, -1, UNKNOWN, 0, 0, -1, -1, -1, -1, -1};

/* A memo entry: the key (scope, what, identifier id) and two values. */
typedef struct {
  uint64_t key;
  int32_t a, b;
} Memo;

struct Resolver {
  /* The resolver's own names: project names, namespaces, last components, scope keys. */
  Names *own;
  /* Per own name: its declaration number (-1: none), the first declaration whose full name it is (-1: none), whether protected, and its candidate list (names ending in it as last component). */
  Column owner, decl_of, protected_, list_head, list_tail, list_length;
  /* Candidate entries: the name, its namespace, the next entry of the list. */
  IntList cand_name, cand_ns, cand_next;
  /* Per declaration number: its flags (RESOLVER_PROTECTED, RESOLVER_HAS_MEMBERS) and member count; how many declarations are numbered, and loaded. */
  uint8_t *decl_flags;
  int32_t *member_counts;
  int32_t decl_count, loaded;
  /* The scope: its key's own id, its prefixes in rank order, and per own name its rank if stamped with the scope's serial. */
  int32_t scope, serial, empty;
  IntList ranks;
  Column rank_stamp, rank_of;
  /* The lexer's table the per-identifier caches below belong to. */
  const Names *names;
  /* Per identifier id of `names`: what resolution keeps of it (see Ident), and its field after the head (target, type). */
  Ident *idents;
  int32_t ident_capacity;
  Column field_target, field_type;
  int32_t mark;
  /* Per declaration number: the last collect that listed it unconditionally. */
  Column listed;
  Memo *memo;
  uint32_t memo_mask, memo_count;
  IntList found;
  uint16_t *scratch;
  int32_t scratch_capacity;
};

/* Makes column c hold index `at`, new entries set to `fill`; 0 when out of memory. */
static int reserve(Column *c, int32_t at, int32_t fill) {
  if (at < c->capacity) return 1;
  int32_t capacity = c->capacity ? c->capacity : 1024;
  while (capacity <= at) capacity *= 2;
  int32_t *data = realloc(c->data, sizeof(int32_t) * capacity);
  if (!data) return 0;
  for (int32_t k = c->capacity; k < capacity; k++) data[k] = fill;
  c->data = data;
  c->capacity = capacity;
  return 1;
}

static uint32_t units_hash(const uint16_t *u, int32_t n) {
  uint32_t h = 0;
  for (int32_t i = 0; i < n; i++) h = hash_step(h, u[i]);
  return h;
}

static int32_t own_find(const Resolver *r, const uint16_t *u, int32_t n) {
  return names_find(r->own, u, n, units_hash(u, n));
}

/* The own id of u[0, n), interned if new, with room for it in the per-name columns; -1 when out of memory. */
static int32_t own_intern(Resolver *r, const uint16_t *u, int32_t n) {
  int added = 0;
  int32_t id = names_intern(r->own, u, n, units_hash(u, n), &added);
  if (id < 0) return -1;
  if (added && !(reserve(&r->owner, id, -1) && reserve(&r->decl_of, id, -1) && reserve(&r->protected_, id, 0) && reserve(&r->list_head, id, -1) && reserve(&r->list_tail, id, -1) &&
                 reserve(&r->list_length, id, 0) && reserve(&r->rank_stamp, id, 0) && reserve(&r->rank_of, id, 0))) {
    return -1;
  }
  return id;
}

static int32_t last_dot(const uint16_t *u, int32_t n) {
  for (int32_t i = n - 1; i >= 0; i--)
    if (u[i] == 46) return i;
  return -1;
}

static int32_t first_dot(const uint16_t *u, int32_t n) {
  for (int32_t i = 0; i < n; i++)
    if (u[i] == 46) return i;
  return -1;
}

static const uint16_t ROOT[7] = {'_', 'r', 'o', 'o', 't', '_', '.'};

static int is_rooted(const uint16_t *u, int32_t n) {
  return n >= 7 && memcmp(u, ROOT, sizeof(ROOT)) == 0;
}

/* The candidate list of the names whose last component is that of u[0, n), or -1. */
static int32_t list_of(const Resolver *r, const uint16_t *u, int32_t n) {
  int32_t dot = last_dot(u, n);
  int32_t id = own_find(r, u + dot + 1, n - dot - 1);
  return id >= 0 && r->list_head.data[id] >= 0 ? id : -1;
}

/* The declaration number the project name u[0, n) belongs to, or -1. */
static int32_t owner_of(const Resolver *r, const uint16_t *u, int32_t n) {
  int32_t id = own_find(r, u, n);
  return id < 0 ? -1 : r->owner.data[id];
}

Resolver *resolver_new(void) {
  Resolver *r = calloc(1, sizeof(Resolver));
  if (!r) return NULL;
  r->own = names_new();
  r->memo_mask = (1 << 16) - 1;
  r->memo = calloc(r->memo_mask + 1, sizeof(Memo));
  if (!r->own || !r->memo) {
    resolver_free(r);
    return NULL;
  }
  return r;
}

void resolver_free(Resolver *r) {
  if (r->own) names_free(r->own);
  Column *columns[] = {&r->owner, &r->decl_of, &r->protected_, &r->list_head, &r->list_tail, &r->list_length, &r->rank_stamp, &r->rank_of,
                       &r->field_target, &r->field_type, &r->listed};
  for (size_t k = 0; k < sizeof(columns) / sizeof(columns[0]); k++) free(columns[k]->data);
  IntList *lists[] = {&r->cand_name, &r->cand_ns, &r->cand_next, &r->ranks, &r->found};
  for (size_t k = 0; k < sizeof(lists) / sizeof(lists[0]); k++) free(lists[k]->data);
  free(r->decl_flags);
  free(r->member_counts);
  free(r->idents);
  free(r->memo);
  free(r->scratch);
  free(r);
}

/* Adds project name `id` (u[0, n)) for declaration `owner` (the first owner of a name keeps it), with its candidate entry. */
static int add_name(Resolver *r, int32_t id, const uint16_t *u, int32_t n, int32_t owner, int is_protected) {
  r->protected_.data[id] |= is_protected;
  if (r->owner.data[id] >= 0) return 0;
  r->owner.data[id] = owner;
  int32_t dot = last_dot(u, n);
  int32_t ns = own_intern(r, u, dot < 0 ? 0 : dot), last = own_intern(r, u + dot + 1, n - dot - 1);
  if (ns < 0 || last < 0) return -1;
  int32_t entry = r->cand_name.length;
  if (!int_list_push(&r->cand_name, id) || !int_list_push(&r->cand_ns, ns) || !int_list_push(&r->cand_next, -1)) return -1;
  if (r->list_tail.data[last] >= 0) r->cand_next.data[r->list_tail.data[last]] = entry;
  else r->list_head.data[last] = entry;
  r->list_tail.data[last] = entry;
  r->list_length.data[last]++;
  return 0;
}

int resolver_prepare(Resolver *r, const int32_t *member_counts, const uint8_t *decl_flags, int32_t decl_count) {
  static const uint16_t nothing[1] = {0};
  size_t count = decl_count > 0 ? (size_t)decl_count : 1;
  r->decl_flags = malloc(count);
  r->member_counts = malloc(sizeof(int32_t) * count);
  if (!r->decl_flags || !r->member_counts || !reserve(&r->listed, decl_count, 0)) return -1;
  for (int32_t d = 0; d < decl_count; d++)
    if (member_counts[d] < 0) return -1;
  if (decl_count > 0) {
    memcpy(r->decl_flags, decl_flags, (size_t)decl_count);
    memcpy(r->member_counts, member_counts, sizeof(int32_t) * (size_t)decl_count);
  }
  r->decl_count = decl_count;
  r->loaded = 0;
  return (r->empty = own_intern(r, nothing, 0)) < 0 ? -1 : 0;
}

int resolver_load(Resolver *r, const uint16_t *names, int32_t n, int32_t to, int32_t *first_of) {
  if (to < r->loaded || to > r->decl_count) return -1;
  int32_t start = 0;
  for (int32_t d = r->loaded; d < to; d++) {
    int duplicate = 0;
    for (int32_t m = 0; m <= r->member_counts[d]; m++, start++) {
      if (start > n) return -1;
      int32_t end = start;
      while (end < n && names[end] != 10) end++;
      const uint16_t *u = names + start;
      int32_t length = end - start;
      start = end;
      if (duplicate) continue;
      int32_t id = own_intern(r, u, length);
      if (id < 0) return -1;
      if (m == 0) {
        /* A declaration's full name comes before its members: protected applies to that name only. */
        duplicate = r->decl_of.data[id] >= 0;
        first_of[d] = duplicate ? r->decl_of.data[id] : d;
        if (duplicate) continue;
        r->decl_of.data[id] = d;
      }
      if (add_name(r, id, u, length, d, m == 0 && (r->decl_flags[d] & RESOLVER_PROTECTED) != 0) < 0) return -1;
    }
  }
  r->loaded = to;
  return 0;
}

static int put_rank(Resolver *r, const uint16_t *u, int32_t n) {
  int32_t id = own_intern(r, u, n);
  if (id < 0) return -1;
  if (r->rank_stamp.data[id] == r->serial) return 0;
  r->rank_stamp.data[id] = r->serial;
  r->rank_of.data[id] = r->ranks.length;
  return int_list_push(&r->ranks, id) ? 0 : -1;
}

/* Makes room for `n` units in the scratch buffer. */
static uint16_t *scratch(Resolver *r, int32_t n) {
  if (n > r->scratch_capacity) {
    int32_t capacity = n * 2 + 64;
    uint16_t *more = realloc(r->scratch, sizeof(uint16_t) * capacity);
    if (!more) return NULL;
    r->scratch = more;
    r->scratch_capacity = capacity;
  }
  return r->scratch;
}

/* The rank prefix `ns.open` (or `open` at the root). */
static int put_opened(Resolver *r, const uint16_t *ns, int32_t ns_length, const uint16_t *open, int32_t open_length) {
  if (ns_length == 0) return put_rank(r, open, open_length);
  uint16_t *u = scratch(r, ns_length + 1 + open_length);
  if (!u) return -1;
  memcpy(u, ns, sizeof(uint16_t) * ns_length);
  u[ns_length] = 46;
  memcpy(u + ns_length + 1, open, sizeof(uint16_t) * open_length);
  return put_rank(r, u, ns_length + 1 + open_length);
}

/*
 * The prefixes an identifier may be completed with, ranked as Lean tries them (scopeOf in
 * references.ts): enclosing namespaces innermost first, the root, the namespace of the
 * declaration's own name, then each open relative to each enclosing namespace.
 */
int resolver_scope(Resolver *r, const uint16_t *namespace_, int32_t namespace_length, const uint16_t *own, int32_t own_length, const uint16_t *opens,
                   int32_t opens_length) {
  int32_t key_length = namespace_length + own_length + opens_length + 3;
  uint16_t *key = scratch(r, key_length);
  if (!key) return -1;
  key[0] = 1;
  memcpy(key + 1, namespace_, sizeof(uint16_t) * namespace_length);
  key[1 + namespace_length] = 0;
  memcpy(key + 2 + namespace_length, own, sizeof(uint16_t) * own_length);
  key[2 + namespace_length + own_length] = 0;
  memcpy(key + 3 + namespace_length + own_length, opens, sizeof(uint16_t) * opens_length);
  if ((r->scope = own_intern(r, key, key_length)) < 0) return -1;
  r->serial++;
  r->ranks.length = 0;
  int32_t enclosing = 0;
  for (int32_t end = namespace_length; end > 0; end = last_dot(namespace_, end), enclosing++)
    if (put_rank(r, namespace_, end) < 0) return -1;
  if (put_rank(r, namespace_, 0) < 0 || put_rank(r, own, own_length) < 0) return -1;
  if (opens_length == 0) return 0;
  for (int32_t start = 0; start <= opens_length;) {
    int32_t end = start;
    while (end < opens_length && opens[end] != 0) end++;
    int32_t ns_end = namespace_length;
    for (int32_t k = 0; k <= enclosing; k++, ns_end = k < enclosing ? last_dot(namespace_, ns_end) : 0)
      if (put_opened(r, namespace_, ns_end, opens + start, end - start) < 0) return -1;
    start = end + 1;
  }
  return 0;
}

/* The rank of own name `id` in the scope, or -1. */
static int32_t rank_of(const Resolver *r, int32_t id) {
  return id >= 0 && r->rank_stamp.data[id] == r->serial ? r->rank_of.data[id] : -1;
}

/*
 * The declaration number `ident` denotes in the scope, among the names of candidate list `list`,
 * or -1 (lookup in references.ts): the best-ranked candidate whose prefix is a rank of the scope,
 * a protected one only when written qualified.
 */
static int32_t lookup(Resolver *r, const uint16_t *ident, int32_t n, int32_t list) {
  int qualified = first_dot(ident, n) >= 0;
  int32_t best = -1, best_rank = INT32_MAX, ranks = r->ranks.length, length = r->list_length.data[list];
  /* A name whose prefix has this rank: the best so far wins ties; a protected name needs a qualifier unless at the root. */
#define CONSIDER(name, rank, root)                                                                     \
  do {                                                                                                 \
    int32_t rank_ = (rank);                                                                            \
    if (rank_ >= 0 && rank_ < best_rank && ((root) || qualified || !r->protected_.data[name])) { \
      best = (name);                                                                                   \
      best_rank = rank_;                                                                               \
    }                                                                                                  \
  } while (0)
  if (!qualified && length <= 4 * ranks) {
    for (int32_t e = r->list_head.data[list]; e >= 0; e = r->cand_next.data[e]) CONSIDER(r->cand_name.data[e], rank_of(r, r->cand_ns.data[e]), r->cand_ns.data[e] == r->empty);
  } else if (length <= ranks) {
    for (int32_t e = r->list_head.data[list]; e >= 0; e = r->cand_next.data[e]) {
      int32_t name = r->cand_name.data[e], name_length;
      const uint16_t *t = names_text(r->own, name, &name_length);
      if (name_length == n && memcmp(t, ident, sizeof(uint16_t) * n) == 0) CONSIDER(name, rank_of(r, r->empty), 1);
      else if (name_length > n && memcmp(t + name_length - n, ident, sizeof(uint16_t) * n) == 0 && t[name_length - n - 1] == 46) {
        CONSIDER(name, rank_of(r, own_find(r, t, name_length - n - 1)), name_length == n + 1);
      }
    }
  } else {
    for (int32_t k = 0; k < ranks; k++) {
      int32_t prefix = r->ranks.data[k], prefix_length, name;
      const uint16_t *p = names_text(r->own, prefix, &prefix_length);
      if (prefix_length == 0) name = own_find(r, ident, n);
      else {
        uint16_t *u = scratch(r, prefix_length + 1 + n);
        if (!u) return -1;
        memcpy(u, p, sizeof(uint16_t) * prefix_length);
        u[prefix_length] = 46;
        memcpy(u + prefix_length + 1, ident, sizeof(uint16_t) * n);
        name = own_find(r, u, prefix_length + 1 + n);
      }
      if (name >= 0 && r->owner.data[name] >= 0) CONSIDER(name, k, prefix_length == 0);
    }
  }
#undef CONSIDER
  return best < 0 ? -1 : r->owner.data[best];
}

/* The memo entry of (scope, what, id): found, or the empty slot to fill. */
static Memo *memo_slot(Resolver *r, int what, int32_t id, int *known) {
  uint64_t key = (((uint64_t)r->scope << 33) | ((uint64_t)what << 32) | (uint32_t)id) + 1;
  uint32_t slot = (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & r->memo_mask;
  while (r->memo[slot].key != 0 && r->memo[slot].key != key) slot = (slot + 1) & r->memo_mask;
  *known = r->memo[slot].key == key;
  r->memo[slot].key = key;
  return &r->memo[slot];
}

/* Counts a filled memo entry; doubles the memo when half full. 0 when out of memory. */
static int memo_filled(Resolver *r) {
  if (++r->memo_count * 2 <= r->memo_mask) return 1;
  uint32_t mask = r->memo_mask * 2 + 1;
  Memo *memo = calloc((size_t)mask + 1, sizeof(Memo)), *old = r->memo;
  if (!memo) return 0;
  for (uint32_t k = 0; k <= r->memo_mask; k++) {
    if (old[k].key == 0) continue;
    uint32_t slot = (uint32_t)((old[k].key * 0x9e3779b97f4a7c15ull) >> 32) & mask;
    while (memo[slot].key != 0) slot = (slot + 1) & mask;
    memo[slot] = old[k];
  }
  free(old);
  r->memo = memo;
  r->memo_mask = mask;
  return 1;
}

/* Makes the per-identifier caches those of `names`, with room for all its ids. 0 when out of memory. */
static int use_names(Resolver *r, const Names *names) {
  int32_t count = names_count(names);
  if (names != r->names) {
    free(r->field_target.data), free(r->field_type.data), free(r->idents);
    r->field_target = r->field_type = (Column){NULL, 0};
    r->idents = NULL;
    r->ident_capacity = 0;
    r->names = names;
  }
  if (count >= r->ident_capacity) {
    int32_t capacity = count * 2 + 1024;
    Ident *more = realloc(r->idents, sizeof(Ident) * capacity);
    if (!more) return 0;
    for (int32_t k = r->ident_capacity; k < capacity; k++) more[k] = NEW_IDENT;
    r->idents = more;
    r->ident_capacity = capacity;
  }
  return reserve(&r->field_target, count, UNKNOWN) && reserve(&r->field_type, count, -1);
}

/* The declaration number identifier `id` denotes in the scope, or -1 (resolve in references.ts). -2 when out of memory. */
static int32_t resolve(Resolver *r, int32_t id) {
  Ident *it = &r->idents[id];
  int32_t slot = it->slot, n;
  if (slot < 0) return -1;
  /* Consecutive declarations mostly share their scope: the answer of an identifier's last resolution is kept beside it. */
  if (it->last_scope == r->scope) return it->last_answer;
  const uint16_t *ident = names_text(r->names, id, &n);
  if (slot == 0) {
    slot = list_of(r, ident, n) + 1;
    it->slot = slot == 0 ? -1 : slot;
    if (slot == 0) return -1;
  }
  /* A plain name with few candidates is looked up faster than remembered. */
  if (it->dotted < 0) it->dotted = first_dot(ident, n) >= 0;
  if (r->list_length.data[slot - 1] <= CHEAP_CANDIDATES && !it->dotted) return lookup(r, ident, n, slot - 1);
  int known;
  Memo *memo = memo_slot(r, 0, id, &known);
  int32_t found = known ? memo->a : is_rooted(ident, n) ? owner_of(r, ident + 7, n - 7) : lookup(r, ident, n, slot - 1);
  memo->a = found;
  it->last_scope = r->scope;
  it->last_answer = found;
  return known || memo_filled(r) ? found : -2;
}

/*
 * For a dotted identifier naming nothing in the scope: its longest proper prefix naming a project
 * declaration there (resolvePrefix): *head is its number, the return value where it ends; -1 when none, -2 when out of memory.
 */
static int32_t resolve_prefix(Resolver *r, int32_t id, int32_t *head) {
  Ident *it = &r->idents[id];
  if (it->prefix_scope == r->scope) {
    *head = it->prefix_head;
    return it->prefix_end;
  }
  int known;
  Memo *memo = memo_slot(r, 1, id, &known);
  if (known) {
    it->prefix_scope = r->scope, it->prefix_end = memo->a, it->prefix_head = memo->b;
    *head = memo->b;
    return memo->a;
  }
  int32_t n, found = -1, end = -1;
  const uint16_t *ident = names_text(r->names, id, &n);
  for (end = last_dot(ident, n); end > 0 && found < 0;) {
    int32_t list = list_of(r, ident, end);
    if (list >= 0) found = is_rooted(ident, end) ? owner_of(r, ident + 7, end - 7) : lookup(r, ident, end, list);
    if (found < 0) end = last_dot(ident, end);
  }
  int32_t at = found < 0 ? -1 : end;
  memo->a = at;
  memo->b = *head = found;
  it = &r->idents[id];
  it->prefix_scope = r->scope, it->prefix_end = at, it->prefix_head = found;
  return memo_filled(r) ? at : -2;
}

/*
 * The one project name `T.tail` not at the root, if exactly one ends in `.tail` among the names
 * ending in tail's last component (fieldNamed): its declaration number, with *type the own id of
 * T's last component; -1 when none, -2 when out of memory.
 */
static int32_t field_named(Resolver *r, const uint16_t *tail, int32_t n, int32_t *type) {
  int32_t list = list_of(r, tail, n), found = -1, name_length = 0;
  if (list < 0 || r->list_length.data[list] > FIELD_CANDIDATES) return -1;
  const uint16_t *name = NULL;
  for (int32_t e = r->list_head.data[list]; e >= 0; e = r->cand_next.data[e]) {
    int32_t length;
    const uint16_t *t = names_text(r->own, r->cand_name.data[e], &length);
    if (length <= n || t[length - n - 1] != 46 || memcmp(t + length - n, tail, sizeof(uint16_t) * n) != 0) continue;
    if (found >= 0) return -1;
    found = r->cand_name.data[e], name = t, name_length = length;
  }
  if (found < 0) return -1;
  int32_t prefix = name_length - n - 1, dot = last_dot(name, prefix);
  if ((*type = own_intern(r, name + dot + 1, prefix - dot - 1)) < 0) return -2;
  return r->owner.data[found];
}

/* The field after a dotted identifier's head (fieldAfterHead), memoized: see field_named. */
static int32_t field_after_head(Resolver *r, int32_t id, int32_t *type) {
  if (r->field_target.data[id] == UNKNOWN) {
    int32_t n;
    const uint16_t *ident = names_text(r->names, id, &n);
    int32_t dot = first_dot(ident, n), found = field_named(r, ident + dot + 1, n - dot - 1, type);
    if (found == -2) return -2;
    r->field_target.data[id] = found;
    r->field_type.data[id] = found < 0 ? -1 : *type;
  }
  *type = r->field_type.data[id];
  return r->field_target.data[id];
}

/* The id of a dotted identifier's head component (dotHead): -1 if that never occurs alone, THIS_HEAD for `this`. */
static int32_t dot_head(Resolver *r, int32_t id) {
  Ident *it = &r->idents[id];
  if (it->head == UNKNOWN) {
    static const uint16_t THIS[4] = {'t', 'h', 'i', 's'};
    int32_t n;
    const uint16_t *ident = names_text(r->names, id, &n);
    int32_t dot = first_dot(ident, n);
    it->head = dot == 4 && memcmp(ident, THIS, sizeof(THIS)) == 0 ? THIS_HEAD : names_find(r->names, ident, dot, code_point_hash(ident, dot));
  }
  return it->head;
}

/* Whether a dotted identifier's head is written like a namespace (`Finset`), not like a variable (`G`, `f`): /^[A-Z][A-Za-z]/. */
static int head_is_namespace(const Resolver *r, int32_t id) {
  int32_t n;
  const uint16_t *ident = names_text(r->names, id, &n);
  uint16_t a = ident[0], b = n > 1 ? ident[1] : 0;
  return a >= 'A' && a <= 'Z' && ((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z'));
}

/* Lists a reference: an unconditional one once per declaration. 0 when out of memory. */
static int add(Resolver *r, int32_t target, int condition, int32_t declaration, int32_t type) {
  if (target < 0) return 1;
  if (condition == REFERENCE_ALWAYS) {
    if (r->listed.data[target] == r->mark) return 1;
    r->listed.data[target] = r->mark;
  }
  return int_list_push(&r->found, target) && int_list_push(&r->found, condition) && int_list_push(&r->found, declaration) && int_list_push(&r->found, type);
}

static int is_local(const Resolver *r, int32_t head) {
  return head == THIS_HEAD || (head >= 0 && (r->idents[head].local_to == r->mark || r->idents[head].pattern_to == r->mark));
}

/* The references of identifiers ids[from, to) of the current declaration (collect in references.ts). 0, or -1 when out of memory. */
static int collect(Resolver *r, const int32_t *ids, int32_t from, int32_t to) {
  for (int32_t k = from; k < to; k++) {
    int32_t id = ids[k];
    Ident *it = &r->idents[id];
    if (it->local_to == r->mark) continue;
    int32_t target = resolve(r, id);
    if (target == -2) return -1;
    if (target >= 0) {
      /* A bare name in a pattern is a variable unless it names a constructor of a project type. */
      if ((it->pattern_to != r->mark || (r->decl_flags[target] & RESOLVER_HAS_MEMBERS) != 0) && !add(r, target, REFERENCE_ALWAYS, -1, -1)) return -1;
      continue;
    }
    int32_t n;
    const uint16_t *ident = NULL;
    if (it->dotted < 0) {
      ident = names_text(r->names, id, &n);
      it->dotted = first_dot(ident, n) >= 0;
    }
    if (!it->dotted) continue;
    if (!ident) ident = names_text(r->names, id, &n);
    int local = is_local(r, dot_head(r, id));
    int32_t head = -1, end = local ? -1 : resolve_prefix(r, id, &head), type = -1;
    if (end == -2) return -1;
    if (end >= 0) {
      if (!add(r, head, REFERENCE_ALWAYS, -1, -1)) return -1;
      int32_t field = field_named(r, ident + end + 1, n - end - 1, &type);
      if (field == -2 || !add(r, field, REFERENCE_IF_CONSTANT_NAMES, head, type)) return -1;
    } else if (local || !head_is_namespace(r, id)) {
      /* A local's field, or one of a name bound where binders.ts does not look (an auto-bound implicit). */
      int32_t field = field_after_head(r, id, &type);
      if (field == -2 || !add(r, field, REFERENCE_IF_TYPED_HERE, -1, type)) return -1;
    }
  }
  return 0;
}

int resolver_collect(Resolver *r, const Names *names, const int32_t *ids, const int32_t *bounds, int32_t *header_count) {
  if (!use_names(r, names)) return -1;
  r->mark++;
  r->found.length = 0;
  for (int32_t k = bounds[2]; k < bounds[3]; k++) r->idents[ids[k]].local_to = r->mark;
  for (int32_t k = bounds[3]; k < bounds[4]; k++) r->idents[ids[k]].pattern_to = r->mark;
  if (collect(r, ids, bounds[0], bounds[1]) < 0) return -1;
  *header_count = r->found.length / 4;
  return collect(r, ids, bounds[1], bounds[2]);
}

const IntList *resolver_found(const Resolver *r) {
  return &r->found;
}

const uint16_t *resolver_text(const Resolver *r, int32_t type, int32_t *length) {
  return type >= 0 && type < names_count(r->own) ? names_text(r->own, type, length) : NULL;
}
