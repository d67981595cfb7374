#ifndef CLUA_SHIM_H
#define CLUA_SHIM_H

#include <stddef.h>
#include <stdint.h>

// The Lua boundary: with clua_signals.h (signals, which touch no Lua state), the only C in
// lifescript. Everything in here exists because Swift must never be on the stack
// when Lua raises an error (a longjmp over Swift frames leaks their objects and corrupts
// exclusivity tracking). So:
//   - errors are raised only by clua_trampoline, after the Swift dispatcher has returned;
//   - every operation that can allocate or run a metamethod is offered as a protected helper
//     that returns a status instead of raising;
//   - the instruction hook, the capped allocator and the message handler are plain C.
//
// Its sections follow the files that implement them, one idea each: clua_alloc.c (a state's
// memory), clua_limits.c (what stops the scripts), clua_state.c (a state's life), clua_call.c
// (calls across the boundary and their errors), clua_protected.c (protected helpers),
// clua_box.c (Swift functions and objects in Lua), clua_globals.c (globals set at once or
// lazily) and clua_format.c (Lua's own texts).

struct lua_State;

/// Bytes of a chunk's short name in messages (Lua's LUA_IDSIZE, checked in clua_call.c).
#define CLUA_IDSIZE 60
/// The chunk name of the host's own Lua (the sandbox's wrappers, metatables' index functions):
/// where a script's error or limit happened is never in there, but in the script that called it.
#define CLUA_HOST_CHUNK "=lifescript"
/// Bytes kept of a chunk's full name (`@path`); a longer one is not kept.
#define CLUA_SOURCE_SIZE 4096

/// A position in Lua code, read from the debug information (lua_getinfo "Sl").
typedef struct clua_location {
  /// The line; 0 when there is none (no Lua function with line information was running).
  int line;
  /// The chunk as Lua names it in messages (lua_Debug.short_src): `launch.lua`, `...ng/path.lua`.
  char short_src[CLUA_IDSIZE];
  /// The chunk's name as it was loaded (lua_Debug.source: `@launch.lua`, `=stdin`, or the source
  /// text); empty when it did not fit.
  char source[CLUA_SOURCE_SIZE];
} clua_location;

/// Size classes of the small-block pool: blocks of 16, 32, … 256 bytes.
#define CLUA_POOL_CLASSES 16

