/*
** clua_limits.c
** What stops a state's scripts: the instruction budget, counted by a count hook; the memory cap,
** once the allocator or a charge reaches it; and an interrupt. A stop cannot be caught: from
** then on every instruction raises a memory-class error, which no message handler sees. Where
** the scripts stopped (a message, a location, a traceback) is kept for the host.
** Uses: the Lua 5.4 API (lua_sethook, lua_getstack) and snprintf; clua_signals.c for the
** interrupt flag, clua_call.c for locations and tracebacks.
*/

#include "clua_internal.h"
#include "clua_signals.h"

#include <stdio.h>

static void instruction_hook(lua_State *L, lua_Debug *ar);
static int p_record_stop_traceback(lua_State *L);

void clua_stop_for_memory(clua_host *host) {
  host->memory_limit_hit = 1;
  if (!host->memory_limit_stop && host->main_thread != NULL) {
    // A script that catches the error is stopped at its next instruction, as by a spent
    // budget; a coroutine running now is stopped by its own hook (see instruction_hook).
    host->memory_limit_stop = 1;
    lua_sethook(host->main_thread, instruction_hook, LUA_MASKCOUNT, 1);
  }
}

// The cap was reached inside a Swift function that Lua called, by a charge or by an allocation
// of Lua's heap: the script is where that call is, whichever came first. (Reached while no
// script runs: the hook finds the place at the next instruction.)
void clua_locate_memory_stop(lua_State *L, clua_host *host) {
  if (host->memory_limit_located) return;
  clua_find_location(L, 0, &host->memory_limit_location);
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

// Records why the scripts stop, "file:line: reason" at the innermost Lua frame from `level` up,
// for the host, and the place as a location. The traceback, which allocates, is taken by the
// callers.
static void record_stop_message(lua_State *L, clua_host *host, const char *reason, int level) {
  clua_location *where = &host->instruction_limit_location;
  clua_find_location(L, level, where);
  if (where->line > 0) {
    snprintf(host->instruction_limit_message, sizeof host->instruction_limit_message,
             "%s:%d: %s", where->short_src, where->line, reason);
  } else {
    snprintf(host->instruction_limit_message, sizeof host->instruction_limit_message, "%s",
             reason);
  }
}

// Records where the memory cap stopped the scripts, from `level` up, and (allocating, so it may
// raise the memory error) the traceback, once per stop.
static void record_memory_stop(lua_State *L, clua_host *host, int level) {
  host->memory_limit_located = 1;
  clua_find_location(L, level, &host->memory_limit_location);
  clua_keep_traceback(L, host, level);
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
  clua_host *host = host_of(L);
  host->refuse_allocations = 0;
  if (host->memory_limit_stop && !host->instruction_limit_hit) {
    // The cap was reached: the allocation that reached it was granted (see clua_capped_alloc),
    // or the script caught the error. End it with the cap's error, here.
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
    clua_keep_traceback(L, host, 0);
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
  clua_host *host = host_of(L);
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
  clua_keep_traceback(L, host_of(L), 1);  // from the caller of this helper
  return 0;
}

void clua_stop_for_interrupt(lua_State *L) {
  clua_host *host = host_of(L);
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

int clua_limit_reached(lua_State *L) {
  clua_host *host = host_of(L);
  lua_pushboolean(L, host->instruction_limit_hit || host->memory_limit_stop);
  return 1;
}

// Records the traceback of the coroutine (a light userdata, argument 1) as the stop's.
static int p_record_thread_traceback(lua_State *L) {
  clua_keep_thread_traceback(L, lua_touserdata(L, 1), host_of(L), 0);
  return 0;
}

void clua_locate_memory_stop_in(lua_State *L, lua_State *co) {
  clua_host *host = host_of(L);
  if (!host->memory_limit_stop || host->memory_limit_located) return;
  clua_find_location(co, 0, &host->memory_limit_location);
  if (host->memory_limit_location.line == 0) return;
  host->memory_limit_located = 1;
  if (lua_checkstack(L, 3)) {
    lua_pushcfunction(L, p_record_thread_traceback);
    lua_pushlightuserdata(L, co);
    // The call and the traceback may need memory: the reserve is for this.
    host->in_handler = 1;
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);  // no traceback: out of memory
    host->in_handler = 0;
  }
}
