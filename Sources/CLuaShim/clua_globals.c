/*
** clua_globals.c
** The globals the host sets: at once (clua_setglobals), or lazily (clua_setlazyglobals). A
** scenario has a global for each of UIKit's classes and a library table for each part of
** lifescript, and most scripts read a handful. The globals table gets a metatable whose __index
** makes a global the first time its name is read (a class's userdata, or a library's table, which
** is then also its loaded module), and whose __newindex lets a script's assignment replace a name
** not read yet; package.loaded gets one that makes a library the first time `require` or anything
** else reads it there. The names wait here, in the host's memory, with a small hash table to find
** them by: making them Lua strings would cost most of what the laziness saves. Nothing may tell
** the difference: whatever looks at either table itself (rawget, rawset, next, pairs,
** getmetatable, setmetatable, and the host's own walks) makes every global still waiting first,
** and the metatables go once none waits; a global the host sets at once over a waiting one of
** its name is made first.
** Uses: the Lua 5.4 API (lua.h, lauxlib.h), calloc, realloc, free, memcmp and memcpy.
*/

#include "clua_internal.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

// Registry keys (their addresses) of the two lazy metatables.
static const char lazy_metatable_key = 0;
static const char lazy_loaded_key = 0;

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
  clua_host *host = host_of(L);
  for (int i = 0; host->lazy_globals != NULL && i < spec->count; i++) {
    const clua_field *field = &spec->fields[i];
    lazy_global *entry =
        find_lazy_global(host->lazy_globals, spec->bytes + field->key_offset, field->key_length);
    if (entry == NULL || entry->state != lazy_waiting) continue;
    make_lazy_global(L, host, entry);
    lua_pop(L, 1);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  clua_set_fields(L, spec);
  return 0;
}

int clua_setglobals(lua_State *L, const char *bytes, const clua_field *fields, int count) {
  field_list spec = {bytes, fields, 0, count, NULL};
  lua_pushcfunction(L, p_setglobals);
  lua_pushlightuserdata(L, &spec);
  return protected(L, 1, 0);
}

// MARK: Lazy globals

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

void clua_free_lazy_globals(clua_host *host) {
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
    clua_push_cached_object(L, entry->object, entry->tag, entry->ref);
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
  clua_host *host = host_of(L);
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
  lazy_globals *lazy = host_of(L)->lazy_globals;
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
  make_lazy_global(L, host_of(L), entry);
  return 1;
}

static int lazy_index(lua_State *L) { return make_on_index(L, 0); }

// __newindex(globals, key, value): the assignment replaces a waiting global of that name (a
// library stays its loaded module, made first).
static int lazy_newindex(lua_State *L) {
  lua_settop(L, 3);
  lazy_global *entry = waiting_entry(L, 2);
  clua_host *host = host_of(L);
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
    make_lazy_global(L, host_of(L), entry);
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
  clua_host *host = host_of(L);
  if (is_lazy_table(host->lazy_globals, L, 1)) settle_if_lazy_table(L, 1);
  return host->table_readers[reader](L);
}

static int settled_rawget(lua_State *L) { return settle_then_call(L, 0); }
static int settled_rawset(lua_State *L) { return settle_then_call(L, 1); }
static int settled_next(lua_State *L) { return settle_then_call(L, 2); }
static int settled_pairs(lua_State *L) { return settle_then_call(L, 3); }
static int settled_getmetatable(lua_State *L) { return settle_then_call(L, 4); }
static int settled_setmetatable(lua_State *L) { return settle_then_call(L, 5); }

void clua_wrap_table_readers(lua_State *L) {
  static const luaL_Reg wrappers[] = {
      {"rawget", settled_rawget},   {"rawset", settled_rawset},
      {"next", settled_next},       {"pairs", settled_pairs},
      {"getmetatable", settled_getmetatable}, {"setmetatable", settled_setmetatable},
  };
  _Static_assert(sizeof wrappers / sizeof wrappers[0] ==
                     sizeof ((clua_host *)0)->table_readers / sizeof(lua_CFunction),
                 "a kept function for each wrapper");
  clua_host *host = host_of(L);
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
  clua_host *host = host_of(L);
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
  if (!reserve_lazy_globals(host_of(L), count, length)) {
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
  if (!is_lazy_table(host_of(L)->lazy_globals, L, idx)) return LUA_OK;
  return protected_on_table(L, lua_absindex(L, idx), p_settleglobals, 0, 0);
}

static int p_global(lua_State *L) {
  size_t length = (size_t)lua_tointeger(L, 2);
  const char *name = lua_touserdata(L, 1);
  clua_host *host = host_of(L);
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
  lazy_globals *lazy = host_of(L)->lazy_globals;
  return lazy == NULL ? 0 : lazy->waiting;
}
