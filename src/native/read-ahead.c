/*
 * Reading files ahead on a background thread: while JavaScript parses one file, the next ones
 * (in the order given) are read and decoded by source_read. A file is handed over only when the
 * caller asks for exactly the next path of the list; any other request is read on the spot.
 */
#include <stdlib.h>
#include <string.h>
#include <uv.h>
#include "scanner.h"

/*
 * How many files the background thread may read ahead of the caller. Once that far ahead it sleeps
 * until the caller has taken half of them, so the two threads wake each other once per AHEAD / 2
 * files rather than once per file.
 */
#define AHEAD 32
#define RESUME_AT (AHEAD / 2)

typedef struct {
  char *path;
  int ready, ok;
  SourceText text;
} Slot;

struct ReadAhead {
  uv_thread_t thread;
  uv_mutex_t lock;
  uv_cond_t changed;
  Slot *slots;
  size_t count, next_read, next_take, max_bytes;
  int stop, started, reader_waits, caller_waits;
  ReadBuffer buffer;
};

static void free_text(SourceText *text) {
  free(text->latin1);
  free(text->utf16);
}

static void read_files(void *arg) {
  ReadAhead *ra = arg;
  for (;;) {
    uv_mutex_lock(&ra->lock);
    if (!ra->stop && ra->next_read < ra->count && ra->next_read - ra->next_take >= AHEAD) {
      ra->reader_waits = 1;
      while (!ra->stop && ra->next_read - ra->next_take > RESUME_AT) uv_cond_wait(&ra->changed, &ra->lock);
      ra->reader_waits = 0;
    }
    if (ra->stop || ra->next_read >= ra->count) {
      uv_mutex_unlock(&ra->lock);
      return;
    }
    Slot *slot = &ra->slots[ra->next_read];
    uv_mutex_unlock(&ra->lock);
    SourceText text = {0};
    int ok = source_read(slot->path, ra->max_bytes, &ra->buffer, &text);
    uv_mutex_lock(&ra->lock);
    slot->text = text;
    slot->ok = ok;
    slot->ready = 1;
    ra->next_read++;
    if (ra->caller_waits) uv_cond_broadcast(&ra->changed);
    uv_mutex_unlock(&ra->lock);
  }
}

static void free_paths(char **paths, size_t count) {
  for (size_t k = 0; k < count; k++) free(paths[k]);
}

ReadAhead *read_ahead_start(char **paths, size_t count, size_t max_bytes) {
  ReadAhead *ra = calloc(1, sizeof(ReadAhead));
  Slot *slots = calloc(count ? count : 1, sizeof(Slot));
  int locked = ra && slots && uv_mutex_init(&ra->lock) == 0;
  if (!locked || uv_cond_init(&ra->changed) != 0) {
    if (locked) uv_mutex_destroy(&ra->lock);
    free_paths(paths, count);
    free(slots);
    free(ra);
    return NULL;
  }
  for (size_t k = 0; k < count; k++) slots[k].path = paths[k];
  ra->slots = slots;
  ra->count = count;
  ra->max_bytes = max_bytes;
  if (uv_thread_create(&ra->thread, read_files, ra) != 0) {
    read_ahead_stop(ra);
    return NULL;
  }
  ra->started = 1;
  return ra;
}

int read_ahead_take(ReadAhead *ra, const char *path, SourceText *out) {
  uv_mutex_lock(&ra->lock);
  size_t k = ra->next_take;
  if (k >= ra->count || strcmp(ra->slots[k].path, path) != 0) {
    uv_mutex_unlock(&ra->lock);
    return -1;
  }
  if (!ra->slots[k].ready) {
    ra->caller_waits = 1;
    while (!ra->slots[k].ready) uv_cond_wait(&ra->changed, &ra->lock);
    ra->caller_waits = 0;
  }
  Slot *slot = &ra->slots[k];
  int ok = slot->ok;
  if (ok) *out = slot->text;
  memset(&slot->text, 0, sizeof(slot->text));
  ra->next_take++;
  if (ra->reader_waits && ra->next_read - ra->next_take <= RESUME_AT) uv_cond_broadcast(&ra->changed);
  uv_mutex_unlock(&ra->lock);
  return ok;
}

void read_ahead_stop(ReadAhead *ra) {
  if (!ra) return;
  uv_mutex_lock(&ra->lock);
  ra->stop = 1;
  uv_cond_broadcast(&ra->changed);
  uv_mutex_unlock(&ra->lock);
  if (ra->started) uv_thread_join(&ra->thread);
  for (size_t k = 0; k < ra->count; k++) {
    free_text(&ra->slots[k].text);
    free(ra->slots[k].path);
  }
  uv_cond_destroy(&ra->changed);
  uv_mutex_destroy(&ra->lock);
  free(ra->slots);
  free(ra->buffer.bytes);
  free(ra);
}