/// Per-state limits and counters, shared by the state's coroutines through lua_getextraspace.
typedef struct clua_host {
  /// Bytes currently allocated by the state.
  size_t used;
  /// Highest value `used` reached.
  size_t peak;
  /// Bytes the engine holds for the scripts outside the Lua heap (strings kept as instance
  /// variables, classes, trace entries), as charged by the host with clua_charge. They count
  /// against the cap with `used`.
  size_t engine_used;
  /// Memory cap in bytes (Lua heap plus engine_used); 0 means none.
  size_t memory_limit;
  /// Extra bytes the message handler may use above the cap, so a traceback can be built when a
  /// script runs out of memory.
  size_t handler_reserve;
  /// Nonzero while the message handler runs.
  int in_handler;
  /// Set when an allocation was refused because of the cap.
  int memory_limit_hit;
  /// Set with memory_limit_hit, and kept until clua_reset_instruction_budget: the cap, like the
  /// instruction budget, ends the scripts even when one catches its error (every instruction
  /// raises a memory error from then on).
  int memory_limit_stop;
  /// Bytes past the cap that the Lua heap may take once it reaches the cap, until the scripts
  /// stop at their next instruction (see capped_alloc): stopping there, rather than inside the
  /// allocation, is what tells where the script was. An allocation that would take more is
  /// refused at once.
  size_t memory_grace;
  /// Set once the place where the cap stopped the scripts was recorded (by the hook, or by
  /// clua_charge for an engine charge); kept until clua_reset_instruction_budget. Memory errors
  /// never reach a message handler (Lua raises "not enough memory" as LUA_ERRMEM, even from
  /// lua_error), so an allocation larger than memory_grace, refused at once, leaves it unset
  /// unless the script catches the error and runs another instruction.
  int memory_limit_located;
  /// That place (line 0 when no script's Lua function was running). Its traceback is the one
  /// clua_pushtraceback gives.
  clua_location memory_limit_location;

  /// Instruction budget; 0 means none.
  int64_t instruction_limit;
  /// Instructions counted so far (in steps of CLUA_HOOK_STEP).
  int64_t instructions;
  /// Set once the budget ran out; from then on every instruction raises.
  int instruction_limit_hit;
  /// Where the budget ran out: "file:line: instruction limit exceeded".
  char instruction_limit_message[256];
  /// The same place as a location (line 0 when no Lua code was running).
  clua_location instruction_limit_location;
  /// Set by the hook to make the allocator refuse the next this many allocations (Lua tries an
  /// allocation twice, around an emergency collection), which raises an error that no message
  /// handler sees (see instruction_hook).
  int refuse_allocations;
  /// Nonzero when an interrupt (clua_catch_interrupts) stops the state's scripts as a spent
  /// budget does; the hook then runs even without an instruction limit.
  int interruptible;
  /// Set before clua_newstate: the state opens every standard library but `io` (a sandbox that
  /// takes `io` away would pay for opening it).
  int without_io;
  /// Set by clua_close while Lua frees every object: the small blocks are not given back one by
  /// one, since their chunks go right after.
  int closing;
  /// Set with instruction_limit_hit when it was an interrupt that stopped the scripts.
  int interrupted;

  /// The state's main thread.
  struct lua_State *main_thread;
  /// The Swift owner of the state (unretained), for the dispatcher.
  void *owner;
  /// Runs a Swift function called from Lua; see "Calls and errors" below.
  int (*dispatch)(struct lua_State *L, void *function, int *arg);
  /// Retain and release a Swift object held by a box (a userdata made by this shim).
  void (*retain)(void *object);
  void (*release)(void *object);
  /// Receives Lua warnings (`warn`, errors in __gc), one piece at a time; `last` ends a message.
  void (*warn)(void *owner, const char *piece, int last);

  // Bookkeeping of the shim; zero-initialise and leave alone.
  int warnings_off;
  int warning_continued;
  /// A clua_pcall failed and its error value and traceback are in the registry.
  int error_pending;
  /// Counts failed clua_pcalls, so Swift can tell whether the registry still holds its error.
  uint64_t error_generation;
  /// The message handler ran during the current clua_pcall.
  int traceback_fresh;
  /// Where the error of the last failed clua_pcall was raised: the innermost Lua function with a
  /// line when the message handler ran (kept from the first raise when a Swift function re-raises
  /// the error of a nested call); line 0 otherwise (memory errors).
  clua_location error_location;
  /// Set by the dispatcher when the error it returns stands for a Swift error that Swift wants
  /// back: clua_trampoline then keeps the value it raises (see clua_israised) and clears it.
  int carry_error;
  /// The registry reference of the table of the objects' userdata (weak values, keyed by the
  /// object's address): an integer key, which Lua finds in the registry's array part.
  int object_cache;
  /// The registry reference of the same userdata by slot (weak values; see clua_pushobjectslot),
  /// and the number of slots handed out.
  int object_slots;
  int slot_count;
  /// The state's small blocks ("Small blocks" in clua_alloc.c): the chunks they are cut from, the
  /// rest of the newest chunk, and a list of free blocks per size class.
  void *pool_chunks;
  char *pool_next;
  char *pool_end;
  void *pool_free[CLUA_POOL_CLASSES];
  /// The globals set by clua_setlazyglobals that no script has read or replaced yet
  /// (clua_globals.c); NULL when there are none.
  void *lazy_globals;
  /// The base library's rawget, rawset, next, pairs, getmetatable and setmetatable, which the
  /// state's globals of those names call after making the lazy globals (clua_globals.c).
  int (*table_readers[6])(struct lua_State *L);
} clua_host;

// MARK: Memory (clua_alloc.c)

/// Adds `delta` bytes (negative to give them back) to what the engine holds for the scripts
/// (host->engine_used). Returns 0 when the Lua heap plus those bytes are within the cap; otherwise
/// 1, having stopped the scripts as a refused allocation does (memory_limit_hit and
/// memory_limit_stop set: the next instruction raises the memory error), and recorded where the
/// script is on `L`, the running thread (see memory_limit_location). Never raises.
int clua_charge(struct lua_State *L, int64_t delta);

