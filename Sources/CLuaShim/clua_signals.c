/*
** clua_signals.c
** The signals of a process that runs Lua: SIGINT, which records an interrupt (as lua.c's Ctrl-C
** does) that the instruction hook of an interruptible state turns into an error; SIGALRM, the
** wall-clock watchdog that ends the process; and crash signals another process sends.
** Uses: sigaction, sigprocmask, alarm, pipe2, read, write, getpid, raise and _exit (and, with
** glibc, the pointers of stdout's buffer, to write what waits there). Knows nothing of Lua; the
** handlers are async-signal-safe.
*/

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // pipe2
#endif

#include "clua_signals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// Set by the SIGINT handler of clua_catch_interrupts; read by the hook of interruptible states.
static volatile sig_atomic_t interrupt_requested;

// MARK: Interrupts

// The interrupt also writes a byte to this pipe, so a host waiting for input with poll sees it
// even when it came just before the wait began (the flag alone would be missed there).
static int interrupt_pipe[2] = {-1, -1};

static void interrupt_received(int signal) {
  (void)signal;
  interrupt_requested = 1;
  if (interrupt_pipe[1] >= 0) {
    int saved = errno;
    ssize_t ignored = write(interrupt_pipe[1], "!", 1);  // full pipe: already pending
    (void)ignored;
    errno = saved;
  }
}

void clua_catch_interrupts(int on) {
  if (on && interrupt_pipe[0] < 0 && pipe2(interrupt_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
    interrupt_pipe[0] = interrupt_pipe[1] = -1;
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on ? interrupt_received : SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
  if (!on) return;
  // A parent may have spawned us with SIGINT blocked.
  sigset_t interrupt_only;
  sigemptyset(&interrupt_only);
  sigaddset(&interrupt_only, SIGINT);
  sigprocmask(SIG_UNBLOCK, &interrupt_only, NULL);
}

void clua_request_interrupt(void) { interrupt_received(SIGINT); }

int clua_interrupt_requested(void) { return interrupt_requested != 0; }

int clua_interrupt_descriptor(void) { return interrupt_pipe[0]; }

void clua_clear_interrupt(void) {
  interrupt_requested = 0;
  char drained[64];
  if (interrupt_pipe[0] >= 0) {
    while (read(interrupt_pipe[0], drained, sizeof drained) > 0) {
    }
  }
}

// MARK: Watchdog

static char watchdog_message[512];
static size_t watchdog_length;
static int watchdog_status;

static void watchdog_fired(int signal) {
  (void)signal;
  ssize_t ignored;
#ifdef __GLIBC__
  // What the script printed may still wait in stdout's buffer (a file or a pipe is not line
  // buffered): it goes out first, with write, since fflush is not async-signal-safe. The bytes
  // between the buffer's base and its write pointer are the ones not yet written.
  FILE *out = stdout;
  if (out->_IO_write_base != NULL && out->_IO_write_ptr > out->_IO_write_base) {
    const char *next = out->_IO_write_base;
    while (next < out->_IO_write_ptr) {
      ssize_t written = write(STDOUT_FILENO, next, (size_t)(out->_IO_write_ptr - next));
      if (written < 0 && errno == EINTR) continue;
      if (written <= 0) break;
      next += written;
    }
  }
#endif
  ignored = write(STDERR_FILENO, watchdog_message, watchdog_length);
  (void)ignored;
  _exit(watchdog_status);
}

void clua_set_watchdog(unsigned seconds, const char *message, int status) {
  alarm(0);
  if (seconds == 0) return;
  watchdog_length = strlen(message);
  if (watchdog_length > sizeof watchdog_message) watchdog_length = sizeof watchdog_message;
  memcpy(watchdog_message, message, watchdog_length);
  watchdog_status = status;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = watchdog_fired;
  sigemptyset(&action.sa_mask);
  sigaction(SIGALRM, &action, NULL);
  // A parent may have spawned us with SIGALRM blocked (threads of test runners often do).
  sigset_t alarm_only;
  sigemptyset(&alarm_only);
  sigaddset(&alarm_only, SIGALRM);
  sigprocmask(SIG_UNBLOCK, &alarm_only, NULL);
  alarm(seconds);
}

// MARK: Crash signals

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
// The handlers installed before ours (Swift's crash handler, a sanitizer's), one per signal.
static struct sigaction previous_crash_actions[CRASH_SIGNAL_COUNT];

static void die_of(int signal) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, NULL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal);
  sigprocmask(SIG_UNBLOCK, &only, NULL);
  raise(signal);
}

static void crash_signal_received(int signal, siginfo_t *info, void *context) {
  size_t index = 0;
  while (index < CRASH_SIGNAL_COUNT && crash_signals[index] != signal) index++;
  if (index == CRASH_SIGNAL_COUNT) return;
  const struct sigaction *previous = &previous_crash_actions[index];
  // si_code <= 0: sent with kill, sigqueue or tgkill, rather than raised by a fault; from
  // another process when si_pid is not ours (abort raises SIGABRT with our own).
  int sent = info != NULL && info->si_code <= 0 && info->si_pid != getpid();
  int handled = (previous->sa_flags & SA_SIGINFO) ? previous->sa_sigaction != NULL
                                                  : (previous->sa_handler != SIG_DFL &&
                                                     previous->sa_handler != SIG_IGN);
  if (sent || !handled) {
    die_of(signal);
    return;
  }
  // The handler before ours is the signal's again, so a fault that happens again after it
  // returns goes to it (or to the default it restores), never round through this one.
  sigaction(signal, previous, NULL);
  if (previous->sa_flags & SA_SIGINFO) {
    previous->sa_sigaction(signal, info, context);
  } else {
    previous->sa_handler(signal);
  }
  // A handler that returns for a fault lets it happen again; one that returns for a raised
  // signal would let the process go on: end it as the signal's default does.
  if (info == NULL || info->si_code <= 0) die_of(signal);
}

void clua_die_of_sent_crash_signals(void) {
  for (size_t index = 0; index < CRASH_SIGNAL_COUNT; index++) {
    struct sigaction *previous = &previous_crash_actions[index];
    if (sigaction(crash_signals[index], NULL, previous) != 0) continue;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_signal_received;
    // On the handler's alternate stack too, as the one before (a stack overflow's fault).
    action.sa_flags = SA_SIGINFO | (previous->sa_flags & SA_ONSTACK);
    action.sa_mask = previous->sa_mask;
    sigaction(crash_signals[index], &action, NULL);
  }
}
