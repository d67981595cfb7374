#ifndef CLUA_H
#define CLUA_H

// Lua 5.4 as Swift sees it. Function-like macros do not import into Swift, so the few that
// LuaBridge needs are restated as static inline functions with the same meaning.
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>

static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_multret(void) { return LUA_MULTRET; }
static inline void clua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline int clua_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline void clua_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void clua_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void clua_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline lua_Integer clua_tointegerx(lua_State *L, int i, int *isnum) { return lua_tointegerx(L, i, isnum); }
static inline lua_Number clua_tonumberx(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline void clua_collectgarbage(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
static inline int clua_memorykb(lua_State *L) { return lua_gc(L, LUA_GCCOUNT); }
static inline void clua_gcrestart(lua_State *L) { lua_gc(L, LUA_GCRESTART); }
static inline int clua_gcisrunning(lua_State *L) { return lua_gc(L, LUA_GCISRUNNING); }
static inline FILE *clua_stdout(void) { return stdout; }
static inline FILE *clua_stderr(void) { return stderr; }
static inline const char *clua_release(void) { return LUA_RELEASE; }

#endif
