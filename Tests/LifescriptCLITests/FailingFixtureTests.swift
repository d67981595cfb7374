import Foundation
import Testing

/// One failing scenario and exactly what `lifescript run` must say about it.
struct Fixture: CustomTestStringConvertible, Sendable {
  var arguments: [String]
  var status: Int32 = 2
  var error: String
  var output = ""

  var testDescription: String { arguments.joined(separator: " ") }
}

/// The project root of the fixtures: the repository, which has Package.swift.
private let repository = CommandLine.repository.resolvingSymlinksInPath().path

/// Small limits keep the bombs and loops quick.
private let small = ["--max-instructions", "1000000", "--max-memory", "8MiB"]

/// What the engine holds for a script (fields, classes, the trace) counts against the memory
/// cap; no instruction budget, so only the cap can end these runs (EngineMemoryLimitTests).
let engineMemory = ["--max-memory", "16MiB", "--max-instructions", "none"]

private func run(_ file: String, _ options: [String] = []) -> [String] {
  ["run"] + options + [file]
}

@Suite struct FailingFixtureTests {
  static let fixtures: [Fixture] = [
    Fixture(
      arguments: run("syntax-error.lua"),
      error: "syntax-error.lua:3: <name> expected near '='\n"),
    Fixture(
      arguments: run("runtime-error.lua"),
      error: """
        runtime-error.lua:3: division by zero
        stack traceback:
        \t[C]: in function 'error'
        \truntime-error.lua:3: in function <runtime-error.lua:2>
        \t(...tail calls...)
        \truntime-error.lua:11: in main chunk

        """),
    Fixture(
      arguments: run("nested-error.lua"),
      error: """
        nested-error.lua:3: cannot describe this value
        stack traceback:
        \t[C]: in function 'print'
        \tnested-error.lua:6: in main chunk

        """,
      output: "before\n"),
    Fixture(
      arguments: run("require-error.lua"),
      error: """
        modules/failing.lua:3: module failed
        stack traceback:
        \t[C]: in function 'error'
        \tmodules/failing.lua:3: in field 'boom'
        \tmodules/failing.lua:5: in main chunk
        \t[C]: in function 'require'
        \trequire-error.lua:2: in main chunk

        """),
    // A byte-order mark, then a "#" line, skipped in the scenario and in what it loads, as
    // lua5.4 skips them: the lines keep their numbers.
    Fixture(
      arguments: run("byte-order-mark.lua"),
      error: """
        modules/marked.lua:4: the module failed at line 4
        stack traceback:
        \t[C]: in function 'error'
        \tmodules/marked.lua:4: in function 'modules.marked.fail'
        \tbyte-order-mark.lua:6: in main chunk

        """,
      output: "module\tchunk\tchunk\n"),
    Fixture(
      arguments: run("require-syntax-error.lua"),
      error: """
        error loading module 'modules.broken' from file 'modules/broken.lua':
        \tmodules/broken.lua:2: unexpected symbol near <eof>
        stack traceback:
        \t[C]: in ?
        \t[C]: in function 'require'
        \trequire-syntax-error.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("require-outside.lua"),
      error: """
        require-outside.lua:2: module '..secrets' not found:
        \tno field package.preload['..secrets']
        \t'..secrets' is not a module name (letters, digits, '_' and '-' between dots)
        stack traceback:
        \t[C]: in function 'require'
        \trequire-outside.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("endless-loop.lua", small),
      error: """
        endless-loop.lua:4: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tendless-loop.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("endless-pcall-loop.lua", small),
      error: """
        endless-pcall-loop.lua:4: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tendless-pcall-loop.lua:4: in function <endless-pcall-loop.lua:3>
        \t[C]: in function 'pcall'
        \tendless-pcall-loop.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("endless-coroutine.lua", small),
      error: """
        endless-coroutine.lua:3: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tendless-coroutine.lua:3: in function <endless-coroutine.lua:2>

        """),
    Fixture(
      arguments: run("endless-handler.lua", small),
      error: """
        endless-handler.lua:3: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tendless-handler.lua:3: in function <endless-handler.lua:2>
        \t[C]: in function 'error'
        \t[C]: in function 'xpcall'
        \tendless-handler.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("endless-finalizer.lua", small),
      error: """
        endless-finalizer.lua:4: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tendless-finalizer.lua:4: in function <endless-finalizer.lua:3>

        """),
    Fixture(
      arguments: run("endless-late-finalizer.lua", small),
      error: """
        endless-late-finalizer.lua:6: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tendless-late-finalizer.lua:6: in function <endless-late-finalizer.lua:5>

        """),
    // A limit that stops a finalizer fails the run as any limit does (the limit and the option
    // that raises it, where the finalizer was), also when the finalizer runs as the state
    // closes, after the script's last line.
    Fixture(
      arguments: run("finalizer-loop-at-close.lua", small),
      error: """
        finalizer-loop-at-close.lua:4: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tfinalizer-loop-at-close.lua:4: in function <finalizer-loop-at-close.lua:3>

        """,
      output: "the script ended\n"),
    Fixture(
      arguments: run("finalizer-memory-at-close.lua", small),
      error: """
        finalizer-memory-at-close.lua:5: memory limit exceeded (8 MiB); raise it with --max-memory
        stack traceback:
        \tfinalizer-memory-at-close.lua:5: in function <finalizer-memory-at-close.lua:3>

        """,
      output: "the script ended\n"),
    Fixture(
      arguments: run("finalizer-memory.lua", small),
      error: """
        finalizer-memory.lua:6: memory limit exceeded (8 MiB); raise it with --max-memory
        stack traceback:
        \tfinalizer-memory.lua:6: in function <finalizer-memory.lua:4>

        """),
    Fixture(
      arguments: run("watchdog.lua", ["--timeout", "1"]),
      error:
        "watchdog.lua: time limit exceeded (1 s of wall-clock time); raise it with --timeout\n"),
    Fixture(
      arguments: run("timeout-after-print.lua", ["--max-instructions", "none", "--timeout", "1"]),
      error:
        "timeout-after-print.lua: time limit exceeded (1 s of wall-clock time); raise it with --timeout\n",
      output: "printed before the time limit\n"),
    Fixture(
      arguments: run("memory-bomb-tables.lua", small),
      error: """
        memory-bomb-tables.lua:3: memory limit exceeded (8 MiB); raise it with --max-memory
        stack traceback:
        \tmemory-bomb-tables.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("memory-bomb-strings.lua", small),
      error: """
        memory-bomb-strings.lua:4: memory limit exceeded (8 MiB); raise it with --max-memory
        stack traceback:
        \tmemory-bomb-strings.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("memory-bomb-coroutine.lua", small),
      error: """
        memory-bomb-coroutine.lua:5: memory limit exceeded (8 MiB); raise it with --max-memory
        stack traceback:
        \tmemory-bomb-coroutine.lua:5: in function <memory-bomb-coroutine.lua:2>

        """),
    // Larger than the cap's grace: refused at once, with no instruction run after it to say
    // where (Documentation/Reference/sandbox.md#memory).
    Fixture(
      arguments: run("memory-bomb-one-allocation.lua", small),
      error:
        "memory-bomb-one-allocation.lua: memory limit exceeded (8 MiB); raise it with --max-memory\n"
    ),
    Fixture(
      arguments: run("engine-memory-fields.lua", engineMemory),
      error: """
        engine-memory-fields.lua:5: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tengine-memory-fields.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-property.lua", engineMemory),
      error: """
        engine-memory-property.lua:16: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tengine-memory-property.lua:16: in main chunk

        """,
      output: "replacing a property stays under the cap\n"),
    Fixture(
      arguments: run("engine-memory-class-names.lua", engineMemory),
      error: """
        engine-memory-class-names.lua:3: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tengine-memory-class-names.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-caught.lua", engineMemory),
      error: """
        engine-memory-caught.lua:5: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tengine-memory-caught.lua:5: in function <engine-memory-caught.lua:3>
        \t[C]: in function 'pcall'
        \tengine-memory-caught.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-trace.lua", engineMemory),
      error: """
        engine-memory-trace.lua:3: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \t[C]: in function 'wait'
        \tengine-memory-trace.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-observers.lua", engineMemory),
      error: """
        engine-memory-observers.lua:4: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tengine-memory-observers.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-posts.lua", engineMemory),
      error: """
        engine-memory-posts.lua:3: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tengine-memory-posts.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-timers.lua", engineMemory),
      error: """
        engine-memory-timers.lua:4: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \t[C]: in function 'Timer.scheduledTimer'
        \tengine-memory-timers.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-queued-work.lua", engineMemory),
      error: """
        engine-memory-queued-work.lua:4: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \t[C]: in method 'asyncAfter'
        \tengine-memory-queued-work.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-after-collect.lua", engineMemory),
      error: """
        engine-memory-after-collect.lua:5: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \t[C]: in function 'wait'
        \tengine-memory-after-collect.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-async-work.lua", engineMemory),
      error: """
        engine-memory-async-work.lua:5: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \t[C]: in method 'async'
        \tengine-memory-async-work.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-value-objects.lua", engineMemory),
      error: """
        engine-memory-value-objects.lua:5: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tengine-memory-value-objects.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("engine-memory-nil-fields.lua", engineMemory),
      error: """
        engine-memory-nil-fields.lua:5: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tengine-memory-nil-fields.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("storage-engine-memory-files.lua", engineMemory),
      error: """
        storage-engine-memory-files.lua:4: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tstorage-engine-memory-files.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("storage-engine-memory-defaults.lua", engineMemory),
      error: """
        storage-engine-memory-defaults.lua:6: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tstorage-engine-memory-defaults.lua:6: in function <storage-engine-memory-defaults.lua:4>
        \t[C]: in function 'main'
        \t[C]: in function 'pcall'
        \tstorage-engine-memory-defaults.lua:10: in main chunk

        """),
    Fixture(
      arguments: run("storage-engine-memory-keychain.lua", engineMemory),
      error: """
        storage-engine-memory-keychain.lua:3: memory limit exceeded (16 MiB); raise it with --max-memory
        stack traceback:
        \tstorage-engine-memory-keychain.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("storage-bad-path.lua"),
      error: """
        storage-bad-path.lua:4: storage.write: the path "../../etc/passwd" leaves the app's container ("..")
        stack traceback:
        \t[C]: in function 'storage.write'
        \tstorage-bad-path.lua:4: in main chunk

        """,
      output: "fine\n"),
    Fixture(
      arguments: run("storage-not-property-list.lua"),
      status: 1,
      error: """
        storage-not-property-list.lua: uncaught exception at 0s: NSInvalidArgumentException: Attempt to insert non-property list object (a Lua function) for key handlers
        (if the scenario expects it, claim it with expect.exception)

        """,
      output: "nil\tsaved\n"),
    Fixture(
      arguments: run("memory-bomb-caught.lua", small),
      error: """
        memory-bomb-caught.lua:5: memory limit exceeded (8 MiB); raise it with --max-memory
        stack traceback:
        \tmemory-bomb-caught.lua:5: in function <memory-bomb-caught.lua:3>
        \t[C]: in function 'pcall'
        \tmemory-bomb-caught.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("caught-expectation-then-limits.lua", small),
      error: """
        caught-expectation-then-limits.lua:8: memory limit exceeded (8 MiB); raise it with --max-memory
        stack traceback:
        \tcaught-expectation-then-limits.lua:8: in function <caught-expectation-then-limits.lua:6>
        \t[C]: in function 'pcall'
        \tcaught-expectation-then-limits.lua:6: in main chunk

        """,
      output: "caught:\ttrue\n"),
    Fixture(
      arguments: run("finalizers-after-limit.lua", small),
      error: """
        finalizers-after-limit.lua:7: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tfinalizers-after-limit.lua:7: in main chunk

        """),
    Fixture(
      arguments: run("finalizers-after-memory-limit.lua", small),
      error: """
        finalizers-after-memory-limit.lua:8: memory limit exceeded (8 MiB); raise it with --max-memory
        stack traceback:
        \tfinalizers-after-memory-limit.lua:8: in main chunk

        """),
    Fixture(
      arguments: run("stack-overflow-init.lua"),
      error: """
        stack-overflow-init.lua:5: stack overflow
        (in Node.init at 0s of virtual time)
        stack traceback:
        \t[C]: in upvalue 'lookup'
        \tlifescript:5: in metamethod 'index'
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \t...\t(skipping 81 levels)
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \tstack-overflow-init.lua:5: in function <stack-overflow-init.lua:4>
        \t[C]: in field 'new'
        \tstack-overflow-init.lua:8: in main chunk

        """),
    Fixture(
      arguments: run("stack-overflow-tostring.lua"),
      error: """
        stack-overflow-tostring.lua:3: stack overflow
        stack traceback:
        \t[C]: in function 'print'
        \tstack-overflow-tostring.lua:6: in main chunk

        """),
    Fixture(
      arguments: run("stack-overflow-observer.lua"),
      error: """
        stack-overflow-observer.lua:4: stack overflow
        stack traceback:
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t...\t(skipping 80 levels)
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:4: in function <stack-overflow-observer.lua:3>
        \t[C]: in method 'post'
        \tstack-overflow-observer.lua:6: in main chunk

        """),
    Fixture(
      arguments: run("sandbox-wrapper-error.lua"),
      error: """
        sandbox-wrapper-error.lua:4: bad argument #1 to 'date' (invalid conversion specifier '%Ez')
        stack traceback:
        \t[C]: in function 'error'
        \tlifescript:20: in function <lifescript:12>
        \t(...tail calls...)
        \tsandbox-wrapper-error.lua:4: in main chunk

        """,
      output: "1970\n"),
    Fixture(
      arguments: run("wait-nan.lua"),
      error: """
        wait-nan.lua:4: bad argument #1 to 'wait' (seconds must be a time, not NaN (0/0))
        stack traceback:
        \t[C]: in function 'wait'
        \twait-nan.lua:4: in main chunk

        """,
      output: "bad argument #1 to 'busy' (seconds must be a time, not NaN (0/0))\n"),
    Fixture(
      arguments: run("url-with-nul.lua"),
      error: #"""
        url-with-nul.lua:2: device.open_url: "demo://item\0/7" is not a URL: it contains a control character; percent-encode it
        stack traceback:
        \#t[C]: in function 'device.open_url'
        \#turl-with-nul.lua:2: in main chunk

        """#),
    Fixture(
      arguments: run("caught-expectation-then-error.lua", small),
      error: """
        caught-expectation-then-error.lua:5: later failure: \(String(repeating: "x", count: 300))
        stack traceback:
        \t[C]: in function 'error'
        \tcaught-expectation-then-error.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("caught-expectation-then-loop.lua", small),
      error: """
        caught-expectation-then-loop.lua:5: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \tcaught-expectation-then-loop.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("os-exit.lua"),
      error: """
        os-exit.lua:2: attempt to call a nil value (field 'exit')
        stack traceback:
        \tos-exit.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("io-open.lua"),
      error: """
        io-open.lua:2: attempt to index a nil value (global 'io')
        stack traceback:
        \tio-open.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("package-searchpath.lua"),
      error: """
        package-searchpath.lua:3: attempt to call a nil value (field 'searchpath')
        stack traceback:
        \tpackage-searchpath.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("sabotage.lua"),
      error: """
        sabotage.lua:8: attempt to index a nil value (local 'settings')
        stack traceback:
        \tsabotage.lua:8: in main chunk

        """),
    Fixture(
      arguments: run("compiled.luac"),
      error: "compiled.luac: precompiled (binary) Lua chunks are not accepted; run the Lua source\n"
    ),
    Fixture(
      arguments: run("a-directory.lua"),
      error: "cannot read a-directory.lua: it is a directory, not a Lua file\n"),
    Fixture(
      arguments: run("expectation-failure.lua"),
      status: 1,
      error: """
        warning[deprecated-app-delegate-method]: AppDelegate implements applicationDidBecomeActive:, deprecated in iOS 26 (see Documentation/UIKit/ios-releases.md#deprecations-in-ios-26); adopt scenes and use sceneDidBecomeActive:
        expectation-failure.lua:6: expect.events: applicationWillEnterForeground: did not come (− expected, + actual)
          new UIApplication
          new AppDelegate
        − applicationWillEnterForeground:
          AppDelegate.applicationDidBecomeActive:
        first difference at line 3: expected applicationWillEnterForeground:, got AppDelegate.applicationDidBecomeActive:

        """),
    Fixture(
      arguments: run("caught-expectation.lua"),
      status: 1,
      error: """
        caught-expectation.lua:3: expect.never: new AppDelegate was not expected, but came at 0s (+ actual)
          screen launch: none (letterboxed, legacy compatibility size)
          new UIApplication
        + new AppDelegate
          log UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future.
          post UIApplicationDidFinishLaunchingNotification
          post UIApplicationDidBecomeActiveNotification
          screen launch removed

        """,
      output: "caught:\ttrue\n"),
    Fixture(
      arguments: run("assert-failure.lua"),
      status: 1,
      error: "assert-failure.lua:6: assertion failed: the trace is empty\n",
      output: "1\ttwo\tnil\nfalse\tcaught\n"),
    Fixture(
      arguments: run("assert-in-callback.lua"),
      status: 1,
      error: """
        assert-in-callback.lua:6: assertion failed!
        (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)

        """),
    Fixture(
      arguments: run("assert-bad-messages.lua"),
      status: 1,
      error: "assert-bad-messages.lua:6: assertion failed! (its message is a table value)\n",
      output: """
        false\t1.5
        false\tassertion failed! (its message is a table value)
        false\txxx
        false\tbad argument #1 to 'assert' (value expected)

        """),
    Fixture(
      arguments: run("assert-rethrown.lua"),
      status: 1,
      error: "assert-rethrown.lua:2: assertion failed: the draft was saved\n"),
    Fixture(
      arguments: run("assert-wrapped.lua"),
      error: """
        assert-wrapped.lua:3: while saving: the draft was saved
        stack traceback:
        \t[C]: in function 'error'
        \tassert-wrapped.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("settled-then-missing.lua"),
      status: 1,
      error: """
        settled-then-missing.lua:6: expect.order: application:didFinishLaunchingWithOptions: did not come (− expected)
        − application:didFinishLaunchingWithOptions:
        hint: AppDelegate.application:didFinishLaunchingWithOptions: came before the expect.settled at settled-then-missing.lua:5; expectations after it do not see it

        """),
    Fixture(
      arguments: run("settled-argument.lua"),
      error: """
        settled-argument.lua:2: bad argument #1 to 'settled' (no argument expected, got string)
        stack traceback:
        \t[C]: in function 'expect.settled'
        \tsettled-argument.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("equal-tables.lua"),
      status: 1,
      error: """
        equal-tables.lua:3: expect.equal: the settings: the tables differ at .items[2] (− expected, + actual)
          {
            count = 3,
            items = {
              [1] = "a",
        −     [2] = "b",
        +     [2] = "c",
            },
            name = "Main",
          }
        first difference at .items[2]: expected "b", got "c"

        """),
    Fixture(
      arguments: run("equal-bad-input.lua"),
      status: 1,
      error: """
        equal-bad-input.lua:20: expect.same: not the same table, and they differ at .name (− expected, + actual)
        − {}
        + {
        +   name = "loop",
        +   self = <cycle: the top>,
        + }
        first difference at .name: expected nothing, got "loop"

        """,
      output: """
        bad argument #2 to 'expect.equal' (the expected value is missing; write nil to expect nil)
        bad argument #3 to 'expect.equal' (string expected, got table)
        bad argument #4 to 'expect.same' (no argument expected, got string)
        expect.equal: the tables nest more than 100 deep (at .next.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next… (500 characters))

        """),
    Fixture(
      arguments: run("called-times.lua"),
      status: 1,
      error: """
        called-times.lua:11: expect.called: applicationDidBecomeActive came 3 times, expected 1 time (+ matching)
          screen launch: none (letterboxed, legacy compatibility size)
          new UIApplication
          new AppDelegate
          post UIApplicationDidFinishLaunchingNotification
        + AppDelegate.applicationDidBecomeActive:
          post UIApplicationDidBecomeActiveNotification
          screen launch removed
          device home
          post UIApplicationWillResignActiveNotification
          post UIApplicationDidEnterBackgroundNotification
          device activate
          post UIApplicationWillEnterForegroundNotification
        + AppDelegate.applicationDidBecomeActive:
          post UIApplicationDidBecomeActiveNotification
          device home
          post UIApplicationWillResignActiveNotification
          post UIApplicationDidEnterBackgroundNotification
          device activate
          post UIApplicationWillEnterForegroundNotification
        + AppDelegate.applicationDidBecomeActive:
          post UIApplicationDidBecomeActiveNotification

        """),
    Fixture(
      arguments: run("warm-url-not-implemented.lua"),
      status: 1,
      error: """
        warm-url-not-implemented.lua:23: expect.order: SceneDelegate.scene:openURLContexts: did not come (− expected)
          … 20 unchanged lines
          device open_url demo://item/7
          post UISceneWillEnterForegroundNotification
          post UIApplicationWillEnterForegroundNotification
        − SceneDelegate.scene:openURLContexts:
          skipped SceneDelegate.scene:openURLContexts: (not implemented)
          SceneDelegate.sceneDidBecomeActive:
          post UISceneDidActivateNotification
          post UIApplicationDidBecomeActiveNotification
        hint: SceneDelegate does not implement scene:openURLContexts: (scene_openURLContexts), so UIKit skipped it at t = 30s

        """),
    Fixture(
      arguments: run("silent-push-not-implemented.lua"),
      status: 1,
      error: """
        silent-push-not-implemented.lua:18: expect.order: AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler: did not come (− expected)
          … 11 unchanged lines
          post UIApplicationDidBecomeActiveNotification
          screen launch removed
          device push (content-available)
        − AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:
          skipped AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler: (not implemented)
        hint: AppDelegate does not implement application:didReceiveRemoteNotification:fetchCompletionHandler: (application_didReceiveRemoteNotification_fetchCompletionHandler), so UIKit skipped it at t = 0s

        """),
    Fixture(
      arguments: run("warm-url-misspelled.lua"),
      status: 1,
      error: """
        warm-url-misspelled.lua:17: warning[misspelled-method]: SceneDelegate:scene_openURLContext matches no method of UIWindowSceneDelegate, so UIKit never calls it; did you mean scene_openURLContexts (scene:openURLContexts:)?
        warm-url-misspelled.lua:23: expect.order: SceneDelegate.scene:openURLContexts: did not come (− expected)
          … 20 unchanged lines
          device open_url demo://item/7
          post UISceneWillEnterForegroundNotification
          post UIApplicationWillEnterForegroundNotification
        − SceneDelegate.scene:openURLContexts:
          skipped SceneDelegate.scene:openURLContexts: (not implemented)
          SceneDelegate.sceneDidBecomeActive:
          post UISceneDidActivateNotification
          post UIApplicationDidBecomeActiveNotification
        hint: SceneDelegate does not implement scene:openURLContexts: (scene_openURLContexts), so UIKit skipped it at t = 30s
        hint: SceneDelegate defines scene_openURLContext: did you mean scene_openURLContexts?

        """),
    Fixture(
      arguments: run("near-miss-called.lua", ["--ios", "18.3"]),
      status: 1,
      error: """
        near-miss-called.lua:11: expect.called: AppDelegat.applicationDidEnterBackground: did not come (− expected)
          … 7 unchanged lines
          screen launch removed
          device home
          post UIApplicationWillResignActiveNotification
        − AppDelegat.applicationDidEnterBackground:
          AppDelegate.applicationDidEnterBackground:
          post UIApplicationDidEnterBackgroundNotification
          device activate
          … 3 unchanged lines
        hint: did you mean AppDelegate.applicationDidEnterBackground:? It came at t = 0s

        """),
    Fixture(
      arguments: run("skipped-events.lua", ["--ios", "18.3"]),
      status: 1,
      error: """
        skipped-events.lua:9: expect.events: AppDelegate.applicationWillResignActive: did not come (− expected, + actual)
        − AppDelegate.applicationWillResignActive:
          post UIApplicationWillResignActiveNotification
          post UIApplicationDidEnterBackgroundNotification
        first difference at line 1: expected AppDelegate.applicationWillResignActive:, got post UIApplicationWillResignActiveNotification
        hint: AppDelegate does not implement applicationWillResignActive: (applicationWillResignActive), so UIKit skipped it at t = 0s

        """),
    Fixture(
      arguments: run("called-bad-input.lua"),
      status: 1,
      error: """
        called-bad-input.lua:16: expect.called: new AppDelegate did not come since the expect.settled at called-bad-input.lua:15
        (no line since the expect.settled at called-bad-input.lua:15)
        hint: new AppDelegate came before the expect.settled at called-bad-input.lua:15; expectations after it do not see it

        """,
      output: """
        expect.called: no class or UIKit protocol has a selector "5", so it could never match; write a whole selector (application:openURL:options:) or a whole trace line
        expect.called: unknown option count; the options are times
        expect.called: times must be a whole number of at least 0
        expect.called: times must be a whole number of at least 0
        expect.called: times must be a whole number of at least 0
        bad argument #2 to 'expect.called' (table expected, got number)
        expect.called: unknown option tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt… (300 characters); the options are times
        bad argument #3 to 'expect.called' (no argument expected, got string)
        expect.called: no class or UIKit protocol has a selector "sceneDidBecomeActiv", so it could never match; write a whole selector (application:openURL:options:) or a whole trace line

        """),
    Fixture(
      arguments: run("events-long-trace.lua"),
      status: 1,
      error: """
        events-long-trace.lua:17: expect.events: applicationDidEnterBackground: did not come (− expected, + actual)
          … 11 unchanged lines
          post UIApplicationDidBecomeActiveNotification
          AppDelegate.applicationWillResignActive:
          post UIApplicationWillResignActiveNotification
        − applicationDidEnterBackground:
          AppDelegate.applicationDidBecomeActive:
          post UIApplicationDidBecomeActiveNotification
          AppDelegate.applicationWillResignActive:
          … 7 unchanged lines
        first difference at line 15: expected applicationDidEnterBackground:, got AppDelegate.applicationDidBecomeActive:

        """),
    Fixture(
      arguments: run("events-later.lua"),
      status: 1,
      error: """
        events-later.lua:12: expect.events: 1 line missing, 1 out of place (− expected, + actual)
          AppDelegate.application:didFinishLaunchingWithOptions:
        − applicationDidEnterBackground:
          AppDelegate.applicationDidBecomeActive:
          AppDelegate.applicationWillResignActive:
        − applicationWillTerminate:
        + AppDelegate.applicationDidEnterBackground:
        first difference at line 2: expected applicationDidEnterBackground:, got AppDelegate.applicationDidBecomeActive:
        hint: AppDelegate.applicationDidEnterBackground: came, but 2 lines later than expected

        """),
    Fixture(
      arguments: run("events-moved.lua"),
      status: 1,
      error: """
        events-moved.lua:10: expect.events: AppDelegate.applicationDidEnterBackground: came 1 line later than expected (− expected, + actual)
          AppDelegate.application:didFinishLaunchingWithOptions:
          AppDelegate.applicationDidBecomeActive:
        − applicationDidEnterBackground:
          AppDelegate.applicationWillResignActive:
        + AppDelegate.applicationDidEnterBackground:
        first difference at line 3: expected applicationDidEnterBackground:, got AppDelegate.applicationWillResignActive:

        """),
    Fixture(
      arguments: run("events-extra.lua"),
      status: 1,
      error: """
        events-extra.lua:15: expect.events: AppDelegate.applicationDidBecomeActive: was not expected (− expected, + actual)
          AppDelegate.applicationWillResignActive:
        + AppDelegate.applicationDidBecomeActive:
        first difference at line 2: expected nothing more, got AppDelegate.applicationDidBecomeActive:
        hint: to allow other lines between the expected ones, use expect.order

        """),
    Fixture(
      arguments: run("order-failure.lua"),
      status: 1,
      error: """
        order-failure.lua:11: expect.order: applicationWillResignActive: did not come after AppDelegate.applicationDidEnterBackground: (− expected)
          … 9 unchanged lines
          AppDelegate.applicationWillResignActive:
          post UIApplicationWillResignActiveNotification
          AppDelegate.applicationDidEnterBackground:
        − applicationWillResignActive:
          post UIApplicationDidEnterBackgroundNotification
        hint: applicationWillResignActive: came, but before AppDelegate.applicationDidEnterBackground:, not after it

        """),
    Fixture(
      arguments: run("order-before-checkpoint.lua"),
      status: 1,
      error: """
        order-before-checkpoint.lua:11: expect.order: applicationDidBecomeActive: did not come (− expected)
        − applicationDidBecomeActive:
          device home
          AppDelegate.applicationWillResignActive:
          post UIApplicationWillResignActiveNotification
          post UIApplicationDidEnterBackgroundNotification
        hint: AppDelegate.applicationDidBecomeActive: came before the expect.order at order-before-checkpoint.lua:9; expectations after it do not see it

        """),
    Fixture(
      arguments: run("golden-missing.lua"),
      status: 1,
      error: """
        golden-missing.lua:3: expect.golden: no golden trace at golden-missing.trace yet; record it with --record

        """),
    Fixture(
      arguments: run("golden-mismatch.lua"),
      status: 1,
      error: """
        golden-mismatch.lua:8: expect.golden: the trace differs from golden-mismatch.launch.trace: 1 line missing, 1 not expected (− golden, + actual)
          … 5 unchanged lines
          post UIApplicationDidFinishLaunchingNotification
          post UIApplicationDidBecomeActiveNotification
          screen launch removed
        − AppDelegate.applicationWillResignActive:
          post UIApplicationWillResignActiveNotification
          AppDelegate.applicationDidEnterBackground:
        + post UIApplicationDidEnterBackgroundNotification
        first difference at line 9 of the trace (golden-mismatch.launch.trace:11): expected AppDelegate.applicationWillResignActive:, got post UIApplicationWillResignActiveNotification
        hint: if the new trace is right, record it with --record

        """),
    Fixture(
      arguments: run("golden-not-a-trace.lua"),
      error: """
        golden-not-a-trace.trace:3: not a trace line: UIApplication launched (a trace line is Receiver.selector or starts with new, post, log, exception, terminated, screen or device; # starts a comment)
        stack traceback:
        \t[C]: in function 'expect.golden'
        \tgolden-not-a-trace.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("golden-binary.lua"),
      error: """
        golden-binary.trace:2: not a trace line: binary data (a trace line is Receiver.selector or starts with new, post, log, exception, terminated, screen or device; # starts a comment)
        stack traceback:
        \t[C]: in function 'expect.golden'
        \tgolden-binary.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("golden-directory.lua"),
      error: """
        golden-directory.lua:3: cannot read golden-directory.trace: it is a directory, not a golden trace
        stack traceback:
        \t[C]: in function 'expect.golden'
        \tgolden-directory.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("golden-names.lua"),
      error: """
        golden-names.lua:8: bad argument #1 to 'golden' (a name of 1 to 64 letters, digits, '-' and '_' expected, got "../../etc/passwd")
        stack traceback:
        \t[C]: in function 'expect.golden'
        \tgolden-names.lua:8: in main chunk

        """,
      output: """
        golden-names.lua:6: bad argument #1 to 'golden' (a name of 1 to 64 letters, digits, '-' and '_' expected, got "../secrets")
        golden-names.lua:6: bad argument #1 to 'golden' (a name of 1 to 64 letters, digits, '-' and '_' expected, got "a/b")
        golden-names.lua:6: bad argument #1 to 'golden' (a name of 1 to 64 letters, digits, '-' and '_' expected, got "")
        golden-names.lua:6: bad argument #1 to 'golden' (a name of 1 to 64 letters, digits, '-' and '_' expected, got "a.b")
        golden-names.lua:6: bad argument #1 to 'golden' (a name of 1 to 64 letters, digits, '-' and '_' expected, got "naïve")
        golden-names.lua:6: bad argument #1 to 'golden' (a name of 1 to 64 letters, digits, '-' and '_' expected, got "\\u{1B}[31mred\\n")
        golden-names.lua:6: bad argument #1 to 'golden' (a name of 1 to 64 letters, digits, '-' and '_' expected, got "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")
        golden-names.lua:6: bad argument #1 to 'golden' (string expected, got number)
        golden-names.lua:6: bad argument #1 to 'golden' (string expected, got table)

        """),
    Fixture(
      arguments: run("golden-twice.lua"),
      error: """
        golden-twice.lua:5: expect.golden("launch") was already checked at golden-twice.lua:3; a golden trace is compared once per scenario (give each call its own name)
        stack traceback:
        \t[C]: in function 'expect.golden'
        \tgolden-twice.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("unclaimed-exception.lua"),
      status: 1,
      error: """
        unclaimed-exception.lua: uncaught exception at 0s: NSInternalInconsistencyException: Unable to instantiate the UIApplication delegate instance. No class named NoSuchDelegate is loaded.
        (if the scenario expects it, claim it with expect.exception)

        """,
      output: "the script goes on\n"),
    Fixture(
      arguments: run("singleton-new.lua"),
      error: """
        singleton-new.lua:5: NSInternalInconsistencyException: There can only be one UIApplication instance.
        stack traceback:
        \t[C]: in field 'new'
        \tsingleton-new.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("singleton-init.lua"),
      status: 1,
      error: """
        singleton-init.lua: uncaught exception at 0s: NSInternalInconsistencyException: Unable to instantiate the UIApplication singleton.
        (if the scenario expects it, claim it with expect.exception)

        """,
      output: "the script goes on\n"),
    Fixture(
      arguments: run("delegate-error.lua"),
      error: """
        warning[deprecated-app-delegate-method]: AppDelegate implements applicationDidBecomeActive:, deprecated in iOS 26 (see Documentation/UIKit/ios-releases.md#deprecations-in-ios-26); adopt scenes and use sceneDidBecomeActive:
        delegate-error.lua:6: attempt to index a nil value (local 'settings')
        (in AppDelegate.applicationDidBecomeActive: at 0s of virtual time)
        stack traceback:
        \tdelegate-error.lua:6: in function <delegate-error.lua:4>
        \t[C]: in function 'main'
        \tdelegate-error.lua:9: in main chunk

        """),
    Fixture(
      arguments: run("delegate-loop.lua", small),
      error: """
        delegate-loop.lua:5: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        (in AppDelegate.application:didFinishLaunchingWithOptions: at 0s of virtual time)
        stack traceback:
        \tdelegate-loop.lua:5: in function <delegate-loop.lua:4>
        \t[C]: in function 'main'
        \tdelegate-loop.lua:8: in main chunk

        """),
    Fixture(
      arguments: run("info-binary.lua"),
      error: """
        files/binary.plist:1: binary property lists are not read; convert it with plutil -convert xml1 files/binary.plist
        stack traceback:
        \t[C]: in function 'Info'
        \tinfo-binary.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("info-dangling-key.lua"),
      error: """
        files/dangling-key.plist:6: <key>UIMainStoryboardFile</key> has no value
        stack traceback:
        \t[C]: in function 'Info'
        \tinfo-dangling-key.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("info-malformed.lua"),
      error: """
        files/malformed.plist:6: mismatched tag
        stack traceback:
        \t[C]: in function 'Info'
        \tinfo-malformed.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("info-missing.lua"),
      error: """
        info-missing.lua:2: cannot open files/missing.plist: No such file or directory
        stack traceback:
        \t[C]: in function 'Info'
        \tinfo-missing.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("info-outside.lua"),
      error: """
        info-outside.lua:2: cannot open ../../../../outside.plist: it is outside the project root \(repository) (the nearest folder above the scenario with .git, an .xcodeproj, Package.swift or lifescript.lua); use --root to widen it
        stack traceback:
        \t[C]: in function 'Info'
        \tinfo-outside.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-bad-initial.lua"),
      error: """
        files/bad-initial.storyboard:2: initialViewController 'Nope' is not a view controller in this storyboard
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-bad-initial.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-unclosed.lua"),
      error: """
        files/unclosed.storyboard:4: mismatched tag
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-unclosed.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-nested.lua"),
      error: """
        files/nested.storyboard:133: elements are nested more than 256 levels deep
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-nested.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("info-cycle.lua"),
      error: """
        info-cycle.lua:4: Info: Info.UIApplicationSceneManifest.Loop is Info itself; an Info.plist cannot contain itself
        stack traceback:
        \t[C]: in function 'Info'
        \tinfo-cycle.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("info-deep.lua"),
      error: """
        info-deep.lua:8: Info: tables nest more than 256 deep (at Info.Nested.Nested.Nested.Nested.Nested.Nested.Nested.Nested.Nested.Nested.Neste… (1796 characters))
        stack traceback:
        \t[C]: in function 'Info'
        \tinfo-deep.lua:8: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-spec-cycle.lua"),
      error: """
        storyboard-spec-cycle.lua:4: Storyboard: initialViewController.children[2] is initialViewController itself; a scene cannot contain itself
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-spec-cycle.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-spec-deep.lua"),
      error: """
        storyboard-spec-deep.lua:6: Storyboard: scenes nest more than 256 deep (at initialViewController.children[1].children[1].children[1].children[1].children[1… (3093 characters))
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-spec-deep.lua:6: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-spec-many.lua"),
      error: """
        storyboard-spec-many.lua:6: Storyboard: more than 10000 view controllers (at initialViewController.children[10000])
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-spec-many.lua:6: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-reference-missing.lua"),
      status: 1,
      error: """
        storyboard-reference-missing.lua: uncaught exception at 0s: NSInvalidArgumentException: Could not find a storyboard named 'Gone' in bundle NSBundle <main>
        (raised by the storyboard reference at files/reference-missing.storyboard:18: the app has no storyboard named Gone; declare it with Storyboard "path/Gone.storyboard")
        (if the scenario expects it, claim it with expect.exception)

        """),
    Fixture(
      arguments: run("storyboard-reference-identifier.lua"),
      status: 1,
      error: """
        storyboard-reference-identifier.lua: uncaught exception at 0s: NSInvalidArgumentException: Storyboard (<UIStoryboard: 0x600000c00100>) doesn't contain a view controller with identifier 'Nowhere'
        (raised by the storyboard reference at files/reference-identifier.storyboard:18)
        (if the scenario expects it, claim it with expect.exception)

        """),
    Fixture(
      arguments: run("storyboard-reference-bundle.lua"),
      error: """
        storyboard-reference-bundle.lua:7: the storyboard reference at files/reference-bundle.storyboard:18 names the storyboard Login of the bundle com.example.LoginKit; lifescript models only the app's own bundle, so declare that storyboard in the app (Storyboard "Login.storyboard") and drop bundleIdentifier
        stack traceback:
        \t[C]: in function 'main'
        \tstoryboard-reference-bundle.lua:7: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-reference-loop.lua"),
      error: """
        storyboard-reference-loop.lua:9: storyboard references loop: files/reference-loop-a.storyboard:18 refers to reference-loop-b, files/reference-loop-b.storyboard:18 refers to reference-loop-a, and so on; UIKit follows them at launch (relationship segues) and would instantiate them until the app ran out of stack
        stack traceback:
        \t[C]: in function 'main'
        \tstoryboard-reference-loop.lua:9: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-reference-hostile.lua"),
      error: """
        files/reference-hostile.storyboard:18: a storyboard reference's storyboardName holds a control character: "Gone\\nlifescript: all scenarios passed"
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-reference-hostile.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("xib-no-view.lua"),
      error: """
        files/no-view.xib:6: a .xib launch screen needs a top-level view to draw, and this one has none (add a View in Interface Builder)
        stack traceback:
        \t[C]: in function 'Storyboard'
        \txib-no-view.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("launch-xib-custom-class.lua"),
      error: """
        launch-xib-custom-class.lua:5: Launch screens may not set custom classnames: custom-launch.xib sets GradientView at files/custom-launch.xib:9 (Xcode's build error for a launch storyboard)
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tlaunch-xib-custom-class.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("launch-screen-device-key.lua"),
      error: """
        launch-screen-device-key.lua:3: UILaunchScreen~iphone must be a dictionary, not a string
        stack traceback:
        \t[C]: in function 'Info'
        \tlaunch-screen-device-key.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("segue-missing-destination.lua"),
      error: """
        files/segue-missing-destination.storyboard:16: the show segue 'showNote' leads to 'Det-Vew-Ctl', which is no view controller in this storyboard
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tsegue-missing-destination.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("segue-dangling.lua"),
      error: """
        segue-dangling.lua:10: the segue 'showNote' at files/segue-dangling.storyboard:8 of <UIViewController: 0x600000c000c0> leads to 'Det-Vew-Ctl', which the storyboard segue-dangling declared since does not have
        stack traceback:
        \t[C]: in method 'performSegueWithIdentifier_sender'
        \tsegue-dangling.lua:10: in main chunk

        """),
    Fixture(
      arguments: run("segue-unknown-kind.lua"),
      error: """
        files/segue-unknown-kind.storyboard:13: unknown segue kind "teleport"; Interface Builder writes relationship, show, showDetail, presentation, popoverPresentation, custom, embed, unwind, push, modal, popover, replace
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tsegue-unknown-kind.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("segue-embed-loop.lua"),
      error: """
        files/segue-embed-loop.storyboard:31: embed segues loop: Hom-Vew-Ctl embeds Pnl-Vew-Ctl, Pnl-Vew-Ctl embeds Hom-Vew-Ctl; loading the view of Hom-Vew-Ctl would embed it again for ever
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tsegue-embed-loop.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("segue-unknown-identifier.lua"),
      status: 1,
      error: """
        segue-unknown-identifier.lua: uncaught exception at 0s: NSInvalidArgumentException: Receiver (<HomeViewController: 0x600000c00100>) has no segue with identifier 'showNotes'
        (if the scenario expects it, claim it with expect.exception)

        """),
    Fixture(
      arguments: run("storyboard-relationship-chain.lua"),
      error: """
        files/relationship-chain.storyboard:2310: relationship segues embed view controllers more than 256 levels deep; lifescript stops (this limit is fixed)
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-relationship-chain.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("storyboard-relationship-fanout.lua"),
      error: """
        files/relationship-fanout.storyboard:116: relationship segues make more than 10000 view controllers in one instantiation; lifescript stops (this limit is fixed)
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tstoryboard-relationship-fanout.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("launch-screen-not-a-dictionary.lua"),
      error: """
        launch-screen-not-a-dictionary.lua:2: UILaunchScreen must be a dictionary, not a string
        stack traceback:
        \t[C]: in function 'Info'
        \tlaunch-screen-not-a-dictionary.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("launch-screens-default.lua"),
      error: """
        files/launch-screens-default.plist:7: UILaunchScreens: UIDefaultLaunchScreen is "Default", which matches no UILaunchScreenIdentifier of UILaunchScreenDefinitions (defined: Main)
        stack traceback:
        \t[C]: in function 'Info'
        \tlaunch-screens-default.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("launch-screens-scheme.lua"),
      error: """
        launch-screens-scheme.lua:2: UILaunchScreens: UIURLToLaunchScreenAssociations maps the scheme "promo" to "Sale", which matches no UILaunchScreenIdentifier of UILaunchScreenDefinitions (defined: Main)
        stack traceback:
        \t[C]: in function 'Info'
        \tlaunch-screens-scheme.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("launch-storyboard-custom-class.lua"),
      error: """
        launch-storyboard-custom-class.lua:3: Launch screens may not set custom classnames: custom-launch.storyboard sets SpinnerView at files/custom-launch.storyboard:10 (Xcode's build error for a launch storyboard)
        stack traceback:
        \t[C]: in function 'Storyboard'
        \tlaunch-storyboard-custom-class.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("launch-storyboard-named.lua"),
      error: """
        launch-storyboard-named.lua:4: Launch screens may not set custom classnames: Splash.storyboard sets SplashViewController (Xcode's build error for a launch storyboard)
        stack traceback:
        \t[C]: in function 'Info'
        \tlaunch-storyboard-named.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("info-while-running.lua"),
      error: """
        info-while-running.lua:3: Info: the app is running; its Info.plist can change only between launches (end it first, with device.kill())
        stack traceback:
        \t[C]: in function 'Info'
        \tinfo-while-running.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("launch-storyboard-missing.lua"),
      status: 0,
      error: """
        warning[launch-storyboard-missing]: the launch screen is the storyboard LaunchScreen, but the app has no storyboard of that name; iOS shows a black launch screen (INFERRED, see Documentation/UIKit/launch-screen.md#which-launch-screen-a-launch-shows); declare it with Storyboard("LaunchScreen", { ... })

        """),
    Fixture(
      arguments: run("near-miss.lua"),
      status: 0,
      error: """
        near-miss.lua:3: warning[misspelled-method]: AppDelegate:applicationDidBecomeActiv matches no method of UIApplicationDelegate, so UIKit never calls it; did you mean applicationDidBecomeActive (applicationDidBecomeActive:)?
        near-miss.lua:7: warning[misspelled-method]: SceneDelegate:scene_willConnectTo_options matches no method of UIWindowSceneDelegate, so UIKit never calls it; did you mean scene_willConnectToSession_options (scene:willConnectToSession:options:)?
        near-miss.lua:8: warning[misspelled-method]: SceneDelegate:sceneDidBecomeactive matches no method of UIWindowSceneDelegate, so UIKit never calls it; did you mean sceneDidBecomeActive (sceneDidBecomeActive:)?
        near-miss.lua:10: warning[misspelled-method]: VC:viewDidLoed matches no method of UIViewController, so UIKit never calls it; did you mean viewDidLoad (viewDidLoad)?

        """),
    Fixture(
      arguments: run("missing-return.lua"),
      status: 0,
      error: """
        warning[non-bool-return]: AppDelegate.application:didFinishLaunchingWithOptions: returned nothing instead of true or false; UIKit reads it as NO (did you forget 'return true'?)

        """),
    Fixture(
      arguments: run("scene-dead-methods.lua"),
      status: 0,
      error: """
        warning[scene-dead-method]: AppDelegate implements applicationDidBecomeActive:, which UIKit does not call when the app uses scenes (see Documentation/UIKit/scenes.md#app-delegate-methods-with-scenes); implement sceneDidBecomeActive: in the scene delegate instead
        warning[scene-dead-method]: AppDelegate implements applicationDidEnterBackground:, which UIKit does not call when the app uses scenes (see Documentation/UIKit/scenes.md#app-delegate-methods-with-scenes); implement sceneDidEnterBackground: in the scene delegate instead

        """),
    Fixture(
      arguments: run("undeclared-url-scheme.lua", ["--ios", "18.3"]),
      status: 0,
      error: """
        warning[undeclared-url-scheme]: device.open_url: the Info.plist declares no URL scheme "demo" (CFBundleURLTypes → CFBundleURLSchemes has "myapp"); on a device the system would not open this app for demo://item/7

        """),
    Fixture(
      arguments: run("scene-nil-configuration.lua"),
      error: """
        scene-nil-configuration.lua:7: AppDelegate.application:configurationForConnectingSceneSession:options: must return a UISceneConfiguration
        stack traceback:
        \t[C]: in function 'main'
        \tscene-nil-configuration.lua:7: in main chunk

        """),
    Fixture(
      arguments: run("window-not-a-scene.lua"),
      error: """
        window-not-a-scene.lua:2: UIWindow(windowScene:) needs a UIWindowScene
        stack traceback:
        \t[C]: in field 'new'
        \twindow-not-a-scene.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("scene-delegate-error.lua"),
      error: """
        scene-delegate-error.lua:6: could not save the draft
        (in SceneDelegate.sceneDidEnterBackground: at 12.5s of virtual time)
        stack traceback:
        \t[C]: in function 'error'
        \tscene-delegate-error.lua:6: in function <scene-delegate-error.lua:5>
        \t[C]: in function 'device.home'
        \tscene-delegate-error.lua:10: in main chunk

        """),
    Fixture(
      arguments: run("open-url-not-a-url.lua"),
      error: """
        open-url-not-a-url.lua:3: device.open_url: "open the item page" is not a URL: it contains a space; percent-encode it
        stack traceback:
        \t[C]: in function 'device.open_url'
        \topen-url-not-a-url.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("open-url-before-launch.lua"),
      error: """
        open-url-before-launch.lua:2: device.open_url: the app was never launched; call UIApplicationMain (or main) first, so the device knows the app
        stack traceback:
        \t[C]: in function 'device.open_url'
        \topen-url-before-launch.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("end-interruption-without-interrupt.lua"),
      error: """
        end-interruption-without-interrupt.lua:7: device.end_interruption: no interruption is in progress; device.interrupt() begins one
        stack traceback:
        \t[C]: in function 'device.end_interruption'
        \tend-interruption-without-interrupt.lua:7: in main chunk

        """),
    Fixture(
      arguments: run("callbacks-ping-pong.lua"),
      error: """
        callbacks-ping-pong.lua:5: device.home: the app's callbacks keep causing user and system events: 1000 in a row at 0s of virtual time, so the main run loop never goes idle; cause an event from a callback only when something changes
        (in AppDelegate.applicationDidBecomeActive: at 0s of virtual time)
        stack traceback:
        \t[C]: in function 'device.home'
        \tcallbacks-ping-pong.lua:5: in function <callbacks-ping-pong.lua:5>
        \t[C]: in function 'main'
        \tcallbacks-ping-pong.lua:7: in main chunk

        """),
    Fixture(
      arguments: run("close-scene-twice.lua"),
      error: """
        close-scene-twice.lua:6: device.close_scene: the scene is not connected (it was closed, or its process ended)
        stack traceback:
        \t[C]: in function 'device.close_scene'
        \tclose-scene-twice.lua:6: in main chunk

        """),
    Fixture(
      arguments: run("reclaim-scene-twice.lua"),
      error: """
        reclaim-scene-twice.lua:7: device.reclaim_scene: the scene is not connected (it was closed or reclaimed, or its process ended)
        stack traceback:
        \t[C]: in function 'device.reclaim_scene'
        \treclaim-scene-twice.lua:7: in main chunk

        """),
    Fixture(
      arguments: run("restoration-class-not-a-class.lua"),
      error: """
        restoration-class-not-a-class.lua:4: restorationClass of UIViewController needs a class that implements viewControllerWithRestorationIdentifierPath_coder, or nil
        stack traceback:
        \t[C]: in metamethod 'newindex'
        \trestoration-class-not-a-class.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("page-pages-not-a-list.lua"),
      error: """
        page-pages-not-a-list.lua:3: setViewControllers:direction:animated:completion: needs a list of view controllers
        stack traceback:
        \t[C]: in method 'setViewControllers_direction_animated_completion'
        \tpage-pages-not-a-list.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("page-three-pages.lua"),
      error: """
        page-three-pages.lua:4: NSInvalidArgumentException: The number of view controllers provided (3) doesn't match the number required (1) for the requested transition
        stack traceback:
        \t[C]: in method 'setViewControllers_direction_animated_completion'
        \tpage-three-pages.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("push-unregistered.lua"),
      error: """
        push-unregistered.lua:6: device.push: the app has not registered for remote notifications in this install, so APNs has no device token to deliver to; call UIApplication.shared:registerForRemoteNotifications() at launch (see Documentation/UIKit/background-launches.md#registering-for-remote-notifications)
        stack traceback:
        \t[C]: in function 'device.push'
        \tpush-unregistered.lua:6: in main chunk

        """),
    Fixture(
      arguments: run("root-not-a-controller.lua"),
      error: """
        root-not-a-controller.lua:4: rootViewController must be a view controller or nil
        stack traceback:
        \t[C]: in metamethod 'newindex'
        \troot-not-a-controller.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("reclaim-scene-legacy.lua"),
      error: """
        reclaim-scene-legacy.lua:4: device.reclaim_scene: the app does not use scenes (no UIApplicationSceneManifest), so it has no scene to reclaim; the system reclaims its memory by ending it: device.terminate_in_background()
        stack traceback:
        \t[C]: in function 'device.reclaim_scene'
        \treclaim-scene-legacy.lua:4: in main chunk

        """),
    Fixture(
      arguments: run("shortcut-undeclared.lua"),
      error: """
        shortcut-undeclared.lua:5: device.shortcut: the app has no quick action of type "com.example.search"; it declares "com.example.compose"
        stack traceback:
        \t[C]: in function 'device.shortcut'
        \tshortcut-undeclared.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("activity-bad-option.lua"),
      error: """
        activity-bad-option.lua:3: device.continue_activity: unknown option webpage; the options are webpageURL, title, userInfo, handoff
        stack traceback:
        \t[C]: in function 'device.continue_activity'
        \tactivity-bad-option.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("activity-bad-webpage.lua"),
      error: """
        activity-bad-webpage.lua:2: device.continue_activity: webpageURL: "example.com/a" is not a URL: it has no scheme (like demo://item/7)
        stack traceback:
        \t[C]: in function 'device.continue_activity'
        \tactivity-bad-webpage.lua:2: in main chunk

        """),
    Fixture(
      arguments: run("push-before-main.lua"),
      error: """
        push-before-main.lua:3: device.push: the app was never launched; call UIApplicationMain (or main) first, so the device knows the app
        stack traceback:
        \t[C]: in function 'device.push'
        \tpush-before-main.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("background-task-late-registration.lua"),
      status: 1,
      error: """
        background-task-late-registration.lua: uncaught exception at 0s: NSInternalInconsistencyException: All launch handlers must be registered before application finishes launching
        (if the scenario expects it, claim it with expect.exception)

        """,
      output: "the script goes on\n"),
    Fixture(
      arguments: run("background-task-unregistered.lua"),
      error: """
        background-task-unregistered.lua:5: device.run_background_task: no task request with identifier "com.example.refresh" is pending (none is); the app registers its launch handler during launch with BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler(identifier, nil, handler), then submits a request with BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new(identifier))
        stack traceback:
        \t[C]: in function 'device.run_background_task'
        \tbackground-task-unregistered.lua:5: in main chunk

        """),
    Fixture(
      arguments: run("background-task-bad-input.lua"), status: 0, error: "",
      output: """
        registerForTaskWithIdentifier:usingQueue:launchHandler: a task identifier expected (a string from BGTaskSchedulerPermittedIdentifiers)
        registerForTaskWithIdentifier:usingQueue:launchHandler: a task identifier expected (a string from BGTaskSchedulerPermittedIdentifiers)
        registerForTaskWithIdentifier:usingQueue:launchHandler: a task identifier expected (a string from BGTaskSchedulerPermittedIdentifiers)
        registerForTaskWithIdentifier:usingQueue:launchHandler: the launch handler must be a function (it receives the BGTask)
        registerForTaskWithIdentifier:usingQueue:launchHandler: the launch handler must be a function (it receives the BGTask)
        submitTaskRequest:error: a BGAppRefreshTaskRequest or BGProcessingTaskRequest expected, like BGAppRefreshTaskRequest.new("com.example.refresh")
        submitTaskRequest:error: a BGAppRefreshTaskRequest or BGProcessingTaskRequest expected, like BGAppRefreshTaskRequest.new("com.example.refresh")
        submitTaskRequest:error: a BGAppRefreshTaskRequest or BGProcessingTaskRequest expected, like BGAppRefreshTaskRequest.new("com.example.refresh")
        submitTaskRequest:error: a task identifier expected (a string from BGTaskSchedulerPermittedIdentifiers)
        BGAppRefreshTaskRequest.new: no property 'self' (identifier, earliestBeginDate)
        BGAppRefreshTaskRequest.new: no property 'interval' (identifier, earliestBeginDate)
        cancelTaskRequestWithIdentifier: a task identifier expected (a string from BGTaskSchedulerPermittedIdentifiers)
        getPendingTaskRequestsWithCompletionHandler: a function expected (it receives the list of pending requests)
        bad argument #1 to 'device.run_background_task' (string expected, got no value)
        device.run_background_task: no task request with identifier "42" is pending (none is); the app registers its launch handler during launch with BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler(identifier, nil, handler), then submits a request with BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new(identifier))
        device.run_background_task: no task request with identifier "com.example.missing" is pending (none is); the app registers its launch handler during launch with BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler(identifier, nil, handler), then submits a request with BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new(identifier))
        device.expire_background_task: no background task with identifier "com.example.refresh" is running (none is); device.run_background_task(identifier) runs one
        bad argument #1 to 'device.background_app_refresh' (boolean expected, got string)
        expirationHandler: a function (or nil) expected
        device.run_background_task: no task request with identifier "com.example.refresh" is pending (none is); the app registers its launch handler during launch with BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler(identifier, nil, handler), then submits a request with BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new(identifier))

        """),
    Fixture(
      arguments: run("push-bad-payloads.lua"), status: 0, error: "",
      output: """
        bad argument #1 to 'device.push' (table expected, got string)
        device.push: payload.aps.again is payload itself; a payload is JSON, which cannot contain itself
        device.push: the payload nests tables more than 32 deep (at payload.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a)
        device.push: the payload is more than 4096 bytes of JSON, which APNs refuses (Apple, "Generating a remote notification")
        device.push: payload has the key 1 (number); a payload table has string keys (a JSON object) or the keys 1 to n (a JSON array)
        device.push: payload.items has the key 4, not one of 1 to 3; a payload list is a sequence (a JSON array)
        device.push: payload.handler is a function, which JSON cannot carry; a payload holds strings, finite numbers, booleans and tables
        device.push: payload.ratio is NaN, which JSON cannot carry; a payload holds strings, finite numbers, booleans and tables
        device.push: payload.aps must be a table (the aps dictionary), got "silent"
        device.push: payload.aps["content-available"] must be 1 (or absent), got "yes"
        device.push: content_available = false, but payload.aps["content-available"] is 1
        device.push: unknown option contentAvailable; the options are content_available
        device.push: content_available must be true or false
        device.push: the payload is a list; a payload is a table with string keys, like { aps = { ["content-available"] = 1 } }
        device.tap_notification: action must be a string
        device.tap_notification: unknown option identifier; the options are action
        device.tap_notification: payload.id is a function, which JSON cannot carry; a payload holds strings, finite numbers, booleans and tables
        device.push: payload.big is inf, which JSON cannot carry; a payload holds strings, finite numbers, booleans and tables
        device.push: payload.sent is a function, which JSON cannot carry; a payload holds strings, finite numbers, booleans and tables

        """),
    Fixture(
      arguments: run("rotate-bad-orientation.lua"),
      error: """
        rotate-bad-orientation.lua:3: bad argument #1 to 'rotate' (unknown orientation "sideways"; expected one of "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight")
        stack traceback:
        \t[C]: in function 'device.rotate'
        \trotate-bad-orientation.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("rotation-bad-inputs.lua"), status: 0, error: "",
      output: """
        bad argument #1 to 'device.rotate' (string expected, got no value)
        bad argument #1 to 'device.rotate' (string expected, got table)
        bad argument #1 to 'device.rotate' (unknown orientation "LandscapeLeft"; expected one of "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight")
        bad argument #1 to 'device.rotate' (unknown orientation "faceUp"; expected one of "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight")
        bad argument #1 to 'device.rotate' (unknown orientation "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (100000 characters)"; expected one of "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight")
        ViewController.supportedInterfaceOrientations returned "sideways"; it must return a UIInterfaceOrientationMask: one of all, allButUpsideDown, landscape, landscapeLeft, landscapeRight, portrait, portraitUpsideDown, a list of them, or the raw value (not 0)
        ViewController.supportedInterfaceOrientations returned 0; it must return a UIInterfaceOrientationMask: one of all, allButUpsideDown, landscape, landscapeLeft, landscapeRight, portrait, portraitUpsideDown, a list of them, or the raw value (not 0)
        ViewController.supportedInterfaceOrientations returned 64; it must return a UIInterfaceOrientationMask: one of all, allButUpsideDown, landscape, landscapeLeft, landscapeRight, portrait, portraitUpsideDown, a list of them, or the raw value (not 0)
        ViewController.supportedInterfaceOrientations returned a table; it must return a UIInterfaceOrientationMask: one of all, allButUpsideDown, landscape, landscapeLeft, landscapeRight, portrait, portraitUpsideDown, a list of them, or the raw value (not 0)
        ViewController.supportedInterfaceOrientations returned true; it must return a UIInterfaceOrientationMask: one of all, allButUpsideDown, landscape, landscapeLeft, landscapeRight, portrait, portraitUpsideDown, a list of them, or the raw value (not 0)
        animateAlongsideTransition:completion: argument #1 must be a function (context) or nil
        animateAlongsideTransition:completion: argument #2 must be a function (context) or nil
        rotation-bad-inputs.lua:38: additionalSafeAreaInsets must be a UIEdgeInsets table like { top = 10, left = 0, bottom = 0, right = 0 }
        rotation-bad-inputs.lua:39: additionalSafeAreaInsets must be a UIEdgeInsets table like { top = 10, left = 0, bottom = 0, right = 0 }
        rotation-bad-inputs.lua:40: additionalSafeAreaInsets.top must be a finite number
        rotation-bad-inputs.lua:41: additionalSafeAreaInsets.top must be a finite number
        rotation-bad-inputs.lua:42: additionalSafeAreaInsets has no field 'middle'; a UIEdgeInsets has top, left, bottom and right
        registerForTraitChanges:withHandler: needs a list of traits such as { UITraitVerticalSizeClass }
        registerForTraitChanges:withHandler: needs a list of traits such as { UITraitVerticalSizeClass }
        registerForTraitChanges:withHandler: takes the traits UITraitHorizontalSizeClass, UITraitVerticalSizeClass, UITraitUserInterfaceStyle; pass them as classes (UITraitVerticalSizeClass, not a string)
        registerForTraitChanges:withHandler: takes the traits UITraitHorizontalSizeClass, UITraitVerticalSizeClass, UITraitUserInterfaceStyle; pass them as classes (UITraitVerticalSizeClass, not a string)
        registerForTraitChanges:withHandler: needs a handler function (traitEnvironment, previousTraitCollection)
        unregisterForTraitChanges: needs what registerForTraitChanges:withHandler: returned
        Info.plist UISupportedInterfaceOrientations lists "UIInterfaceOrientationSideways"; expected UIInterfaceOrientationPortrait, UIInterfaceOrientationPortraitUpsideDown, UIInterfaceOrientationLandscapeLeft, UIInterfaceOrientationLandscapeRight
        Info.plist UISupportedInterfaceOrientations must be an array of UIInterfaceOrientationPortrait, UIInterfaceOrientationPortraitUpsideDown, UIInterfaceOrientationLandscapeLeft, UIInterfaceOrientationLandscapeRight

        """),
    Fixture(
      arguments: run("trait-registration-before-ios-17.lua"), status: 0, error: "",
      output: """
        NSInvalidArgumentException: -[UIViewController registerForTraitChanges:withHandler:]: unrecognized selector sent to instance 0x600000c000c0

        """),
    Fixture(
      arguments: run("never-partial-selector.lua"),
      error: """
        never-partial-selector.lua:3: expect.never: no class or UIKit protocol has a selector "performActionForShortcutItem", so it could never match; write a whole selector (application:openURL:options:) or a whole trace line
        stack traceback:
        \t[C]: in function 'expect.never'
        \tnever-partial-selector.lua:3: in main chunk

        """),
    Fixture(
      arguments: run("url-new-invalid.lua"),
      error: """
        url-new-invalid.lua:1: URL.new: "demo:// spaced" is not a URL: it contains a space; percent-encode it
        stack traceback:
        \t[C]: in field 'new'
        \turl-new-invalid.lua:1: in main chunk

        """),
    Fixture(
      arguments: run("restoration-half-pair.lua"),
      status: 0,
      error: """
        warning[restoration-half-pair]: AppDelegate implements application:shouldSaveSecureApplicationState: but not application:shouldRestoreSecureApplicationState:; UIKit preserves and restores no state unless the app implements both (see Documentation/UIKit/state-restoration.md#view-controller-restoration-without-scenes)

        """),
    Fixture(
      arguments: run("expiration-handler-error.lua"),
      error: """
        expiration-handler-error.lua:5: upload state lost
        stack traceback:
        \t[C]: in function 'error'
        \texpiration-handler-error.lua:5: in function <expiration-handler-error.lua:4>
        \t[C]: in function 'wait'
        \texpiration-handler-error.lua:11: in main chunk

        """),
    Fixture(
      arguments: run("missing.lua"),
      error: "cannot open missing.lua: No such file or directory\n"),
  ]

  @Test(arguments: fixtures)
  func failuresAreReportedExactly(fixture: Fixture) throws {
    let result = try CommandLine.run(fixture.arguments)
    #expect(result.error == fixture.error)
    #expect(result.output == fixture.output)
    #expect(result.status == fixture.status)
  }
}
