/*
** clua_alloc.c
** A state's memory: the allocator Lua's heap goes through, which keeps the heap under the
** memory cap and cuts its small blocks from chunks of the state's own, and the bytes the engine
** holds for the scripts, charged against the same cap.
** Uses: malloc, realloc, free, memcpy and memset; clua_limits.c to stop the scripts when the cap
** is reached.
*/

#include "clua_internal.h"

#include <stdlib.h>
#include <string.h>

// MARK: Small blocks

// Most of what Lua allocates is small and short-lived with its state: strings, tables, closures,
// userdata of 16 to 256 bytes, made by the thousand while a scenario is set up and freed one by
// one when it closes. malloc spent a quarter of a minimal scenario's instructions on them. Lua
// tells the allocator each block's size when it frees or resizes it, so blocks need no header:
// they are cut from 64 KiB chunks by size class, a freed block goes on its class's list for the
// next allocation of that class, and the chunks go back to malloc when the state closes
// (clua_close). Under AddressSanitizer every block is malloc's own, so that it checks them.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CLUA_NO_POOL 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CLUA_NO_POOL 1
#endif

enum { pool_granule = 16, pool_chunk_size = 64 << 10 };

// The class of a block of `size` bytes (1 or more), or -1 for malloc's.
static inline int pool_class(size_t size) {
#ifdef CLUA_NO_POOL
  (void)size;
  return -1;
#else
  return size <= pool_granule * CLUA_POOL_CLASSES ? (int)((size - 1) / pool_granule) : -1;
#endif
}

static void *pool_take(clua_host *host, int class) {
  void *block = host->pool_free[class];
  if (block != NULL) {
    host->pool_free[class] = *(void **)block;
    return block;
  }
  size_t size = (size_t)(class + 1) * pool_granule;
  if ((size_t)(host->pool_end - host->pool_next) < size) {
    // A new chunk; what was left of the last one (less than the largest class) stays unused.
    char *chunk = malloc(pool_chunk_size);
    if (chunk == NULL) return NULL;
    *(void **)chunk = host->pool_chunks;
    host->pool_chunks = chunk;
    host->pool_next = chunk + pool_granule;  // after the link, keeping blocks 16-byte aligned
    host->pool_end = chunk + pool_chunk_size;
  }
  block = host->pool_next;
  host->pool_next += size;
  return block;
}

static void pool_give(clua_host *host, void *block, size_t size) {
  if (block == NULL) return;
  int class = pool_class(size);
  if (class < 0) {
    free(block);
    return;
  }
  *(void **)block = host->pool_free[class];
  host->pool_free[class] = block;
}

// realloc for blocks whose size the caller knows: `old` is 0 for a new block.
static void *pool_resize(clua_host *host, void *block, size_t old, size_t size) {
  int to = pool_class(size);
  if (block == NULL) return to < 0 ? malloc(size) : pool_take(host, to);
  int from = pool_class(old);
  if (from == to) return to < 0 ? realloc(block, size) : block;
  void *moved = to < 0 ? malloc(size) : pool_take(host, to);
  if (moved == NULL) return NULL;
  memcpy(moved, block, old < size ? old : size);
  pool_give(host, block, old);
  return moved;
}

// Once the state is closed (or failed to open): every block is free.
void clua_pool_drop(clua_host *host) {
  while (host->pool_chunks != NULL) {
    void *chunk = host->pool_chunks;
    host->pool_chunks = *(void **)chunk;
    free(chunk);
  }
  host->pool_next = host->pool_end = NULL;
  memset(host->pool_free, 0, sizeof host->pool_free);
}

int clua_pool_chunks(const clua_host *host) {
  int count = 0;
  for (void *chunk = host->pool_chunks; chunk != NULL; chunk = *(void **)chunk) count++;
  return count;
}

int clua_pool_enabled(void) { return pool_class(1) >= 0; }

// MARK: The allocator and the cap

void *clua_capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  clua_host *host = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    // While the state closes, a small block stays where it is: its chunk goes next.
    if (!host->closing || pool_class(old) < 0) pool_give(host, ptr, old);
    host->used -= old;
    return NULL;
  }
  if (host->refuse_allocations > 0 && nsize > old) {
    // One-shot: a flag left set would refuse a finalizer's allocations after the error is caught.
    host->refuse_allocations -= 1;
    return NULL;
  }
  if (host->memory_limit > 0 && nsize > old) {
    size_t total = host->used - old + nsize + host->engine_used;
    if (total > host->memory_limit) {
      // The message handler may take its reserve, past the grace. Otherwise the cap is reached:
      // the scripts stop at their next instruction, where the hook records where they were, and
      // until then allocations may take the grace. Lua cannot be asked where it is from here
      // (its stack may be in the middle of a move), and a refused allocation raises an error
      // that no message handler sees, at once.
      size_t room = host->in_handler ? host->handler_reserve + host->memory_grace : 0;
      if (!host->in_handler) {
        clua_stop_for_memory(host);
        if (!host->memory_limit_located && host->main_thread != NULL) room = host->memory_grace;
      }
      if (total > host->memory_limit + room) {
        clua_stop_for_memory(host);
        return NULL;
      }
    }
  }
  void *block = pool_resize(host, ptr, old, nsize);
  if (block == NULL) return NULL;
  host->used = host->used - old + nsize;
  if (host->used > host->peak) host->peak = host->used;
  return block;
}

int clua_charge(lua_State *L, int64_t delta) {
  clua_host *host = host_of(L);
  if (delta < 0) {
    size_t back = (size_t)(-(delta + 1)) + 1;
    host->engine_used = back > host->engine_used ? 0 : host->engine_used - back;
    return 0;
  }
  host->engine_used += (size_t)delta;
  if (host->memory_limit == 0 || host->used + host->engine_used <= host->memory_limit) return 0;
  clua_stop_for_memory(host);
  clua_locate_memory_stop(L, host);
  return 1;
}