/// For tests: how many chunks the state's small blocks take now, and whether small blocks are
/// pooled at all (not under AddressSanitizer).
int clua_pool_chunks(const clua_host *host);
int clua_pool_enabled(void);

// MARK: Limits (clua_limits.c)

/// How many VM instructions run between two calls of the instruction hook.
#define CLUA_HOOK_STEP 1000

/// Re-arms the instruction hook after a budget change; clears the exhausted, interrupted and
/// memory-stop flags.
void clua_reset_instruction_budget(struct lua_State *L);

/// Stops the state's scripts now, as the hook does for an interrupt, from Swift code that Lua
/// called and that runs without Lua instructions (a run loop). Records where and the traceback;
/// every later instruction raises until clua_reset_instruction_budget. Never raises.
void clua_stop_for_interrupt(struct lua_State *L);

/// A Lua function (light: pushing it never allocates): whether the instruction budget, the
/// memory cap or an interrupt has stopped the state's scripts. The sandbox's finalizers ask it
/// without a Swift call, whose return would record where the cap stopped the scripts at the
/// host's own frame (clua_trampoline).
int clua_limit_reached(struct lua_State *L);

/// After the coroutine `co` ended with an error: when the memory cap has stopped the scripts and
/// where is not known yet (an allocation refused at once), records that place as where `co`
/// stopped, with `co`'s traceback alone. For a host that runs scripts' code in a coroutine of
/// its own (the sandbox's finalizers), from a Swift function Lua called. Never raises.
void clua_locate_memory_stop_in(struct lua_State *L, struct lua_State *co);

// MARK: The state (clua_state.c)

/// Creates a state with the capped allocator, the host block in its extra space, a panic handler,
/// a warning function, the box metatable and (when the host has an instruction limit) the
/// instruction hook. The host's callbacks must be set. NULL when out of memory. The collector
/// is stopped (LUA_GCSTOP): the host restarts it.
struct lua_State *clua_newstate(clua_host *host);

/// Closes a state made by clua_newstate (lua_close) and gives its small blocks back to malloc.
void clua_close(struct lua_State *L);

/// The host block of a state or of one of its coroutines.
clua_host *clua_host_of(struct lua_State *L);

// MARK: Calls and errors (clua_call.c)

/// Codes the Swift dispatcher returns instead of a result count.
enum {
  /// The error value is on top of the stack: raise it as it is.
  CLUA_RAISE = -1,
  /// A message string is on top: raise it prefixed with the calling Lua code's position.
  CLUA_RAISE_WHERE = -2,
  /// A message string is on top and `arg` names an argument: raise Lua's "bad argument" error.
  CLUA_RAISE_ARGUMENT = -3,
  /// Raise Lua's memory error.
  CLUA_RAISE_MEMORY = -4,
};

// host->dispatch is the Swift side of every Lua→Swift call: `function` is the Swift object in the
// closure's box. It returns the number of results pushed, or one of the CLUA_RAISE codes, and must
// not raise. `*arg` receives the argument index for CLUA_RAISE_ARGUMENT.

/// The C function every Swift function exposed to Lua is a closure of. Upvalue 1 is the
/// function's box (a userdata made by clua_pushfunction).
int clua_trampoline(struct lua_State *L);
/// clua_trampoline for a function the host keeps alive as long as the state (the fields of a
/// binding library, an object type's methods: CLUA_FIELD_KEPT_FUNCTION). Upvalue 1 is the
/// function itself, a light userdata: no box, no finalizer to run when the state closes.
int clua_trampoline_kept(struct lua_State *L);

