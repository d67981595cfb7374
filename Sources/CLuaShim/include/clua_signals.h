#ifndef CLUA_SIGNALS_H
#define CLUA_SIGNALS_H

// Signals, kept apart from the Lua boundary (clua_shim.h): an interrupt that stops interruptible
// states' scripts, a watchdog that ends the process, and crash signals. Nothing here touches a
// Lua state.

// MARK: Interrupts (SIGINT)

/// Installs (on = 1) or removes (0) a SIGINT handler that records an interrupt, as lua.c's
/// Ctrl-C does. It does not restart interrupted system calls, so a read waiting for input
/// returns with EINTR. The states with `interruptible` set stop their scripts at the next hook.
void clua_catch_interrupts(int on);
/// Records an interrupt as the SIGINT handler does (a host's own stop button). Async-signal-safe.
void clua_request_interrupt(void);
/// Whether an interrupt came since the last clua_clear_interrupt. Async-signal-safe.
int clua_interrupt_requested(void);
/// A descriptor that is readable while an interrupt is pending (-1 before clua_catch_interrupts),
/// for a host that waits for input with poll.
int clua_interrupt_descriptor(void);
void clua_clear_interrupt(void);

// MARK: Watchdog (SIGALRM)

/// Ends the process with `message` on standard error and exit status `status` if it is still
/// running after `seconds` of wall-clock time (0 cancels). The last guard against work that no
/// hook can interrupt: finalizers, C library calls that never return. Async-signal-safe.
void clua_set_watchdog(unsigned seconds, const char *message, int status);

// MARK: Crash signals

/// Makes a crash signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) that another process
/// sends end this one, as it would without a crash handler: Swift's lets the process carry on
/// after its report. A crash of the process's own (a fault, abort) still goes to the handler
/// that was installed (Swift's, or a sanitizer's), and then ends the process. Call once, early.
void clua_die_of_sent_crash_signals(void);

#endif
