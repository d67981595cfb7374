/*
** clua_shim.c
** The Lua boundary of lifescript: the state's allocator with its memory cap, the instruction
** hook, the message handler and clua_pcall, the trampoline that raises the errors of Swift
** functions once their frames are gone, and protected helpers for everything that can raise.
** Uses: the Lua 5.4 API (lua.h, lauxlib.h, lualib.h) and the C library (malloc, snprintf).
** Signals live in clua_signals.c; the hook reads their interrupt flag through
** clua_interrupt_requested().
*/

#include "clua_shim.h"
#include "clua_signals.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A box is the userdata that holds a retained Swift object: a function exposed to Lua (tag NULL)
// or an object exposed with a metatable (tag names its Swift type).
#define BOX_MAGIC 0x6c69666573637270ULL
typedef struct clua_box {
  uint64_t magic;
  const void *tag;
  void *object;
} clua_box;

// Registry keys (their addresses).
static const char box_metatable_key = 0;
static const char last_error_key = 0;
static const char last_traceback_key = 0;
static const char raised_error_key = 0;
static const char lazy_metatable_key = 0;
static const char lazy_loaded_key = 0;

_Static_assert(CLUA_IDSIZE == LUA_IDSIZE, "clua_location.short_src must hold a short_src");

clua_host *clua_host_of(lua_State *L) { return *(clua_host **)lua_getextraspace(L); }

// [-1, +(0|0)] The value on top was just read from a cache table, which is right below it: when
// it is the box of `object` with `tag`, it takes the table's place and this returns 1;
// otherwise it is popped (the table stays) and this returns 0. Never raises.
static int take_cached_box(lua_State *L, void *object, const void *tag) {
  if (lua_type(L, -1) == LUA_TUSERDATA) {
    clua_box *box = lua_touserdata(L, -1);
    if (box->object == object && box->tag == tag) {
      lua_copy(L, -1, -2);
      lua_pop(L, 1);
      return 1;
    }
  }
  lua_pop(L, 1);
  return 0;
}

// MARK: Limits

static void instruction_hook(lua_State *L, lua_Debug *ar);

static void stop_for_memory(clua_host *host) {
  host->memory_limit_hit = 1;
  if (!host->memory_limit_stop && host->main_thread != NULL) {
    // A script that catches the error is stopped at its next instruction, as by a spent
    // budget; a coroutine running now is stopped by its own hook (see instruction_hook).
    host->memory_limit_stop = 1;
    lua_sethook(host->main_thread, instruction_hook, LUA_MASKCOUNT, 1);
  }
}

static void find_location(lua_State *L, int level, clua_location *out);
static int p_record_stop_traceback(lua_State *L);

// The cap was reached inside a Swift function that Lua called, by a charge or by an allocation
// of Lua's heap: the script is where that call is, whichever came first. (Reached while no
// script runs: the hook finds the place at the next instruction.)
static void locate_memory_stop_at_call(lua_State *L, clua_host *host) {
  if (host->memory_limit_located) return;
  find_location(L, 0, &host->memory_limit_location);
  if (host->memory_limit_location.line == 0) return;
  host->memory_limit_located = 1;
  if (lua_checkstack(L, 2)) {
    lua_pushcfunction(L, p_record_stop_traceback);
    // The call itself may need memory (a CallInfo): the reserve is for this.
    host->in_handler = 1;
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) lua_pop(L, 1);  // no traceback: out of memory
    host->in_handler = 0;
  }
}

int clua_charge(lua_State *L, int64_t delta) {
  clua_host *host = clua_host_of(L);
  if (delta < 0) {
    size_t back = (size_t)(-(delta + 1)) + 1;
    host->engine_used = back > host->engine_used ? 0 : host->engine_used - back;
    return 0;
  }
  host->engine_used += (size_t)delta;
  if (host->memory_limit == 0 || host->used + host->engine_used <= host->memory_limit) return 0;
  stop_for_memory(host);
  locate_memory_stop_at_call(L, host);
  return 1;
}

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
static void pool_drop(clua_host *host) {
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

static void free_lazy_globals(clua_host *host);

void clua_close(lua_State *L) {
  clua_host *host = clua_host_of(L);
  // After the cap stopped the scripts, calling a finalizer may still need a CallInfo: the
  // finalizers that release Swift objects may take the handler's reserve.
  if (host->memory_limit_stop) host->in_handler = 1;
  host->closing = 1;
  lua_close(L);
  free_lazy_globals(host);
  pool_drop(host);
}

static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
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
        stop_for_memory(host);
        if (!host->memory_limit_located && host->main_thread != NULL) room = host->memory_grace;
      }
      if (total > host->memory_limit + room) {
        stop_for_memory(host);
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

// Fills `out` with the innermost Lua function with a line, from `level` up, that is the
// script's (not the host's own Lua, chunk CLUA_HOST_CHUNK); line 0 when there is none. Never
// allocates.
static void find_location(lua_State *L, int level, clua_location *out) {
  lua_Debug here;
  out->line = 0;
  out->short_src[0] = '\0';
  out->source[0] = '\0';
  for (; lua_getstack(L, level, &here); level++) {
    if (lua_getinfo(L, "Sl", &here) && here.currentline > 0 &&
        !(here.source && strcmp(here.source, CLUA_HOST_CHUNK) == 0)) {
      out->line = here.currentline;
      memcpy(out->short_src, here.short_src, sizeof out->short_src);
      size_t length = here.source ? strlen(here.source) : 0;
      if (length > 0 && length < sizeof out->source) memcpy(out->source, here.source, length + 1);
      return;
    }
  }
}

// Records why the scripts stop, "file:line: reason" at the innermost Lua frame from `level` up,
// for the host, and the place as a location. The traceback, which allocates, is taken by the
// callers.
static void record_stop_message(lua_State *L, clua_host *host, const char *reason, int level) {
  clua_location *where = &host->instruction_limit_location;
  find_location(L, level, where);
  if (where->line > 0) {
    snprintf(host->instruction_limit_message, sizeof host->instruction_limit_message,
             "%s:%d: %s", where->short_src, where->line, reason);
  } else {
    snprintf(host->instruction_limit_message, sizeof host->instruction_limit_message, "%s",
             reason);
  }
}

// [-0, +0] Keeps the traceback from `level` up for the host, as the message handler would.
static void record_stop_traceback(lua_State *L, clua_host *host, int level) {
  host->in_handler = 1;
  luaL_traceback(L, L, NULL, level);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &last_traceback_key);
  host->in_handler = 0;
  host->traceback_fresh = 1;
}

// Records where the memory cap stopped the scripts, from `level` up, and (allocating, so it may
// raise the memory error) the traceback, once per stop.
static void record_memory_stop(lua_State *L, clua_host *host, int level) {
  host->memory_limit_located = 1;
  find_location(L, level, &host->memory_limit_location);
  record_stop_traceback(L, host, level);
}

