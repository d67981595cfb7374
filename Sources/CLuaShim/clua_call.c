/*
** clua_call.c
** Calls across the boundary and their errors. Swift calls Lua through clua_pcall, whose message
** handler keeps the error's traceback and where it was raised; Lua calls Swift through the
** trampoline, which raises the Swift function's error once the Swift frame has returned.
** Uses: the Lua 5.4 API (lua.h, lauxlib.h: luaL_traceback, luaL_where, luaL_argerror).
*/

#include "clua_internal.h"

#include <lauxlib.h>
#include <string.h>

// Registry keys (their addresses).
static const char last_error_key = 0;
static const char last_traceback_key = 0;
static const char raised_error_key = 0;

_Static_assert(CLUA_IDSIZE == LUA_IDSIZE, "clua_location.short_src must hold a short_src");

void clua_call_init(lua_State *L) {
  // Created now so that storing into them later never allocates.
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &last_error_key);
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &last_traceback_key);
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &raised_error_key);
}

void clua_find_location(lua_State *L, int level, clua_location *out) {
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

void clua_keep_traceback(lua_State *L, clua_host *host, int level) {
  clua_keep_thread_traceback(L, L, host, level);
}

void clua_keep_thread_traceback(lua_State *L, lua_State *thread, clua_host *host, int level) {
  host->in_handler = 1;
  luaL_traceback(L, thread, NULL, level);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &last_traceback_key);
  host->in_handler = 0;
  host->traceback_fresh = 1;
}

// MARK: Swift calls Lua

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
  clua_host *host = host_of(L);
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
    clua_find_location(L, 1, &host->error_location);
  }
  host->traceback_fresh = 1;
  lua_settop(L, 1);
  return 1;
}

// The call itself, with the message handler already at stack index `handler`.
static int pcall_with_handler(lua_State *L, int nargs, int nresults, int handler) {
  clua_host *host = host_of(L);
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

// MARK: Lua calls Swift

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
  clua_host *host = host_of(L);
  int arg = 0;
  int results = host->dispatch(L, function, &arg);
  // The Swift frame is gone; from here on raising is safe.
  if (host->memory_limit_stop) clua_locate_memory_stop(L, host);
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
