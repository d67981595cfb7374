-- coroutines.lua: the storage bindings called from inside coroutines, 200 times each, between
-- yields and under pcall: each reads its arguments (a table given to setObject_forKey, an
-- options table) from the coroutine's own stack, never the suspended main thread's, and gives
-- the same results and errors as at the top level.
--
--   lifescript run Scripts/storage/coroutines.lua

local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
function AppDelegate:applicationDidEnterBackground(application)
  -- An app callback whose event a coroutine caused.
  UserDefaults.standard:setObject_forKey({ saved = true }, "background")
end
main(AppDelegate)

local main_values = { "the main thread's", "values stay", "as they were" }
for i = 1, 200 do
  local steps = coroutine.wrap(function()
    local key = "k" .. i
    UserDefaults.standard:setObject_forKey({ i, { name = key, list = { true, 1.5 } } }, key)
    storage.write("Documents/" .. key, tostring(i), { atomic = i % 2 == 0 })
    keychain.set(key, key)
    coroutine.yield(UserDefaults.standard:objectForKey(key)[2].name)
    local ok, message = pcall(storage.write, "../" .. key, "x", { atomic = true })
    assert(not ok and message == "storage.write: the path \"../" .. key .. "\" leaves the app's container (\"..\")", message)
    ok, message = pcall(UserDefaults.standard.setObject_forKey, UserDefaults.standard, { print }, key)
    assert(not ok and message:find("non%-property list object %(a Lua function%) for key " .. key), message)
    coroutine.yield(storage.read("Documents/" .. key))
    return keychain.get(key) == key and storage.remove("Documents/" .. key)
  end)
  assert(steps() == "k" .. i)
  assert(steps() == tostring(i))
  assert(steps() == true)
end
assert(table.concat(main_values, " ") == "the main thread's values stay as they were")
expect.equal(UserDefaults.standard:objectForKey("k200"), { 200, { name = "k200", list = { true, 1.5 } } })
expect.equal(storage.list(), {})

coroutine.wrap(function() device.home() end)()
expect.equal(UserDefaults.standard:objectForKey("background"), { saved = true })