// From now on every instruction of this thread and of the main thread raises, so a pcall that
// swallows the error (even in a loop, even in a coroutine) cannot keep the script running.
static void raise_on_every_instruction(lua_State *L, clua_host *host);

// Raising from a hook with lua_error is not enough: Lua runs an xpcall message handler while
// hooks are still disabled for the hook call, so a handler that loops would never be stopped.
// Memory errors never reach a message handler, so the hook raises one by refusing an allocation,
// after recording where the budget ran out (message and traceback) for the host. An interrupt
// of an interruptible state stops it the same way.
static void instruction_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  clua_host *host = clua_host_of(L);
  host->refuse_allocations = 0;
  if (host->memory_limit_stop && !host->instruction_limit_hit) {
    // The cap was reached: the allocation that reached it was granted (see capped_alloc), or
    // the script caught the error. End it with the cap's error, here.
    raise_on_every_instruction(L, host);
    if (!host->memory_limit_located) record_memory_stop(L, host, 0);
    host->memory_limit_hit = 1;
    host->refuse_allocations = 2;
    lua_newuserdatauv(L, 1, 0);  // raises LUA_ERRMEM
    return;
  }
  if (!host->instruction_limit_hit) {
    if (lua_gethookcount(L) != CLUA_HOOK_STEP) {
      // A coroutine that was still counting single steps from an earlier, reset budget.
      lua_sethook(L, instruction_hook, LUA_MASKCOUNT, CLUA_HOOK_STEP);
      return;
    }
    host->instructions += CLUA_HOOK_STEP;
    if (host->interruptible && clua_interrupt_requested()) {
      host->interrupted = 1;
      record_stop_message(L, host, "interrupted", 0);
    } else {
      if (host->instruction_limit == 0 || host->instructions <= host->instruction_limit) return;
      record_stop_message(L, host, "instruction limit exceeded", 0);
    }
    host->instruction_limit_hit = 1;
    record_stop_traceback(L, host, 0);
  }
  raise_on_every_instruction(L, host);
  host->refuse_allocations = 2;
  lua_newuserdatauv(L, 1, 0);  // raises LUA_ERRMEM
}

static void raise_on_every_instruction(lua_State *L, clua_host *host) {
  lua_sethook(L, instruction_hook, LUA_MASKCOUNT, 1);
  if (host->main_thread != L) lua_sethook(host->main_thread, instruction_hook, LUA_MASKCOUNT, 1);
}

void clua_reset_instruction_budget(lua_State *L) {
  clua_host *host = clua_host_of(L);
  host->instructions = 0;
  host->instruction_limit_hit = 0;
  host->interrupted = 0;
  host->instruction_limit_message[0] = '\0';
  host->instruction_limit_location.line = 0;
  host->memory_limit_stop = 0;
  host->memory_limit_located = 0;
  host->memory_limit_location.line = 0;
  if (host->instruction_limit > 0 || host->interruptible || host->memory_limit > 0) {
    lua_sethook(L, instruction_hook, LUA_MASKCOUNT, CLUA_HOOK_STEP);
  } else {
    lua_sethook(L, NULL, 0, 0);
  }
}

// Records the traceback of a stop (the memory cap, an interrupt) in a protected call: it
// allocates, and so may fail.
static int p_record_stop_traceback(lua_State *L) {
  record_stop_traceback(L, clua_host_of(L), 1);  // from the caller of this helper
  return 0;
}

void clua_stop_for_interrupt(lua_State *L) {
  clua_host *host = clua_host_of(L);
  if (!host->instruction_limit_hit) {
    host->instruction_limit_hit = 1;
    host->interrupted = 1;
    record_stop_message(L, host, "interrupted", 0);
    if (lua_checkstack(L, 2)) {
      lua_pushcfunction(L, p_record_stop_traceback);
      if (lua_pcall(L, 0, 0, 0) != LUA_OK) lua_pop(L, 1);  // no traceback: out of memory
      host->in_handler = 0;
    }
  }
  raise_on_every_instruction(L, host);
}

// MARK: State

static int panic(lua_State *L) {
  const char *message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
  fprintf(stderr, "lifescript: internal error: unprotected Lua error: %s\n", message);
  abort();
}

static void warning(void *ud, const char *message, int tocont) {
  clua_host *host = clua_host_of((lua_State *)ud);
  if (!host->warning_continued && !tocont && message[0] == '@') {
    if (strcmp(message, "@on") == 0) host->warnings_off = 0;
    if (strcmp(message, "@off") == 0) host->warnings_off = 1;
    return;
  }
  if (!host->warnings_off && host->warn) host->warn(host->owner, message, !tocont);
  host->warning_continued = tocont;
}

static int box_gc(lua_State *L) {
  clua_box *box = lua_touserdata(L, 1);
  if (box != NULL && lua_rawlen(L, 1) == sizeof(clua_box) && box->magic == BOX_MAGIC &&
      box->object != NULL) {
    void *object = box->object;
    box->object = NULL;
    clua_host_of(L)->release(object);
  }
  return 0;
}

static void set_protected_metatable_fields(lua_State *L, const char *name) {
  lua_pushcfunction(L, box_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pushstring(L, name);
  lua_setfield(L, -2, "__name");
}

static void wrap_table_readers(lua_State *L);

static int init_state(lua_State *L) {
  // The globals table sized for what the standard libraries and lifescript put there (a global
  // for each runtime class among them), rather than rehashed on the way: made before anything
  // refers to the empty one Lua made.
  lua_createtable(L, 0, 192);
  lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  static const luaL_Reg libraries[] = {
      {LUA_GNAME, luaopen_base},       {LUA_LOADLIBNAME, luaopen_package},
      {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
      {LUA_IOLIBNAME, luaopen_io},      {LUA_OSLIBNAME, luaopen_os},
      {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
      {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_DBLIBNAME, luaopen_debug},
  };
  // luaL_openlibs, `io` left out when the host asks.
  int without_io = clua_host_of(L)->without_io;
  for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++) {
    if (without_io && libraries[i].func == luaopen_io) continue;
    luaL_requiref(L, libraries[i].name, libraries[i].func, 1);
    lua_pop(L, 1);
  }
  wrap_table_readers(L);
  lua_createtable(L, 0, 3);
  set_protected_metatable_fields(L, "swift function");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &box_metatable_key);
  // The objects' userdata by address and by slot, with weak values; sized for a scenario's
  // classes and first objects.
  lua_createtable(L, 0, 128);
  lua_createtable(L, 64, 0);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_pushvalue(L, -1);
  lua_setmetatable(L, -3);
  lua_setmetatable(L, -3);
  clua_host_of(L)->object_slots = luaL_ref(L, LUA_REGISTRYINDEX);
  clua_host_of(L)->object_cache = luaL_ref(L, LUA_REGISTRYINDEX);
  // Created now so that storing into them later never allocates.
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &last_error_key);
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &last_traceback_key);
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &raised_error_key);
  return 0;
}

