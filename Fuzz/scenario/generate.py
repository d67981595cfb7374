#!/usr/bin/env python3
"""The scenario-surface fuzzer (Fuzz/README.md): writes random but well-formed Lua scenarios
over the scenario API (classes, delegate methods, the entry point, device actions, expectations,
named tests) and runs each with a `lifescript` binary under the real limits. Every run must end
with exit status 0, 1 or 2, within its time, and without a sanitizer report; anything else is a
finding, kept under the output folder with its stderr.

    Fuzz/scenario/generate.py --lifescript PATH [--seconds N] [--seed N] [--output DIR]
        [--replay FILE|FOLDER...] [--no-coroutines]

--replay runs the given scenarios instead of generating (the committed corpus in CI).
--no-coroutines leaves out calls made inside coroutines, which reach a known defect (the
bindings act on the main thread's stack: issue 16's D2) and would otherwise dominate.
"""
import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time

APP_DELEGATE_METHODS = [
    ("application_willFinishLaunchingWithOptions", "application, options", "return true"),
    ("application_didFinishLaunchingWithOptions", "application, options", "return true"),
    ("applicationDidBecomeActive", "application", None),
    ("applicationWillResignActive", "application", None),
    ("applicationDidEnterBackground", "application", None),
    ("applicationWillEnterForeground", "application", None),
    ("applicationWillTerminate", "application", None),
    ("applicationDidReceiveMemoryWarning", "application", None),
    ("application_openURL_options", "application, url, options", "return true"),
    ("application_configurationForConnectingSceneSession_options",
     "application, session, options",
     'return UISceneConfiguration.new("Default Configuration", session.role)'),
    ("application_didDiscardSceneSessions", "application, sessions", None),
    ("application_didReceiveRemoteNotification_fetchCompletionHandler",
     "application, info, handler", "handler(0)"),
]
SCENE_DELEGATE_METHODS = [
    ("scene_willConnectToSession_options", "scene, session, options", None),
    ("sceneDidBecomeActive", "scene", None),
    ("sceneWillResignActive", "scene", None),
    ("sceneDidEnterBackground", "scene", None),
    ("sceneWillEnterForeground", "scene", None),
    ("sceneDidDisconnect", "scene", None),
    ("scene_openURLContexts", "scene, contexts", None),
]
VIEW_CONTROLLER_METHODS = [
    ("viewDidLoad", "", None),
    ("viewWillAppear", "animated", None),
    ("viewDidAppear", "animated", None),
    ("viewWillDisappear", "animated", None),
    ("viewDidDisappear", "animated", None),
    ("didReceiveMemoryWarning", "", None),
]
NOTIFICATIONS = [
    "UIApplicationDidFinishLaunchingNotification", "UIApplicationDidBecomeActiveNotification",
    "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
    "UIApplicationWillEnterForegroundNotification", "UISceneWillConnectNotification",
    "UIApplicationDidReceiveMemoryWarningNotification",
]
SELECTORS = [m[0] for m in APP_DELEGATE_METHODS + SCENE_DELEGATE_METHODS + VIEW_CONTROLLER_METHODS]
DEVICE = [
    "device.home()", "device.activate()", "device.interrupt()", "device.end_interruption()",
    "device.kill()", 'device.open_url("demo://item/{n}")', "device.memory_warning()",
    "wait({n})", "wait(0)", 'device.rotate("landscapeLeft")', 'device.rotate("portrait")',
    "device.push({{ aps = {{ alert = \"hi\" }} }}, {{ content_available = true }})",
    'device.run_background_task("task{n}")', "device.reinstall()",
]
STRINGS = ["", "x", "demo://a/b?c=d", "ünïcödé", "a\\0b", "%s%d", "\\n\\n", "(", "[[", "$(X)"]


