/* Interned identifier names for the native lexer (see lexer.c): the same ids as NameTable in src/lean/names.ts. */
#include <stdlib.h>
#include <string.h>
#include "scanner.h"

#define GOLDEN 0x9e3779b1u

/*
 * A slot of the open-addressed table: the name's hash beside its id + 1 (0: empty), so that a probe
 * compares hashes in the slot itself, not in a second array (a cache miss of its own per probe).
 */
typedef struct {
  int32_t hash, entry;
} Slot;

/* Interned names: the code units of every name back to back, open addressing on Fibonacci-hashed slots, and a direct-mapped cache of recent names. */
struct Names {
  uint16_t *units;
  size_t unit_capacity;
  int32_t *offsets;
  int32_t count, capacity;
  Slot *slots;
  uint32_t mask;
  int shift;
  int32_t recent[4 << (32 - RECENT_SHIFT)];
};

Names *names_new(void) {
  Names *t = calloc(1, sizeof(Names));
  if (!t) return NULL;
  t->unit_capacity = 4096;
  t->units = malloc(sizeof(uint16_t) * t->unit_capacity);
  t->capacity = 256;
  t->offsets = calloc(t->capacity + 1, sizeof(int32_t));
  t->mask = 1023;
  t->shift = 22;
  t->slots = calloc(t->mask + 1, sizeof(Slot));
  if (!t->units || !t->offsets || !t->slots) {
    free(t->units), free(t->offsets), free(t->slots), free(t);
    return NULL;
  }
  return t;
}

void names_free(Names *t) {
  free(t->units), free(t->offsets), free(t->slots), free(t);
}

/* Most names are short: compared unit by unit, without a call to memcmp. */
static inline int same_units(const uint16_t *a, const uint16_t *b, int32_t length) {
  if (length > 16) return memcmp(a, b, sizeof(uint16_t) * length) == 0;
  for (int32_t k = 0; k < length; k++)
    if (a[k] != b[k]) return 0;
  return 1;
}

/*
 * The same, four units at a time, for units followed by at least SLACK readable units (a text's
 * PADDING, the table's own slack): the last load's units past `length` are masked out.
 */
static inline int same_units_padded(const uint16_t *a, const uint16_t *b, int32_t length) {
  uint64_t x, y;
  for (; length >= 4; a += 4, b += 4, length -= 4) {
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
    if (x != y) return 0;
  }
  if (length == 0) return 1;
  memcpy(&x, a, 8);
  memcpy(&y, b, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  uint64_t mask = ~0ull << (16 * (4 - length));
#else
  uint64_t mask = (1ull << (16 * length)) - 1;
#endif
  return ((x ^ y) & mask) == 0;
}

static int names_rehash(Names *t) {
  uint32_t size = (t->mask + 1) * 2;
  Slot *slots = calloc(size, sizeof(Slot));
  if (!slots) return 0;
  uint32_t mask = size - 1;
  int shift = t->shift - 1;
  for (uint32_t old = 0; old <= t->mask; old++) {
    if (t->slots[old].entry == 0) continue;
    uint32_t slot = ((uint32_t)t->slots[old].hash * GOLDEN) >> shift;
    while (slots[slot].entry != 0) slot = (slot + 1) & mask;
    slots[slot] = t->slots[old];
  }
  free(t->slots);
  t->slots = slots;
  t->mask = mask;
  t->shift = shift;
  return 1;
}

static int32_t names_add(Names *t, const uint16_t *units, int32_t length, uint32_t hash, uint32_t slot) {
  int32_t id = t->count;
  if (id == t->capacity) {
    int32_t capacity = t->capacity * 2;
    int32_t *offsets = realloc(t->offsets, sizeof(int32_t) * (capacity + 1));
    if (!offsets) return -1;
    t->offsets = offsets;
    t->capacity = capacity;
  }
  size_t from = (size_t)t->offsets[id];
  if (from + length + SLACK > t->unit_capacity) {
    size_t capacity = t->unit_capacity * 2 > from + length + SLACK ? t->unit_capacity * 2 : from + length + SLACK;
    uint16_t *more = realloc(t->units, sizeof(uint16_t) * capacity);
    if (!more) return -1;
    t->units = more;
    t->unit_capacity = capacity;
  }
  memcpy(t->units + from, units, sizeof(uint16_t) * length);
  t->offsets[id + 1] = (int32_t)(from + length);
  t->slots[slot] = (Slot){(int32_t)hash, id + 1};
  t->count++;
  if ((uint32_t)t->count * 2 > t->mask && !names_rehash(t)) return -1;
  return id;
}

/* The id of units[0, length) with `hash`, added if new (-1 when out of memory); `padded`: SLACK readable units follow them. */
static inline int32_t intern(Names *t, const uint16_t *units, int32_t length, uint32_t hash, int *added, int padded) {
  uint32_t mixed = hash * GOLDEN;
  int32_t *recent = t->recent + ((mixed >> RECENT_SHIFT) << 2);
  if (recent[0] == (int32_t)hash && recent[3] == length && recent[1] != 0 &&
      (padded ? same_units_padded(t->units + recent[2], units, length) : same_units(t->units + recent[2], units, length))) {
    return recent[1] - 1;
  }
  uint32_t slot = mixed >> t->shift;
  int32_t id = -1;
  for (int32_t entry = t->slots[slot].entry; entry != 0; entry = t->slots[slot].entry) {
    if (t->slots[slot].hash == (int32_t)hash) {
      int32_t from = t->offsets[entry - 1];
      if (t->offsets[entry] - from == length && same_units(t->units + from, units, length)) {
        id = entry - 1;
        break;
      }
    }
    slot = (slot + 1) & t->mask;
  }
  if (id < 0) {
    id = names_add(t, units, length, hash, slot);
    if (id < 0) return -1;
    *added = 1;
  }
  recent[0] = (int32_t)hash;
  recent[1] = id + 1;
  recent[2] = t->offsets[id];
  recent[3] = length;
  return id;
}

int32_t names_intern(Names *t, const uint16_t *units, int32_t length, uint32_t hash, int *added) {
  return intern(t, units, length, hash, added, 0);
}

int32_t names_intern_padded(Names *t, const uint16_t *units, int32_t length, uint32_t hash, int *added) {
  return intern(t, units, length, hash, added, 1);
}

/* The id of units[0, length) if interned, else -1. */
int32_t names_find(const Names *t, const uint16_t *units, int32_t length, uint32_t hash) {
  for (uint32_t slot = (hash * GOLDEN) >> t->shift; t->slots[slot].entry != 0; slot = (slot + 1) & t->mask) {
    if (t->slots[slot].hash != (int32_t)hash) continue;
    int32_t id = t->slots[slot].entry - 1;
    int32_t from = t->offsets[id];
    if (t->offsets[id + 1] - from == length && same_units(t->units + from, units, length)) return id;
  }
  return -1;
}

size_t names_footprint(const Names *t) {
  return sizeof(Names) + sizeof(uint16_t) * t->unit_capacity + sizeof(int32_t) * ((size_t)t->capacity + 1) + sizeof(Slot) * (t->mask + 1);
}

/* The code units of name `id` (its length in *length). */
const uint16_t *names_text(const Names *t, int32_t id, int32_t *length) {
  *length = t->offsets[id + 1] - t->offsets[id];
  return t->units + t->offsets[id];
}

int32_t names_count(const Names *t) {
  return t->count;
}