lua_State *clua_newstate(clua_host *host) {
  lua_State *L = lua_newstate(capped_alloc, host);
  if (L == NULL) {
    pool_drop(host);
    return NULL;
  }
  *(clua_host **)lua_getextraspace(L) = host;
  host->main_thread = L;
  lua_atpanic(L, panic);
  lua_setwarnf(L, warning, L);
  // The collector waits while the libraries open: the host restarts it (LuaState.init), or
  // keeps it waiting through its own set-up and collects once at the end.
  lua_gc(L, LUA_GCSTOP);
  lua_pushcfunction(L, init_state);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
    clua_close(L);
    return NULL;
  }
  clua_reset_instruction_budget(L);
  return L;
}

// MARK: Errors

// Whether the values at a and b are the same error object. Strings compare by address, not by
// text: a script's error with an equal text is another error (short strings, which Lua interns,
// are the same object whenever their texts are equal).
static int same_error_value(lua_State *L, int a, int b) {
  if (lua_type(L, a) == LUA_TSTRING) {
    return lua_type(L, b) == LUA_TSTRING && lua_topointer(L, a) == lua_topointer(L, b);
  }
  return lua_rawequal(L, a, b);
}

static int message_handler(lua_State *L) {
  clua_host *host = clua_host_of(L);
  int reraised = 0;
  if (host->error_pending) {
    // A Swift function is re-raising the error of a nested call: that traceback, taken where the
    // error was first raised, already contains these frames and more.
    lua_rawgetp(L, LUA_REGISTRYINDEX, &last_error_key);
    reraised = same_error_value(L, -1, 1);
    lua_pop(L, 1);
    host->error_pending = 0;
  }
  if (!reraised) {
    host->in_handler = 1;
    luaL_traceback(L, L, NULL, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &last_traceback_key);
    host->in_handler = 0;
    find_location(L, 1, &host->error_location);
  }
  host->traceback_fresh = 1;
  lua_settop(L, 1);
  return 1;
}

// The call itself, with the message handler already at stack index `handler`.
static int pcall_with_handler(lua_State *L, int nargs, int nresults, int handler) {
  clua_host *host = clua_host_of(L);
  lua_Debug caller;
  if (!lua_getstack(L, 0, &caller)) host->error_pending = 0;  // called from the host itself
  host->traceback_fresh = 0;
  int status = lua_pcall(L, nargs, nresults, handler);
  host->in_handler = 0;
  host->refuse_allocations = 0;
  if (status != LUA_OK) {
    if (!host->traceback_fresh) {
      lua_pushboolean(L, 0);
      lua_rawsetp(L, LUA_REGISTRYINDEX, &last_traceback_key);
      host->error_location.line = 0;
    }
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &last_error_key);
    host->error_pending = 1;
    host->error_generation += 1;
  }
  return status;
}

int clua_pcall(lua_State *L, int nargs, int nresults) {
  int handler = lua_gettop(L) - nargs;
  lua_pushcfunction(L, message_handler);
  lua_insert(L, handler);
  int status = pcall_with_handler(L, nargs, nresults, handler);
  lua_remove(L, handler);
  return status;
}

void clua_pushmessagehandler(lua_State *L) { lua_pushcfunction(L, message_handler); }

int clua_pcallhandled(lua_State *L, int nargs, int nresults) {
  // The handler sits right below the function (pushed by clua_pushmessagehandler first), so
  // nothing is rotated under the arguments as clua_pcall must.
  return pcall_with_handler(L, nargs, nresults, lua_gettop(L) - nargs - 1);
}

void clua_pushtraceback(lua_State *L) { lua_rawgetp(L, LUA_REGISTRYINDEX, &last_traceback_key); }

void clua_pushlasterror(lua_State *L) { lua_rawgetp(L, LUA_REGISTRYINDEX, &last_error_key); }

int clua_israised(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (!lua_checkstack(L, 1)) return 0;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &raised_error_key);
  int same = same_error_value(L, idx, -1);
  lua_pop(L, 1);
  return same;
}

// [-0, +0] Keeps the error value on top as the one raised for a Swift error (see
// clua_israised), when the dispatcher asked for it. The registry slot exists, so this does not
// allocate; the dispatcher left stack room.
static void keep_raised(lua_State *L, clua_host *host) {
  if (!host->carry_error) return;
  host->carry_error = 0;
  if (!lua_checkstack(L, 1)) return;
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &raised_error_key);
}

static inline int trampoline(lua_State *L, void *function) {
  clua_host *host = clua_host_of(L);
  int arg = 0;
  int results = host->dispatch(L, function, &arg);
  // The Swift frame is gone; from here on raising is safe.
  if (host->memory_limit_stop) locate_memory_stop_at_call(L, host);
  if (results >= 0) {
    host->error_pending = 0;
    return results;
  }
  switch (results) {
    case CLUA_RAISE:
      if (host->error_pending) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &last_error_key);
        if (!same_error_value(L, -1, -2)) host->error_pending = 0;
        lua_pop(L, 1);
      }
      keep_raised(L, host);
      return lua_error(L);
    case CLUA_RAISE_WHERE:
      host->error_pending = 0;
      luaL_where(L, 1);
      lua_insert(L, -2);
      lua_concat(L, 2);
      keep_raised(L, host);
      return lua_error(L);
    case CLUA_RAISE_ARGUMENT:
      host->error_pending = 0;
      host->carry_error = 0;
      return luaL_argerror(L, arg, lua_tostring(L, -1));
    default:
      host->error_pending = 0;
      host->carry_error = 0;
      lua_pushliteral(L, "not enough memory");  // Lua's own, fixed string: no allocation
      return lua_error(L);
  }
}

int clua_trampoline(lua_State *L) {
  clua_box *box = lua_touserdata(L, lua_upvalueindex(1));
  return trampoline(L, box->object);
}

int clua_trampoline_kept(lua_State *L) {
  return trampoline(L, lua_touserdata(L, lua_upvalueindex(1)));
}

// MARK: Protected helpers

static int protected(lua_State *L, int nargs, int nresults) {
  return lua_pcall(L, nargs, nresults, 0);
}

// Calls `op(t, ...)` protected, where t is the table at idx (an absolute index) and `...` the n
// values on top of the stack.
static int protected_on_table(lua_State *L, int idx, lua_CFunction op, int n, int nresults) {
  lua_pushcfunction(L, op);
  lua_pushvalue(L, idx);
  lua_rotate(L, -(n + 2), 2);
  return protected(L, n + 1, nresults);
}

static int p_pushlstring(lua_State *L) {
  lua_pushlstring(L, lua_touserdata(L, 1), (size_t)lua_tointeger(L, 2));
  return 1;
}