/// Protected call with the shim's message handler (captured here, so a script that replaces
/// `debug` cannot break error reporting). Stack effect as lua_pcall. On error the error value is
/// left on top unchanged, and its traceback is kept in the registry (clua_pushtraceback). When a
/// Swift function re-raises the error of a failed nested call (the same value, not an equal
/// text), the traceback and location of the original raise are kept, since the traceback already
/// holds the outer frames.
int clua_pcall(struct lua_State *L, int nargs, int nresults);
/// [-0, +1] Pushes the message handler of clua_pcall, for clua_pcallhandled. Never raises (the
/// caller checked the stack).
void clua_pushmessagehandler(struct lua_State *L);
/// clua_pcall for a call whose function has the message handler (clua_pushmessagehandler) right
/// below it: the handler stays there, under the results or the error value, for the caller to
/// pop. Saves moving the handler under the arguments and back on every call.
int clua_pcallhandled(struct lua_State *L, int nargs, int nresults);
/// [-0, +1] Pushes the traceback of the last failed clua_pcall ("stack traceback:\n\t..."), or
/// false when there is none (memory errors have none). Never raises.
void clua_pushtraceback(struct lua_State *L);
/// [-0, +1] Pushes the error value of the last failed clua_pcall. Never raises.
void clua_pushlasterror(struct lua_State *L);
/// [-0, +0] Whether the value at idx is the one clua_trampoline last raised with carry_error set:
/// the same object (a string is compared by address, which for a long string is its identity;
/// Lua interns short strings, so equal short texts are one object), not merely an equal text.
/// Never raises.
int clua_israised(struct lua_State *L, int idx);

// MARK: Protected helpers (clua_protected.c)

// Each returns LUA_OK or an error status. On error the stack is as before the call plus the error
// value on top; the stack effects below are for success.

/// [-0, +1] Pushes a copy of the bytes.
int clua_pushlstring(struct lua_State *L, const char *s, size_t len);
/// [-0, +1] Pushes a new table.
int clua_createtable(struct lua_State *L, int narr, int nrec);
/// [-2, +0] t[k] = v without metamethods; t at idx, k and v on top.
int clua_rawset(struct lua_State *L, int idx);
/// [-1, +0] t[n] = v without metamethods; v on top.
int clua_rawseti(struct lua_State *L, int idx, int64_t n);
/// [-1, +0] Pops a value and stores it in the registry; *ref receives the reference.
int clua_ref(struct lua_State *L, int *ref);
/// [-1, +1] Replaces the key on top by t[k], honouring metamethods.
int clua_gettable(struct lua_State *L, int idx);
/// [-2, +0] t[k] = v honouring metamethods.
int clua_settable(struct lua_State *L, int idx);
/// [-0, +1] Pushes the value at idx converted as `tostring` does (honours __tostring/__name).
int clua_tostring(struct lua_State *L, int idx);

/// A value of a table made by clua_newtableref.
enum {
  CLUA_FIELD_NIL,
  CLUA_FIELD_BOOLEAN,  // integer: 0 or 1
  CLUA_FIELD_INTEGER,  // integer
  CLUA_FIELD_NUMBER,  // number
  CLUA_FIELD_STRING,  // string_offset, string_length into the bytes
  CLUA_FIELD_REFERENCE,  // integer: a registry reference
  CLUA_FIELD_LIGHT_USERDATA,  // pointer
  CLUA_FIELD_OBJECT,  // pointer, tag, integer: the metatable's registry reference (see clua_pushobject)
  CLUA_FIELD_KEPT_FUNCTION,  // pointer: a Swift function the host keeps while the state lives
};

/// A field (or array item) of a table made by clua_newtableref.
typedef struct clua_field {
  size_t key_offset, key_length;
  int kind;
  int64_t integer;
  double number;
  size_t string_offset, string_length;
  void *pointer;
  const void *tag;
} clua_field;

/// [-0, +0] A new table whose first `narray` fields are its array items 1...narray (their keys
/// unused) and the rest its fields, keys and strings read from `bytes`; kept in the registry: its
/// reference in *ref. One protected call. On an error, the error value is pushed.
int clua_newtableref(struct lua_State *L, const char *bytes, const clua_field *fields, int narray,
                     int count, int *ref);

/// [-0, +0] Sets `count` fields, described as clua_newtableref's are (all with keys), into the
/// table at idx without metamethods, in one protected call. On an error, the fields before the
/// failing one are set and the error value is pushed.
int clua_setfields(struct lua_State *L, int idx, const char *bytes, const clua_field *fields,
                   int count);

// MARK: Boxes (clua_box.c)

// Those that return a status are protected helpers too (see above).

