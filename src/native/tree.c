/*
 * Project discovery's walk of a folder tree (discoverLeanFiles in src/lean/discovery.ts, whose
 * TypeScript walk is the reference): the `.lean` files, the symbolic links and the folders not
 * entered, found through libuv's synchronous opendir/readdir. Node's `readdirSync` goes through
 * scandir(3), which sorts each folder's entries by locale, and makes an object per entry: discovery
 * took 72-88 ms of CPU for the 2,635 folders of the bench tree in a fresh process, 40-46 ms with this
 * walk (about 25 of them in it, mostly the kernel's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <uv.h>
#include "scanner.h"

/* Entries read per readdir call. */
#define BATCH 64

/* Appends n bytes; 0 when out of memory. */
static int append(CharList *list, const char *bytes, size_t n) {
  if (list->length + n > list->capacity) {
    size_t capacity = list->capacity ? list->capacity : 4096;
    while (capacity < list->length + n) capacity *= 2;
    char *data = realloc(list->data, capacity);
    if (!data) return 0;
    list->data = data;
    list->capacity = capacity;
  }
  memcpy(list->data + list->length, bytes, n);
  list->length += n;
  return 1;
}

/* Appends a record: its tag, the relative path, then `extra` when not NULL (after a NUL), then a NUL. */
static int record(CharList *out, char tag, const CharList *rel, const char *extra) {
  const char nul = 0;
  return append(out, &tag, 1) && append(out, rel->data, rel->length) && (!extra || (append(out, &nul, 1) && append(out, extra, strlen(extra)))) &&
         append(out, &nul, 1);
}

/* Whether the folder name is one the walk does not enter: a hidden one or one of `skip` (names each ended by NUL, `skip_length` bytes in all). */
static int skipped_folder(const char *name, const char *skip, size_t skip_length) {
  if (name[0] == '.') return 1;
  for (size_t at = 0; at < skip_length; at += strlen(skip + at) + 1)
    if (strcmp(skip + at, name) == 0) return 1;
  return 0;
}

static int ends_with_lean(const char *name) {
  size_t n = strlen(name);
  return n >= 5 && memcmp(name + n - 5, ".lean", 5) == 0;
}

/* The type of an entry readdir could not tell, from lstat (as Node's readdir does). */
static uv_dirent_type_t type_by_lstat(const char *path) {
  uv_fs_t req;
  int status = uv_fs_lstat(NULL, &req, path, NULL);
  uv_dirent_type_t type = UV_DIRENT_UNKNOWN;
  if (status == 0) {
    uint64_t mode = req.statbuf.st_mode & S_IFMT;
    type = mode == S_IFDIR ? UV_DIRENT_DIR : mode == S_IFREG ? UV_DIRENT_FILE : mode == S_IFLNK ? UV_DIRENT_LINK : UV_DIRENT_UNKNOWN;
  }
  uv_fs_req_cleanup(&req);
  return type;
}

typedef struct {
  CharList abs, rel, *out;
  const char *skip;
  size_t skip_length;
} Walk;

/* Sets a path list to its first `length` bytes and a NUL after them. */
static void cut(CharList *path, size_t length) {
  path->length = length;
  path->data[length] = 0;
}

/* Appends "/name" (or "name" to an empty relative path) and a NUL, without counting the NUL; 0 when out of memory. */
static int descend(CharList *path, const char *name, int separator) {
  const char nul = 0;
  size_t length = path->length;
  if (!((separator ? append(path, "/", 1) : 1) && append(path, name, strlen(name)) && append(path, &nul, 1))) return 0;
  path->length = length + (separator ? 1 : 0) + strlen(name);
  return 1;
}

static int walk_folder(Walk *w) {
  uv_fs_t req;
  int status = uv_fs_opendir(NULL, &req, w->abs.data, NULL);
  if (status < 0) {
    uv_fs_req_cleanup(&req);
    char message[256];
    snprintf(message, sizeof message, "%s: %s", uv_err_name(status), uv_strerror(status));
    return record(w->out, 'u', &w->rel, message);
  }
  uv_dir_t *dir = req.ptr;
  uv_fs_req_cleanup(&req);
  uv_dirent_t entries[BATCH];
  dir->dirents = entries;
  dir->nentries = BATCH;
  int ok = 1;
  for (;;) {
    int n = uv_fs_readdir(NULL, &req, dir, NULL);
    if (n <= 0) {
      uv_fs_req_cleanup(&req);
      break;
    }
    for (int k = 0; k < n && ok; k++) {
      const char *name = entries[k].name;
      size_t abs_length = w->abs.length, rel_length = w->rel.length;
      ok = descend(&w->abs, name, 1) && descend(&w->rel, name, rel_length > 0);
      uv_dirent_type_t type = entries[k].type;
      if (ok && type == UV_DIRENT_UNKNOWN) type = type_by_lstat(w->abs.data);
      if (!ok) break;
      if (type == UV_DIRENT_LINK) ok = record(w->out, 'l', &w->rel, NULL);
      else if (type == UV_DIRENT_DIR) ok = skipped_folder(name, w->skip, w->skip_length) ? record(w->out, 's', &w->rel, NULL) : walk_folder(w);
      else if (type == UV_DIRENT_FILE && ends_with_lean(name)) ok = record(w->out, 'f', &w->rel, NULL);
      cut(&w->abs, abs_length);
      cut(&w->rel, rel_length);
    }
    uv_fs_req_cleanup(&req);
    if (!ok) break;
  }
  uv_fs_closedir(NULL, &req, dir, NULL);
  uv_fs_req_cleanup(&req);
  return ok;
}

int tree_walk(const char *root, const char *skip, size_t skip_length, CharList *out) {
  Walk w = {{0}, {0}, out, skip, skip_length};
  const char nul = 0;
  int ok = append(&w.abs, root, strlen(root)) && append(&w.abs, &nul, 1) && append(&w.rel, &nul, 1);
  if (ok) {
    cut(&w.abs, w.abs.length - 1);
    cut(&w.rel, 0);
    ok = walk_folder(&w);
  }
  free(w.abs.data);
  free(w.rel.data);
  return ok ? 0 : -1;
}