int clua_pushlstring(lua_State *L, const char *s, size_t len) {
  lua_pushcfunction(L, p_pushlstring);
  lua_pushlightuserdata(L, (void *)s);
  lua_pushinteger(L, (lua_Integer)len);
  return protected(L, 2, 1);
}

static int p_createtable(lua_State *L) {
  lua_createtable(L, (int)lua_tointeger(L, 1), (int)lua_tointeger(L, 2));
  return 1;
}

int clua_createtable(lua_State *L, int narr, int nrec) {
  lua_pushcfunction(L, p_createtable);
  lua_pushinteger(L, narr);
  lua_pushinteger(L, nrec);
  return protected(L, 2, 1);
}

static int p_pushfunction(lua_State *L) {
  void *function = lua_touserdata(L, 1);
  clua_box *box = lua_newuserdatauv(L, sizeof(clua_box), 0);
  box->magic = BOX_MAGIC;
  box->tag = NULL;
  box->object = NULL;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &box_metatable_key);
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, clua_trampoline, 1);
  // Only now, with nothing left that can fail, does the box take its reference.
  box->object = function;
  clua_host_of(L)->retain(function);
  return 1;
}

static int p_newfunctionref(lua_State *L) {
  void *function = lua_touserdata(L, 1);
  int *ref = lua_touserdata(L, 2);
  lua_settop(L, 0);
  lua_pushcfunction(L, p_pushfunction);
  lua_pushlightuserdata(L, function);
  lua_call(L, 1, 1);
  *ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

int clua_newfunctionref(lua_State *L, void *function, int *ref) {
  lua_pushcfunction(L, p_newfunctionref);
  lua_pushlightuserdata(L, function);
  lua_pushlightuserdata(L, ref);
  return protected(L, 2, 0);
}

int clua_pushfunction(lua_State *L, void *function) {
  lua_pushcfunction(L, p_pushfunction);
  lua_pushlightuserdata(L, function);
  return protected(L, 1, 1);
}

static void push_cached_object(lua_State *L, void *object, const void *tag, int mtref);

static int p_pushobject(lua_State *L) {
  push_cached_object(L, lua_touserdata(L, 1), lua_touserdata(L, 2), (int)lua_tointeger(L, 3));
  return 1;
}

// Inside a protected call: pushes the userdata of `object`, from the cache or new (and then
// cached). Only once nothing can fail does the box take its reference.
static void push_cached_object(lua_State *L, void *object, const void *tag, int mtref) {
  clua_host *host = clua_host_of(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, host->object_cache);
  lua_rawgetp(L, -1, object);
  if (take_cached_box(L, object, tag)) return;
  // The cache stays below the new userdata.
  clua_box *box = lua_newuserdatauv(L, sizeof(clua_box), 0);
  box->magic = BOX_MAGIC;
  box->tag = tag;
  box->object = NULL;
  lua_rawgeti(L, LUA_REGISTRYINDEX, mtref);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, -3, object);
  lua_remove(L, -2);  // the cache
  box->object = object;
  host->retain(object);
}

typedef struct field_list {
  const char *bytes;
  const clua_field *fields;
  int narray;
  int count;
  int *ref;
} field_list;

// Inside a protected call: sets the fields `spec` describes into the table on top.
static void set_fields(lua_State *L, const field_list *spec) {
  for (int i = 0; i < spec->count; i++) {
    const clua_field *field = &spec->fields[i];
    if (i >= spec->narray) lua_pushlstring(L, spec->bytes + field->key_offset, field->key_length);
    switch (field->kind) {
      case CLUA_FIELD_BOOLEAN: lua_pushboolean(L, (int)field->integer); break;
      case CLUA_FIELD_INTEGER: lua_pushinteger(L, (lua_Integer)field->integer); break;
      case CLUA_FIELD_NUMBER: lua_pushnumber(L, field->number); break;
      case CLUA_FIELD_STRING:
        lua_pushlstring(L, spec->bytes + field->string_offset, field->string_length);
        break;
      case CLUA_FIELD_REFERENCE: lua_rawgeti(L, LUA_REGISTRYINDEX, field->integer); break;
      case CLUA_FIELD_LIGHT_USERDATA: lua_pushlightuserdata(L, field->pointer); break;
      case CLUA_FIELD_OBJECT:
        push_cached_object(L, field->pointer, field->tag, (int)field->integer);
        break;
      case CLUA_FIELD_KEPT_FUNCTION:
        lua_pushlightuserdata(L, field->pointer);
        lua_pushcclosure(L, clua_trampoline_kept, 1);
        break;
      default: lua_pushnil(L); break;
    }
    if (i < spec->narray) {
      lua_rawseti(L, -2, i + 1);
    } else {
      lua_rawset(L, -3);
    }
  }
}