/// [-0, +1] Pushes a Lua function that calls the Swift object `function` (retained by the box).
int clua_pushfunction(struct lua_State *L, void *function);
/// [-0, +0] clua_pushfunction, the function then kept in the registry (luaL_ref): its reference
/// in *ref. One protected call.
int clua_newfunctionref(struct lua_State *L, void *function, int *ref);
/// [-0, +1] Pushes the one userdata that stands for `object` in this state, creating it (with the
/// metatable at registry[mtref] and the type tag `tag`) the first time. The box retains the object.
int clua_pushobject(struct lua_State *L, void *object, const void *tag, int mtref);
/// [-0, +1] clua_pushobject for an object that keeps a slot number: the userdata is found by
/// `*slot` in an array (an index, where clua_pushobject hashes the object's address), and on a
/// miss is pushed as clua_pushobject does and recorded under a slot, written to `*slot` (0 for
/// none yet). A slot that holds another object's userdata (the object's slot from another state)
/// is left to it. On an error, only the error value is pushed and `*slot` is unchanged.
int clua_pushobjectslot(struct lua_State *L, void *object, const void *tag, int mtref, int *slot);
/// [-0, +(0|1)] The fast path of clua_pushobjectslot: when slot `slot` holds the userdata of
/// `object` with `tag`, pushes it and returns 1; otherwise pushes nothing and returns 0 (then
/// use clua_pushobjectslot). Never raises nor allocates.
int clua_pushslotted(struct lua_State *L, void *object, const void *tag, int slot);
/// The Swift object of the box at idx and its type tag, or NULL when the value is not one of our
/// boxes (or was already finalised). Never raises.
void *clua_toobject(struct lua_State *L, int idx, const void **tag);
/// [-0, +1] Pushes a new metatable for object boxes: __gc, __metatable and __name set.
int clua_newobjectmetatable(struct lua_State *L, const char *name);

// MARK: Globals (clua_globals.c)

/// [-0, +0] Sets `count` globals, described as clua_newtableref's fields are (all with keys), in
/// one protected call. On an error, the globals before the failing one are set and the error
/// value is pushed.
int clua_setglobals(struct lua_State *L, const char *bytes, const clua_field *fields, int count);

/// [-0, +0] Sets `count` globals as clua_setglobals does, lazily: objects (CLUA_FIELD_OBJECT),
/// each global's userdata made the first time anything reads it; and libraries
/// (CLUA_FIELD_KEPT_FUNCTION: a function of no arguments that returns the library's table),
/// each made the first time anything reads it, as a global or in package.loaded, and then both.
/// The globals table's __index makes them, __newindex lets a script's assignment replace one
/// (a library is made first: it stays its loaded module); package.loaded gets the same for the
/// libraries. Whatever looks at either table itself makes them all first, so that nothing can
/// tell: the base library's rawget, rawset, next, pairs, getmetatable and setmetatable (as the
/// state opens them), clua_setglobals, clua_settleglobals, clua_global. Names set again wait
/// again, for their new value. The objects must stay alive, and the functions kept, until the
/// state closes. When a table already has a metatable of someone else's, its globals are made at
/// once. One protected call; on an error the error value is pushed.
int clua_setlazyglobals(struct lua_State *L, const char *bytes, const clua_field *fields,
                        int count);
/// [-0, +0] Makes the lazy globals not read yet (clua_setlazyglobals) when the value at idx is
/// the globals table or package.loaded. One protected call; on an error the error value is pushed.
int clua_settleglobals(struct lua_State *L, int idx);
/// [-0, +1] Pushes the global `name` without metamethods, made first if it is a lazy one not
/// made yet. One protected call; on an error only the error value is pushed.
int clua_global(struct lua_State *L, const char *name, size_t length);
/// The number of lazy globals not made yet (for tests). Never raises.
int clua_lazyglobals_pending(struct lua_State *L);

// MARK: Lua's texts (clua_format.c)

/// Writes into `out` (CLUA_IDSIZE bytes) the name messages give a chunk loaded as `source`, as
/// Lua's luaO_chunkid does: `@path` → `path` or `...` and its end, `=name` → `name`, other text →
/// `[string "..."]`.
void clua_chunkid(char *out, const char *source, size_t length);
/// Formats a float the way Lua's tostring does ("%.14g", and ".0" when it looks like an integer).
int clua_formatnumber(double n, char *buffer, size_t size);

#endif