class Generator:
    def __init__(self, rng, coroutines):
        self.rng = rng
        self.coroutines = coroutines
        self.depth = 0

    def pick(self, items):
        return self.rng.choice(items)

    def string(self):
        if self.rng.random() < 0.5:
            return '"%s"' % self.pick(STRINGS)
        return '"%s"' % "".join(self.pick("abcXYZ_:. 0") for _ in range(self.rng.randint(0, 12)))

    def value(self):
        return self.pick([
            "nil", "true", "false", "0", "-1", "1e308", "0/0", "math.maxinteger", self.string(),
            "{}", "{ 1, 2, 3 }", "{ a = 1 }", "UIApplication.shared", "trace()", "#trace()",
            "NSObject.new()", "self",
        ])

    def trace_line(self):
        return '"%s"' % self.pick([
            self.pick(SELECTORS), "AppDelegate." + self.pick(SELECTORS).replace("_", ":") + ":",
            "post UIApplicationDidBecomeActiveNotification", "new AppDelegate", "device home",
            "log x", "exception NSInternalInconsistencyException",
        ])

    def expectation(self):
        lines = ", ".join(self.trace_line() for _ in range(self.rng.randint(0, 4)))
        return self.pick([
            "expect.events { %s }" % lines,
            "expect.order { %s }" % lines,
            "expect.never %s" % self.trace_line(),
            "expect.log %s" % self.string(),
            "expect.exception %s" % self.string(),
            "expect.settled()",
            'expect.called("%s", { times = %d })' % (self.pick(SELECTORS), self.rng.randint(0, 3)),
            "expect.equal(%s, %s)" % (self.value(), self.value()),
            "assert(%s, %s)" % (self.value(), self.string()),
        ])

    def device(self):
        return self.pick(DEVICE).format(n=self.pick([0, 1, 7, 30, 600, 86400]))

    def statement(self, inside_method):
        self.depth += 1
        try:
            choices = ["print", "expect", "pcall", "object", "notification", "loop"]
            if not inside_method:
                choices += ["device"] * 6 + ["expect"] * 3
            else:
                choices += ["window", "window", "reentrant"]
            if self.coroutines:
                choices.append("coroutine")
            if self.depth > 3:
                choices = ["print", "expect"] + (["device"] if not inside_method else [])
            kind = self.pick(choices)
            if kind == "print":
                return "print(%s)" % self.pick([
                    self.string(), "#trace()", 'table.concat(trace(), "\\n")', "tostring(%s)" % self.value(),
                    "UIApplication.shared.applicationState", "type(%s)" % self.value(),
                ])
            if kind == "expect":
                # Mostly caught, so one failed expectation does not end the program early.
                if self.rng.random() < 0.7:
                    return "print(pcall(function() %s end))" % self.expectation()
                return self.expectation()
            if kind == "device":
                return self.device()
            if kind == "pcall":
                body = "; ".join(self.statement(inside_method) for _ in range(self.rng.randint(1, 3)))
                return "print(pcall(function() %s end))" % body
            if kind == "object":
                return self.pick([
                    "local o = NSObject.new(); o.field = %s; print(o.field ~= nil)" % self.value(),
                    "print(NSStringFromClass(NSClassFromString(\"AppDelegate\") or NSObject))",
                    "local v = UIViewController.new(); v.title = %s" % self.string(),
                    "print(UIApplication.shared.delegate ~= nil)",
                    "print(UIApplication.shared.connectedScenes)",
                    "local w = UIWindow.new(); w.rootViewController = UIViewController.new()",
                ])
            if kind == "notification":
                return ('NotificationCenter.default:addObserver("%s", function(note) %s end)'
                        % (self.pick(NOTIFICATIONS), self.statement(True)))
            if kind == "reentrant":
                # A device action from inside UIKit's call, bounded: unbounded, a scenario that
                # goes home whenever it becomes active runs until --timeout, as it should.
                return "if reentry > 0 then reentry = reentry - 1; %s end" % self.device()
            if kind == "loop":
                body = self.statement(inside_method)
                return "for i = 1, %d do %s end" % (self.rng.randint(0, 5), body)
            if kind == "window":
                return self.pick([
                    "self.window = scene and UIWindow.new{ windowScene = scene } or UIWindow.new()",
                    "self.window = UIWindow.new()",
                    "if self.window then self.window.rootViewController = ViewController.new() end",
                    "if self.window then self.window:makeKeyAndVisible() end",
                    "if self.window and self.window.rootViewController then "
                    "self.window.rootViewController:presentViewController_animated_completion("
                    "ViewController.new(), false, nil) end",
                ])
            if kind == "coroutine":
                body = self.pick([
                    'class("Co%d", NSObject)' % self.rng.randint(0, 99),
                    "expect.order {}",
                    'Storyboard("Co", { initialViewController = "ViewController" })',
                    self.statement(inside_method),
                ])
                return "print(coroutine.resume(coroutine.create(function() %s end)))" % body
        finally:
            self.depth -= 1

    def top_statement(self):
        """A statement of the scenario's own: half of them caught, so one refused action does
        not end the program early."""
        statement = self.statement(False)
        if self.rng.random() < 0.5:
            return "print(pcall(function() %s end))" % statement
        return statement

    def method(self, cls, name, params, ret):
        body = [self.statement(True) for _ in range(self.rng.randint(0, 3))]
        if ret and self.rng.random() < 0.9:
            body.append(ret)
        lines = ["function %s:%s(%s)" % (cls, name, params)]
        if not re.search(r"\bscene\b", params):
            lines.append("  local scene = nil")
        lines += ["  " + b for b in body]
        lines.append("end")
        return "\n".join(lines)

    def program(self):
        out = []
        scenes = self.rng.random() < 0.6
        if scenes:
            out.append(
                'Info { CFBundleExecutable = "Demo",\n'
                '  CFBundleURLTypes = { { CFBundleURLSchemes = { "demo" } } },\n'
                '  UIBackgroundModes = { "remote-notification", "fetch" },\n'
                '  UIApplicationSceneManifest = {\n'
                "  UIApplicationSupportsMultipleScenes = %s,\n"
                "  UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {\n"
                '    { UISceneConfigurationName = "Default Configuration",\n'
                '      UISceneDelegateClassName = "$(PRODUCT_MODULE_NAME).SceneDelegate"%s },\n'
                "  } } } }" % (self.pick(["true", "false"]),
                               self.pick(["", ', UISceneStoryboardFile = "Main"'])))
        elif self.rng.random() < 0.5:
            out.append('Info { CFBundleExecutable = "Demo", UIMainStoryboardFile = "Main" }')
        if self.rng.random() < 0.7:
            out.append('Storyboard("Main", { initialViewController = "ViewController" })')
        out.append("reentry = %d" % self.rng.randint(0, 3))
        out.append('local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })')
        if self.rng.random() < 0.7:
            out.append('AppDelegate.properties = { "window" }')
        out.append('ViewController = class("ViewController", UIViewController)')
        if scenes:
            out.append('local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })')
            out.append('SceneDelegate.properties = { "window" }')
        for cls, methods in [("AppDelegate", APP_DELEGATE_METHODS),
                             ("SceneDelegate", SCENE_DELEGATE_METHODS if scenes else []),
                             ("ViewController", VIEW_CONTROLLER_METHODS)]:
            for name, params, ret in self.rng.sample(methods, self.rng.randint(0, len(methods))):
                out.append(self.method(cls, name, params, ret))
        entry = self.pick(["main(AppDelegate)", 'UIApplicationMain(nil, "AppDelegate")',
                           "UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, "
                           "NSStringFromClass(AppDelegate))"])
        register = "UIApplication.shared:registerForRemoteNotifications()"
        if self.rng.random() < 0.3:
            # Named tests: the top level only defines; each test launches its own fresh app.
            for i in range(self.rng.randint(1, 3)):
                body = [entry] + ([register] if self.rng.random() < 0.7 else [])
                body += [self.top_statement() for _ in range(self.rng.randint(1, 6))]
                out.append('test("case %d", function()\n  %s\nend)' % (i, "\n  ".join(body)))
        else:
            out.append(entry)
            if self.rng.random() < 0.7:
                out.append(register)
            for _ in range(self.rng.randint(1, 12)):
                out.append(self.top_statement())
        return "\n".join(out) + "\n"