static int p_newtableref(lua_State *L) {
  const field_list *spec = lua_touserdata(L, 1);
  lua_createtable(L, spec->narray, spec->count - spec->narray);
  set_fields(L, spec);
  *spec->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

int clua_newtableref(lua_State *L, const char *bytes, const clua_field *fields, int narray,
                     int count, int *ref) {
  field_list spec = {bytes, fields, narray, count, ref};
  lua_pushcfunction(L, p_newtableref);
  lua_pushlightuserdata(L, &spec);
  return protected(L, 1, 0);
}

typedef struct lazy_global lazy_global;
typedef struct lazy_globals lazy_globals;
// The globals waiting to be made ("Lazy globals" below).
enum { lazy_object, lazy_library };
// lazy_taken: a name the tables already hold, marked while clua_setlazyglobals looks for them.
enum { lazy_made = 0, lazy_waiting = 1, lazy_making = 2, lazy_taken = 3 };

struct lazy_global {
  size_t key_offset, key_length;
  int kind;
  int state;  // lazy_made (made, or replaced by an assignment), lazy_waiting, lazy_making,
              // lazy_taken
  void *object;  // lazy_object: the object, with its type tag and metatable reference
  const void *tag;
  int ref;  // lazy_object: the metatable; lazy_library: the function that makes the table
};

struct lazy_globals {
  char *bytes;
  size_t bytes_used, bytes_capacity;
  lazy_global *entries;
  int count, entries_capacity;
  int waiting;  // entries not made yet: the globals table keeps the metatable while > 0
  int libraries_waiting;  // libraries among them: package.loaded keeps its metatable while > 0
  // Open addressing: entry index + 1, 0 for an empty slot; capacity a power of two.
  int *slots;
  size_t capacity;
  // The longest name: a longer key is no lazy global, found without hashing it (a script's key
  // may be megabytes long, and each read of it from the globals table asks here).
  size_t longest;
  // The globals table and package.loaded, told by address: the wrapped rawget and next ask for
  // every table a script walks.
  const void *globals_table, *loaded_table;
};

static lazy_global *find_lazy_global(lazy_globals *lazy, const char *name, size_t length);
static void make_lazy_global(lua_State *L, clua_host *host, lazy_global *entry);

static int p_setglobals(lua_State *L) {
  const field_list *spec = lua_touserdata(L, 1);
  // A global the host sets replaces a lazy one of that name as it would a made one (a library
  // stays its loaded module): made first.
  clua_host *host = clua_host_of(L);
  for (int i = 0; host->lazy_globals != NULL && i < spec->count; i++) {
    const clua_field *field = &spec->fields[i];
    lazy_global *entry =
        find_lazy_global(host->lazy_globals, spec->bytes + field->key_offset, field->key_length);
    if (entry == NULL || entry->state != lazy_waiting) continue;
    make_lazy_global(L, host, entry);
    lua_pop(L, 1);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  set_fields(L, spec);
  return 0;
}

static int p_setfields(lua_State *L) {
  const field_list *spec = lua_touserdata(L, 2);
  lua_settop(L, 1);
  set_fields(L, spec);
  return 0;
}

int clua_setfields(lua_State *L, int idx, const char *bytes, const clua_field *fields, int count) {
  field_list spec = {bytes, fields, 0, count, NULL};
  idx = lua_absindex(L, idx);
  lua_pushlightuserdata(L, &spec);
  return protected_on_table(L, idx, p_setfields, 1, 0);
}

int clua_setglobals(lua_State *L, const char *bytes, const clua_field *fields, int count) {
  field_list spec = {bytes, fields, 0, count, NULL};
  lua_pushcfunction(L, p_setglobals);
  lua_pushlightuserdata(L, &spec);
  return protected(L, 1, 0);
}

// MARK: Lazy globals
//
// A scenario has a global for each of UIKit's classes and a library table for each part of
// lifescript, and most scripts read a handful. The globals table gets a metatable whose __index
// makes a global the first time its name is read (a class's userdata, or a library's table, which
// is then also its loaded module), and whose __newindex lets a script's assignment replace a name
// not read yet; package.loaded gets one that makes a library the first time `require` or anything
// else reads it there. The names wait here, in the host's memory, with a small hash table to find
// them by: making them Lua strings would cost most of what the laziness saves. Nothing may tell
// the difference: whatever looks at either table itself (rawget, rawset, next, pairs,
// getmetatable, setmetatable, and the host's own walks) makes every global still waiting first,
// and the metatables go once none waits.

static size_t name_hash(const char *name, size_t length) {
  size_t hash = 2166136261u;
  for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)name[i]) * 16777619u;
  return hash;
}

static lazy_global *find_lazy_global(lazy_globals *lazy, const char *name, size_t length) {
  if (lazy == NULL || lazy->capacity == 0 || length > lazy->longest) return NULL;
  size_t mask = lazy->capacity - 1;
  for (size_t i = name_hash(name, length) & mask;; i = (i + 1) & mask) {
    int slot = lazy->slots[i];
    if (slot == 0) return NULL;
    lazy_global *entry = &lazy->entries[slot - 1];
    if (entry->key_length == length && memcmp(lazy->bytes + entry->key_offset, name, length) == 0) {
      return entry;
    }
  }
}

static void free_lazy_globals(clua_host *host) {
  lazy_globals *lazy = host->lazy_globals;
  if (lazy == NULL) return;
  free(lazy->bytes);
  free(lazy->entries);
  free(lazy->slots);
  free(lazy);
  host->lazy_globals = NULL;
}

// Room for `entries` more entries and `bytes` more bytes of names; 0 when out of memory (what
// grew by then stays, unused).
static int reserve_lazy_globals(clua_host *host, int entries, size_t bytes) {
  lazy_globals *lazy = host->lazy_globals;
  if (lazy == NULL) {
    lazy = calloc(1, sizeof *lazy);
    if (lazy == NULL) return 0;
    host->lazy_globals = lazy;
  }
  if (lazy->bytes_used + bytes > lazy->bytes_capacity) {
    size_t capacity = (lazy->bytes_used + bytes) * 2;
    char *grown = realloc(lazy->bytes, capacity);
    if (grown == NULL) return 0;
    lazy->bytes = grown;
    lazy->bytes_capacity = capacity;
  }
  if (lazy->count + entries > lazy->entries_capacity) {
    int capacity = (lazy->count + entries) * 2;
    lazy_global *grown = realloc(lazy->entries, (size_t)capacity * sizeof *grown);
    if (grown == NULL) return 0;
    lazy->entries = grown;
    lazy->entries_capacity = capacity;
  }
  size_t needed = 16;
  while (needed < (size_t)(lazy->count + entries) * 2) needed *= 2;
  if (needed > lazy->capacity) {
    int *slots = calloc(needed, sizeof *slots);
    if (slots == NULL) return 0;
    free(lazy->slots);
    lazy->slots = slots;
    lazy->capacity = needed;
    for (int i = 0; i < lazy->count; i++) {
      lazy_global *entry = &lazy->entries[i];
      size_t slot = name_hash(lazy->bytes + entry->key_offset, entry->key_length) & (needed - 1);
      while (slots[slot] != 0) slot = (slot + 1) & (needed - 1);
      slots[slot] = i + 1;
    }
  }
  return 1;
}

// Adds a waiting entry (room reserved), or makes an entry of that name wait again for its new
// value: the later of two, as setting the global twice would leave it.
static lazy_global *add_lazy_global(lazy_globals *lazy, const char *name, size_t length) {
  // One probe finds the name or the free slot it goes in.
  size_t mask = lazy->capacity - 1;
  size_t slot = name_hash(name, length) & mask;
  for (; lazy->slots[slot] != 0; slot = (slot + 1) & mask) {
    lazy_global *entry = &lazy->entries[lazy->slots[slot] - 1];
    if (entry->key_length != length || memcmp(lazy->bytes + entry->key_offset, name, length) != 0) {
      continue;
    }
    if (entry->state == lazy_made) lazy->waiting += 1;
    if (entry->state != lazy_made && entry->kind == lazy_library) lazy->libraries_waiting -= 1;
    entry->state = lazy_waiting;
    return entry;
  }
  lazy_global *entry = &lazy->entries[lazy->count];
  memset(entry, 0, sizeof *entry);
  if (length > lazy->longest) lazy->longest = length;
  entry->key_offset = lazy->bytes_used;
  entry->key_length = length;
  memcpy(lazy->bytes + lazy->bytes_used, name, length);
  lazy->bytes_used += length;
  entry->state = lazy_waiting;
  lazy->count += 1;
  lazy->slots[slot] = lazy->count;
  lazy->waiting += 1;
  return entry;
}

static void push_loaded_table(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
}

// Inside a protected call: takes the lazy metatable off the table at idx if it has it.
static void drop_lazy_metatable(lua_State *L, int idx, const void *key) {
  if (!lua_getmetatable(L, idx)) return;
  int ours = lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE && lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  if (!ours) return;
  lua_pushnil(L);
  lua_setmetatable(L, idx);
}

