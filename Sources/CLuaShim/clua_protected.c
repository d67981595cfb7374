/*
** clua_protected.c
** Protected helpers: the API operations Swift needs that can raise (they allocate, or run a
** metamethod), each run in a protected call that returns a status, so that no error unwinds a
** Swift frame; and tables made, or filled, from a description of their fields in one such call.
** Uses: the Lua 5.4 API (lua.h, lauxlib.h: luaL_ref, luaL_tolstring).
*/

#include "clua_internal.h"

#include <lauxlib.h>

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

// MARK: Tables from a description

// Inside a protected call: sets the fields `spec` describes into the table on top.
void clua_set_fields(lua_State *L, const field_list *spec) {
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
        clua_push_cached_object(L, field->pointer, field->tag, (int)field->integer);
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
  clua_set_fields(L, spec);
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

static int p_setfields(lua_State *L) {
  const field_list *spec = lua_touserdata(L, 2);
  lua_settop(L, 1);
  clua_set_fields(L, spec);
  return 0;
}

int clua_setfields(lua_State *L, int idx, const char *bytes, const clua_field *fields, int count) {
  field_list spec = {bytes, fields, 0, count, NULL};
  idx = lua_absindex(L, idx);
  lua_pushlightuserdata(L, &spec);
  return protected_on_table(L, idx, p_setfields, 1, 0);
}
