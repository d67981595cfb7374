/*
** clua_state.c
** A state's life: opened with the capped allocator, the host block in its extra space, a panic
** and a warning function, and the standard libraries (`io` only when the host wants it); closed
** with its small blocks and lazy globals given back.
** Uses: the Lua 5.4 API and standard libraries (lua.h, lauxlib.h, lualib.h), fprintf and
** abort.
*/

#include "clua_internal.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

clua_host *clua_host_of(lua_State *L) { return host_of(L); }

static int panic(lua_State *L) {
  const char *message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
  fprintf(stderr, "lifescript: internal error: unprotected Lua error: %s\n", message);
  abort();
}

static void warning(void *ud, const char *message, int tocont) {
  clua_host *host = host_of((lua_State *)ud);
  if (!host->warning_continued && !tocont && message[0] == '@') {
    if (strcmp(message, "@on") == 0) host->warnings_off = 0;
    if (strcmp(message, "@off") == 0) host->warnings_off = 1;
    return;
  }
  if (!host->warnings_off && host->warn) host->warn(host->owner, message, !tocont);
  host->warning_continued = tocont;
}

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
  int without_io = host_of(L)->without_io;
  for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++) {
    if (without_io && libraries[i].func == luaopen_io) continue;
    luaL_requiref(L, libraries[i].name, libraries[i].func, 1);
    lua_pop(L, 1);
  }
  clua_wrap_table_readers(L);
  clua_box_init(L);
  clua_call_init(L);
  return 0;
}

lua_State *clua_newstate(clua_host *host) {
  lua_State *L = lua_newstate(clua_capped_alloc, host);
  if (L == NULL) {
    clua_pool_drop(host);
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

void clua_close(lua_State *L) {
  clua_host *host = host_of(L);
  // After the cap stopped the scripts, calling a finalizer may still need a CallInfo: the
  // finalizers that release Swift objects may take the handler's reserve.
  if (host->memory_limit_stop) host->in_handler = 1;
  host->closing = 1;
  lua_close(L);
  clua_free_lazy_globals(host);
  clua_pool_drop(host);
}