static void drop_lazy_metatables(lua_State *L, lazy_globals *lazy) {
  if (lazy->waiting == 0) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    drop_lazy_metatable(L, lua_gettop(L), &lazy_metatable_key);
    lua_pop(L, 1);
  }
  if (lazy->libraries_waiting == 0) {
    push_loaded_table(L);
    if (lua_type(L, -1) == LUA_TTABLE) drop_lazy_metatable(L, lua_gettop(L), &lazy_loaded_key);
    lua_pop(L, 1);
  }
}

// Called protected by make_lazy_global: the library's function, whose table is the one result.
static int p_make_library(lua_State *L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, (lua_Integer)lua_tointeger(L, 1));
  lua_call(L, 0, 1);
  return 1;
}

// Inside a protected call: pushes the value of a waiting global, made now and set where it goes
// (the globals table; package.loaded too for a library). Raises what making it raised; it then
// waits still.
static void make_lazy_global(lua_State *L, clua_host *host, lazy_global *entry) {
  lazy_globals *lazy = host->lazy_globals;  // stays where it is; its entries may move while a
  int index = (int)(entry - lazy->entries);   // library is made
  if (entry->kind == lazy_object) {
    push_cached_object(L, entry->object, entry->tag, entry->ref);
  } else {
    entry->state = lazy_making;
    lua_pushcfunction(L, p_make_library);
    lua_pushinteger(L, entry->ref);
    int status = lua_pcall(L, 1, 1, 0);
    entry = &lazy->entries[index];
    if (status != LUA_OK) {
      entry->state = lazy_waiting;
      lua_error(L);
    }
    push_loaded_table(L);
    if (lua_type(L, -1) == LUA_TTABLE) {
      lua_pushlstring(L, lazy->bytes + entry->key_offset, entry->key_length);
      lua_pushvalue(L, -3);
      lua_rawset(L, -3);
    }
    lua_pop(L, 1);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  lua_pushlstring(L, lazy->bytes + entry->key_offset, entry->key_length);
  lua_pushvalue(L, -3);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  if (entry->kind == lazy_library) lazy->libraries_waiting -= 1;
  entry->state = lazy_made;
  lazy->waiting -= 1;
  drop_lazy_metatables(L, lazy);
}

// Whether globals wait and the value at idx is the globals table or package.loaded. Never raises.
static int is_lazy_table(const lazy_globals *lazy, lua_State *L, int idx) {
  if (lazy == NULL || lazy->waiting == 0 || lua_type(L, idx) != LUA_TTABLE) return 0;
  const void *table = lua_topointer(L, idx);
  return table == lazy->globals_table || table == lazy->loaded_table;
}

// Inside a protected call: makes every global still waiting, if the value at idx is the globals
// table or package.loaded.
static void settle_if_lazy_table(lua_State *L, int idx) {
  clua_host *host = clua_host_of(L);
  lazy_globals *lazy = host->lazy_globals;
  if (!is_lazy_table(lazy, L, idx)) return;
  for (int i = 0; i < lazy->count && lazy->waiting > 0; i++) {
    lazy_global *entry = &lazy->entries[i];
    if (entry->state != lazy_waiting) continue;
    make_lazy_global(L, host, entry);
    lua_pop(L, 1);
  }
}

// The waiting entry `key` names (the value at idx), or NULL.
static lazy_global *waiting_entry(lua_State *L, int idx) {
  lazy_globals *lazy = clua_host_of(L)->lazy_globals;
  if (lazy == NULL || lua_type(L, idx) != LUA_TSTRING) return NULL;
  size_t length;
  const char *name = lua_tolstring(L, idx, &length);
  lazy_global *entry = find_lazy_global(lazy, name, length);
  return entry != NULL && entry->state == lazy_waiting ? entry : NULL;
}

// __index(t, key) of the globals table (any waiting global) or package.loaded (a waiting
// library): it is made, kept and returned; any other key is nil.
static int make_on_index(lua_State *L, int libraries_only) {
  lazy_global *entry = waiting_entry(L, 2);
  if (entry == NULL || (libraries_only && entry->kind != lazy_library)) {
    lua_pushnil(L);
    return 1;
  }
  lua_settop(L, 2);
  make_lazy_global(L, clua_host_of(L), entry);
  return 1;
}

static int lazy_index(lua_State *L) { return make_on_index(L, 0); }

// __newindex(globals, key, value): the assignment replaces a waiting global of that name (a
// library stays its loaded module, made first).
static int lazy_newindex(lua_State *L) {
  lua_settop(L, 3);
  lazy_global *entry = waiting_entry(L, 2);
  clua_host *host = clua_host_of(L);
  if (entry != NULL && entry->kind == lazy_library) {
    make_lazy_global(L, host, entry);
    lua_pop(L, 1);
    entry = NULL;
  }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_rawset(L, 1);
  if (entry != NULL) {
    entry->state = lazy_made;
    lazy_globals *lazy = host->lazy_globals;
    lazy->waiting -= 1;
    drop_lazy_metatables(L, lazy);
  }
  return 0;
}

static int lazy_loaded_index(lua_State *L) { return make_on_index(L, 1); }

// __newindex(package.loaded, key, value): a waiting library is made first, then replaced.
static int lazy_loaded_newindex(lua_State *L) {
  lua_settop(L, 3);
  lazy_global *entry = waiting_entry(L, 2);
  if (entry != NULL && entry->kind == lazy_library) {
    make_lazy_global(L, clua_host_of(L), entry);
    lua_pop(L, 1);
  }
  lua_rawset(L, 1);
  return 0;
}

// The base library's rawget, rawset, next, pairs, getmetatable and setmetatable, each with every
// lazy global made first when its first argument is the globals table or package.loaded. The
// library's own function (kept in the host) is called in this frame, so its errors name the
// function as the script called it. Scripts call next for every key of every table they walk:
// a table that is neither is told by its address alone.
static inline int settle_then_call(lua_State *L, int reader) {
  clua_host *host = clua_host_of(L);
  if (is_lazy_table(host->lazy_globals, L, 1)) settle_if_lazy_table(L, 1);
  return host->table_readers[reader](L);
}

static int settled_rawget(lua_State *L) { return settle_then_call(L, 0); }
static int settled_rawset(lua_State *L) { return settle_then_call(L, 1); }
static int settled_next(lua_State *L) { return settle_then_call(L, 2); }
static int settled_pairs(lua_State *L) { return settle_then_call(L, 3); }
static int settled_getmetatable(lua_State *L) { return settle_then_call(L, 4); }
static int settled_setmetatable(lua_State *L) { return settle_then_call(L, 5); }

static void wrap_table_readers(lua_State *L) {
  static const luaL_Reg wrappers[] = {
      {"rawget", settled_rawget},   {"rawset", settled_rawset},
      {"next", settled_next},       {"pairs", settled_pairs},
      {"getmetatable", settled_getmetatable}, {"setmetatable", settled_setmetatable},
  };
  _Static_assert(sizeof wrappers / sizeof wrappers[0] ==
                     sizeof ((clua_host *)0)->table_readers / sizeof(lua_CFunction),
                 "a kept function for each wrapper");
  clua_host *host = clua_host_of(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  for (size_t i = 0; i < sizeof wrappers / sizeof wrappers[0]; i++) {
    lua_getfield(L, -1, wrappers[i].name);
    host->table_readers[i] = lua_tocfunction(L, -1);
    lua_pop(L, 1);
    if (host->table_readers[i] == NULL) continue;
    lua_pushcfunction(L, wrappers[i].func);
    lua_setfield(L, -2, wrappers[i].name);
  }
  lua_pop(L, 1);
}

// Inside a protected call: gives the table at idx the lazy metatable under `key` (made the first
// time), unless it has one; 0 when it has another.
static int set_lazy_metatable(lua_State *L, int idx, const void *key, lua_CFunction index,
                              lua_CFunction newindex) {
  if (lua_getmetatable(L, idx)) {
    int ours = lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE && lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return ours;
  }
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
  }
  lua_setmetatable(L, idx);
  return 1;
}

static int p_setlazyglobals(lua_State *L) {
  const field_list *spec = lua_touserdata(L, 1);
  clua_host *host = clua_host_of(L);
  lua_settop(L, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);  // 1
  push_loaded_table(L);                                 // 2
  int libraries = 0;
  for (int i = 0; i < spec->count; i++) {
    if (spec->fields[i].kind == CLUA_FIELD_KEPT_FUNCTION) libraries += 1;
  }
  int lazily = set_lazy_metatable(L, 1, &lazy_metatable_key, lazy_index, lazy_newindex) &&
               (libraries == 0 || (lua_type(L, 2) == LUA_TTABLE &&
                                   set_lazy_metatable(L, 2, &lazy_loaded_key, lazy_loaded_index,
                                                      lazy_loaded_newindex)));
  lazy_globals *lazy = host->lazy_globals;
  lazy->globals_table = lua_topointer(L, 1);
  if (lua_type(L, 2) == LUA_TTABLE) lazy->loaded_table = lua_topointer(L, 2);
  for (int i = 0; i < spec->count; i++) {
    const clua_field *field = &spec->fields[i];
    const char *name = spec->bytes + field->key_offset;
    lazy_global *entry = add_lazy_global(lazy, name, field->key_length);
    if (field->kind == CLUA_FIELD_KEPT_FUNCTION) {
      lua_pushlightuserdata(L, field->pointer);
      lua_pushcclosure(L, clua_trampoline_kept, 1);
      int ref = luaL_ref(L, LUA_REGISTRYINDEX);
      if (entry->kind == lazy_library && entry->ref > 0) {
        luaL_unref(L, LUA_REGISTRYINDEX, entry->ref);
      }
      entry->kind = lazy_library;
      entry->ref = ref;
      lazy->libraries_waiting += 1;
    } else {
      if (entry->kind == lazy_library && entry->ref > 0) {
        luaL_unref(L, LUA_REGISTRYINDEX, entry->ref);
      }
      entry->kind = lazy_object;
      entry->object = field->pointer;
      entry->tag = field->tag;
      entry->ref = (int)field->integer;
    }
  }
  // A name either table already holds, or every name when a table has a metatable of someone
  // else's, is made now, as clua_setglobals would have set it. A few names are looked up; for
  // many, the tables are walked, so as not to make a Lua string of each name.
  for (int table = 1; lazily && table <= (libraries > 0 ? 2 : 1); table++) {
    if (spec->count <= 16) {
      for (int i = 0; i < spec->count; i++) {
        const clua_field *field = &spec->fields[i];
        if (table == 2 && field->kind != CLUA_FIELD_KEPT_FUNCTION) continue;
        lua_pushlstring(L, spec->bytes + field->key_offset, field->key_length);
        int taken = lua_rawget(L, table) != LUA_TNIL;
        lua_pop(L, 1);
        lazy_global *entry = find_lazy_global(lazy, spec->bytes + field->key_offset,
                                              field->key_length);
        if (taken && entry->state == lazy_waiting) entry->state = lazy_taken;
      }
      continue;
    }
    lua_pushnil(L);
    while (lua_next(L, table)) {
      lua_pop(L, 1);
      lazy_global *entry = waiting_entry(L, -1);
      if (entry != NULL && (table == 1 || entry->kind == lazy_library)) {
        entry->state = lazy_taken;  // made below, once the walk is over
      }
    }
  }
  for (int i = 0; i < lazy->count && lazy->waiting > 0; i++) {
    lazy_global *entry = &lazy->entries[i];
    if (entry->state == lazy_made || (entry->state == lazy_waiting && lazily)) continue;
    entry->state = lazy_waiting;
    make_lazy_global(L, host, entry);
    lua_pop(L, 1);
  }
  drop_lazy_metatables(L, lazy);
  return 0;
}

int clua_setlazyglobals(lua_State *L, const char *bytes, const clua_field *fields, int count) {
  if (count <= 0) return LUA_OK;
  size_t length = 0;
  for (int i = 0; i < count; i++) length += fields[i].key_length;
  if (!reserve_lazy_globals(clua_host_of(L), count, length)) {
    return clua_setglobals(L, bytes, fields, count);  // no memory to wait in: all now
  }
  field_list spec = {bytes, fields, 0, count, NULL};
  lua_pushcfunction(L, p_setlazyglobals);
  lua_pushlightuserdata(L, &spec);
  return protected(L, 1, 0);
}

static int p_settleglobals(lua_State *L) {
  settle_if_lazy_table(L, 1);
  return 0;
}

int clua_settleglobals(lua_State *L, int idx) {
  if (!is_lazy_table(clua_host_of(L)->lazy_globals, L, idx)) return LUA_OK;
  return protected_on_table(L, lua_absindex(L, idx), p_settleglobals, 0, 0);
}

static int p_global(lua_State *L) {
  size_t length = (size_t)lua_tointeger(L, 2);
  const char *name = lua_touserdata(L, 1);
  clua_host *host = clua_host_of(L);
  lua_settop(L, 0);
  lazy_global *entry = find_lazy_global(host->lazy_globals, name, length);
  if (entry != NULL && entry->state == lazy_waiting) {
    make_lazy_global(L, host, entry);
    return 1;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  lua_pushlstring(L, name, length);
  lua_rawget(L, 1);
  return 1;
}

int clua_global(lua_State *L, const char *name, size_t length) {
  lua_pushcfunction(L, p_global);
  lua_pushlightuserdata(L, (void *)name);
  lua_pushinteger(L, (lua_Integer)length);
  return protected(L, 2, 1);
}

int clua_lazyglobals_pending(lua_State *L) {
  lazy_globals *lazy = clua_host_of(L)->lazy_globals;
  return lazy == NULL ? 0 : lazy->waiting;
}

int clua_pushobject(lua_State *L, void *object, const void *tag, int mtref) {
  // Fast path: the object already has its userdata in this state (keeps identity: one object,
  // one Lua value).
  lua_rawgeti(L, LUA_REGISTRYINDEX, clua_host_of(L)->object_cache);
  lua_rawgetp(L, -1, object);
  if (take_cached_box(L, object, tag)) return LUA_OK;
  lua_pop(L, 1);
  lua_pushcfunction(L, p_pushobject);
  lua_pushlightuserdata(L, object);
  lua_pushlightuserdata(L, (void *)tag);
  lua_pushinteger(L, mtref);
  return protected(L, 3, 1);
}

static int p_setslot(lua_State *L) {
  lua_rawseti(L, 1, lua_tointeger(L, 2));  // pops the value (argument 3)
  return 0;
}

int clua_pushobjectslot(lua_State *L, void *object, const void *tag, int mtref, int *slot) {
  if (clua_pushslotted(L, object, tag, *slot)) return LUA_OK;
  clua_host *host = clua_host_of(L);
  int current = *slot;
  if (current <= 0 || current > host->slot_count) {
    current = 0;
  } else {
    // A slot that holds a userdata holds another object's: it is left to it.
    lua_rawgeti(L, LUA_REGISTRYINDEX, host->object_slots);
    if (lua_rawgeti(L, -1, current) != LUA_TNIL) current = 0;
    lua_pop(L, 2);
  }
  int status = clua_pushobject(L, object, tag, mtref);
  if (status != LUA_OK) return status;
  if (current == 0) {
    if (host->slot_count == INT_MAX) return LUA_OK;  // no slot: found by its address each time
    current = host->slot_count + 1;
  }
  // slots[current] = userdata, protected: the array may grow.
  lua_pushcfunction(L, p_setslot);
  lua_rawgeti(L, LUA_REGISTRYINDEX, host->object_slots);
  lua_pushinteger(L, current);
  lua_pushvalue(L, -4);
  status = protected(L, 3, 0);
  if (status != LUA_OK) {
    lua_remove(L, -2);  // the userdata: only the error stays
    return status;
  }
  if (current > host->slot_count) host->slot_count = current;
  *slot = current;
  return LUA_OK;
}

int clua_pushslotted(lua_State *L, void *object, const void *tag, int slot) {
  clua_host *host = clua_host_of(L);
  // lua_checkstack reports a stack that cannot grow rather than raising.
  if (slot <= 0 || slot > host->slot_count || !lua_checkstack(L, 2)) return 0;
  lua_rawgeti(L, LUA_REGISTRYINDEX, host->object_slots);
  lua_rawgeti(L, -1, slot);
  if (take_cached_box(L, object, tag)) return 1;
  lua_pop(L, 1);
  return 0;
}

void *clua_toobject(lua_State *L, int idx, const void **tag) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(clua_box)) return NULL;
  clua_box *box = lua_touserdata(L, idx);
  if (box->magic != BOX_MAGIC || box->tag == NULL) return NULL;
  if (tag) *tag = box->tag;
  return box->object;
}

