-- entry-points.lua: seed 004 (legacy half). Every way an app reaches UIApplicationMain gives the
-- same launch: an Objective-C main with @autoreleasepool, a main.swift, an @main type with a
-- static main(), and @main on the app delegate (reference §0 step 2).
--
--   lifescript run --trace Scripts/examples/entry-points.lua

-- iOS finds the binary through CFBundleExecutable, which Xcode fills from EXECUTABLE_NAME.
Info { CFBundleExecutable = "$(EXECUTABLE_NAME)" }
BuildSettings { EXECUTABLE_NAME = "TrulyEmpty" }

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
  return true
end

-- @main struct Program { static func main() { UIApplicationMain(...) } }
local Program = {}
function Program.main()
  UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
end

local entryPoints = {
  { "main.m", function()
      -- int main(int argc, char *argv[]) { @autoreleasepool { return UIApplicationMain(...); } }
      return autoreleasepool(function()
        return UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
      end)
    end },
  { "main.swift", function()
      UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate))
    end },
  { "@main struct Program", Program.main },
  { "@main class AppDelegate", function() main(AppDelegate) end },
}

for _, entry in ipairs(entryPoints) do
  local name, start = entry[1], entry[2]
  start()
  expect.events {
    "new UIApplication",
    "new AppDelegate",
    "AppDelegate.application:didFinishLaunchingWithOptions:",
    "post UIApplicationDidFinishLaunchingNotification",
    "post UIApplicationDidBecomeActiveNotification",
  }
  assert(UIApplication.shared.delegate:isKindOfClass(NSClassFromString("TrulyEmpty.AppDelegate")), name)
  device.kill()
  expect.events { }   -- killed while active: nothing the delegate implements
end