def run_one(lifescript, path, timeout):
    """Runs a scenario; returns (status, finding or None, stderr)."""
    arguments = [lifescript, "run", "--timeout", str(timeout), "--max-memory", "64M",
                 "--max-instructions", "100000000", path]
    environment = dict(os.environ)
    environment.setdefault("ASAN_OPTIONS", "detect_leaks=0:abort_on_error=0")
    # Swift's backtracer symbolicates a crash for minutes under AddressSanitizer (the run looks
    # hung) and then exits 1, the status of a failed expectation: a crash must stay a signal.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    try:
        result = subprocess.run(arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, timeout=timeout * 3, env=environment)
    except subprocess.TimeoutExpired:
        return None, "hang: still running after %d s" % (timeout * 3), b""
    err = result.stderr
    status = result.returncode
    if b"Sanitizer" in err:
        return status, "sanitizer report", err
    if b"Fatal error" in err or b"Assertion failed" in err or b"Program crashed" in err:
        return status, "Swift runtime failure", err
    if status < 0:
        return status, "killed by signal %d (%s)" % (-status, signal.Signals(-status).name), err
    if status not in (0, 1, 2):
        return status, "exit status %d" % status, err
    if b"time limit exceeded" in err:
        return status, "time limit exceeded (a generated scenario has no endless loop)", err
    return status, None, err