static int p_newobjectmetatable(lua_State *L) {
  lua_createtable(L, 0, 8);
  set_protected_metatable_fields(L, lua_touserdata(L, 1));
  return 1;
}

int clua_newobjectmetatable(lua_State *L, const char *name) {
  lua_pushcfunction(L, p_newobjectmetatable);
  lua_pushlightuserdata(L, (void *)name);
  return protected(L, 1, 1);
}

static int p_rawset(lua_State *L) {
  lua_rawset(L, 1);
  return 0;
}

int clua_rawset(lua_State *L, int idx) {
  return protected_on_table(L, lua_absindex(L, idx), p_rawset, 2, 0);
}

static int p_rawseti(lua_State *L) {
  lua_rawseti(L, 1, lua_tointeger(L, 2));  // pops the value (argument 3)
  return 0;
}

int clua_rawseti(lua_State *L, int idx, int64_t n) {
  idx = lua_absindex(L, idx);
  lua_pushinteger(L, (lua_Integer)n);
  lua_insert(L, -2);  // n, value
  return protected_on_table(L, idx, p_rawseti, 2, 0);
}

static int p_ref(lua_State *L) {
  lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
  return 1;
}

int clua_ref(lua_State *L, int *ref) {
  lua_pushcfunction(L, p_ref);
  lua_insert(L, -2);
  int status = protected(L, 1, 1);
  if (status == LUA_OK) {
    *ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  return status;
}

static int p_gettable(lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}

int clua_gettable(lua_State *L, int idx) {
  return protected_on_table(L, lua_absindex(L, idx), p_gettable, 1, 1);
}

static int p_settable(lua_State *L) {
  lua_settable(L, 1);
  return 0;
}

int clua_settable(lua_State *L, int idx) {
  return protected_on_table(L, lua_absindex(L, idx), p_settable, 2, 0);
}

static int p_tostring(lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}

int clua_tostring(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, p_tostring);
  lua_pushvalue(L, idx);
  return protected(L, 1, 1);
}

