/*
** clua_box.c
** Boxes: the userdata that carry Swift functions and objects into Lua. A box retains its Swift
** object until Lua finalizes it; an object has one userdata in a state, found again by its
** address or by the slot it keeps.
** Uses: the Lua 5.4 API (lua.h, lauxlib.h: luaL_ref).
*/

#include "clua_internal.h"

#include <lauxlib.h>
#include <limits.h>

// The registry key (its address) of the function boxes' metatable.
static const char box_metatable_key = 0;

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

static int box_gc(lua_State *L) {
  clua_box *box = lua_touserdata(L, 1);
  if (box != NULL && lua_rawlen(L, 1) == sizeof(clua_box) && box->magic == BOX_MAGIC &&
      box->object != NULL) {
    void *object = box->object;
    box->object = NULL;
    host_of(L)->release(object);
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

void clua_box_init(lua_State *L) {
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
  host_of(L)->object_slots = luaL_ref(L, LUA_REGISTRYINDEX);
  host_of(L)->object_cache = luaL_ref(L, LUA_REGISTRYINDEX);
}

// MARK: Functions

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
  host_of(L)->retain(function);
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

// MARK: Objects

// Inside a protected call: pushes the userdata of `object`, from the cache or new (and then
// cached). Only once nothing can fail does the box take its reference.
void clua_push_cached_object(lua_State *L, void *object, const void *tag, int mtref) {
  clua_host *host = host_of(L);
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

static int p_pushobject(lua_State *L) {
  clua_push_cached_object(L, lua_touserdata(L, 1), lua_touserdata(L, 2),
                          (int)lua_tointeger(L, 3));
  return 1;
}

int clua_pushobject(lua_State *L, void *object, const void *tag, int mtref) {
  // Fast path: the object already has its userdata in this state (keeps identity: one object,
  // one Lua value).
  lua_rawgeti(L, LUA_REGISTRYINDEX, host_of(L)->object_cache);
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
  clua_host *host = host_of(L);
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
  clua_host *host = host_of(L);
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