def scenario_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, folders, files in os.walk(path):
                folders[:] = sorted(f for f in folders if f != "known")
                for name in sorted(files):
                    if name.endswith(".lua"):
                        yield os.path.join(root, name)
        else:
            yield path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lifescript", required=True)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--output", default=".build-fuzz/scenario")
    parser.add_argument("--timeout", type=int, default=20, help="lifescript run --timeout")
    parser.add_argument("--replay", nargs="*")
    parser.add_argument("--no-coroutines", action="store_true")
    options = parser.parse_args()

    findings = 0
    statuses = {}
    if options.replay is not None:
        count = 0
        for path in scenario_files(options.replay):
            status, finding, err = run_one(options.lifescript, path, options.timeout)
            count += 1
            if finding:
                findings += 1
                sys.stderr.write("%s: %s\n%s\n" % (path, finding, err.decode(errors="replace")[-2000:]))
        print("scenario: %d inputs replayed, %d findings" % (count, findings))
        return 1 if findings else 0

    seed = options.seed if options.seed is not None else int(time.time())
    rng = random.Random(seed)
    os.makedirs(os.path.join(options.output, "findings"), exist_ok=True)
    # Outside the project, so the run walks folders up to / looking for a project root, as a
    # scenario kept anywhere does.
    work = os.path.join(tempfile.mkdtemp(prefix="lifescript-fuzz-"), "scenario.lua")
    generator = Generator(rng, coroutines=not options.no_coroutines)
    start = time.monotonic()
    runs = 0
    while time.monotonic() - start < options.seconds:
        program = generator.program()
        with open(work, "w") as file:
            file.write(program)
        status, finding, err = run_one(options.lifescript, work, options.timeout)
        runs += 1
        statuses[status] = statuses.get(status, 0) + 1
        if finding:
            findings += 1
            name = os.path.join(options.output, "findings", "seed%d-run%d" % (seed, runs))
            with open(name + ".lua", "w") as file:
                file.write(program)
            with open(name + ".stderr", "wb") as file:
                file.write(err)
            print("finding: %s: %s" % (name + ".lua", finding), flush=True)
    elapsed = time.monotonic() - start
    shown = ", ".join("%s: %d" % (k, v) for k, v in sorted(statuses.items(), key=str))
    print("scenario: seed %d, %d programs in %.0f s, exit statuses {%s}, %d findings"
          % (seed, runs, elapsed, shown, findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