// Lua 5.4's luaO_chunkid (lobject.c), which the library does not export.
void clua_chunkid(char *out, const char *source, size_t length) {
  static const char dots[] = "...", before[] = "[string \"", after[] = "\"]";
  size_t room = CLUA_IDSIZE;
  if (*source == '=') {
    if (length <= room) {
      memcpy(out, source + 1, length);
    } else {
      memcpy(out, source + 1, room - 1);
      out[room - 1] = '\0';
    }
  } else if (*source == '@') {
    if (length <= room) {
      memcpy(out, source + 1, length);
    } else {
      memcpy(out, dots, 3);
      room -= 3;
      memcpy(out + 3, source + 1 + length - room, room);
    }
  } else {
    const char *newline = memchr(source, '\n', length);
    memcpy(out, before, 9);
    out += 9;
    room -= 9 + 3 + 2 + 1;  // the prefix, "...", the suffix and the '\0'
    if (length < room && newline == NULL) {
      memcpy(out, source, length);
      out += length;
    } else {
      if (newline != NULL) length = (size_t)(newline - source);
      if (length > room) length = room;
      memcpy(out, source, length);
      out += length;
      memcpy(out, dots, 3);
      out += 3;
    }
    memcpy(out, after, 3);
  }
}

int clua_formatnumber(double n, char *buffer, size_t size) {
  int len = snprintf(buffer, size, LUA_NUMBER_FMT, (LUAI_UACNUMBER)n);
  if (len > 0 && (size_t)len + 2 < size && buffer[strspn(buffer, "-0123456789")] == '\0') {
    buffer[len++] = '.';
    buffer[len++] = '0';
    buffer[len] = '\0';
  }
  return len;
}
