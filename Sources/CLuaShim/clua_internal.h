/*
** clua_internal.h
** What the shim's files share and Swift does not see (it is outside include/): the host block
** read inline, the box a Swift object travels in, the protected call every helper makes, a
** description of fields, and the functions each file offers the others, by file.
** Uses: the Lua 5.4 API (lua.h) and clua_shim.h.
*/

#ifndef CLUA_INTERNAL_H
#define CLUA_INTERNAL_H

#include "clua_shim.h"

#include <lua.h>

// clua_host_of, inline: the trampoline, the count hook and every push ask for the host block,
// and a call across files costs them each time.
static inline clua_host *host_of(lua_State *L) { return *(clua_host **)lua_getextraspace(L); }

// A box is the userdata that holds a retained Swift object: a function exposed to Lua (tag NULL)
// or an object exposed with a metatable (tag names its Swift type).
#define BOX_MAGIC 0x6c69666573637270ULL
typedef struct clua_box {
  uint64_t magic;
  const void *tag;
  void *object;
} clua_box;

// What clua_newtableref, clua_setglobals, clua_setfields and clua_setlazyglobals are given: the
// fields (the first `narray` of them array items), their keys and strings in `bytes`, and where
// a table's registry reference goes.
typedef struct field_list {
  const char *bytes;
  const clua_field *fields;
  int narray;
  int count;
  int *ref;
} field_list;

static inline int protected(lua_State *L, int nargs, int nresults) {
  return lua_pcall(L, nargs, nresults, 0);
}

// Calls `op(t, ...)` protected, where t is the table at idx (an absolute index) and `...` the n
// values on top of the stack.
static inline int protected_on_table(lua_State *L, int idx, lua_CFunction op, int n,
                                     int nresults) {
  lua_pushcfunction(L, op);
  lua_pushvalue(L, idx);
  lua_rotate(L, -(n + 2), 2);
  return protected(L, n + 1, nresults);
}

// MARK: clua_alloc.c

// The state's allocator (a lua_Alloc; `ud` is the host block): Lua's heap under the memory cap,
// its small blocks cut from the state's chunks.
void *clua_capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
// Once the state is closed (or failed to open): gives every chunk of small blocks back.
void clua_pool_drop(clua_host *host);

// MARK: clua_limits.c

// The cap is reached: the scripts stop at their next instruction (the hook raises there).
void clua_stop_for_memory(clua_host *host);
// The cap was reached inside a Swift function that Lua called, by a charge or by an allocation of
// Lua's heap: records where that call is, and its traceback, unless the place is known already.
void clua_locate_memory_stop(lua_State *L, clua_host *host);

// MARK: clua_call.c

// Inside the state's first protected call: the registry slots of the last error, its traceback
// and the value last raised for a Swift error, made now so that storing into them never
// allocates.
void clua_call_init(lua_State *L);
// Fills `out` with the innermost Lua function with a line, from `level` up, that is the
// script's (not the host's own Lua, chunk CLUA_HOST_CHUNK); line 0 when there is none. Never
// allocates.
void clua_find_location(lua_State *L, int level, clua_location *out);
// [-0, +0] Keeps the traceback from `level` up as the last error's (clua_pushtraceback), as the
// message handler would. Allocates, so may raise the memory error.
void clua_keep_traceback(lua_State *L, clua_host *host, int level);
// clua_keep_traceback of the frames of `thread` (a coroutine of L's state), pushed on L.
void clua_keep_thread_traceback(lua_State *L, lua_State *thread, clua_host *host, int level);

// MARK: clua_box.c

// Inside the state's first protected call: the function boxes' metatable and the tables of the
// objects' userdata.
void clua_box_init(lua_State *L);
// Inside a protected call: pushes the userdata of `object`, from the cache or new (and then
// cached).
void clua_push_cached_object(lua_State *L, void *object, const void *tag, int mtref);

// MARK: clua_protected.c

// Inside a protected call: sets the fields `spec` describes into the table on top.
void clua_set_fields(lua_State *L, const field_list *spec);

// MARK: clua_globals.c

// Inside the state's first protected call, once the base library is open: the globals rawget,
// rawset, next, pairs, getmetatable and setmetatable become the wrappers that make the lazy
// globals first.
void clua_wrap_table_readers(lua_State *L);
// Once the state is closed: frees what the lazy globals kept in the host's memory.
void clua_free_lazy_globals(clua_host *host);

#endif
