-- bad-input.lua: every storage function given wrong types, hostile names and huge, deep or
-- cyclic values: each is an error that says what is wrong, never a crash or a silent default,
-- and a name the device accepts (a newline, a NUL byte in a defaults key, 10,000 bytes) is
-- stored and read back exactly (Documentation/Reference/scenario-language.md#persistent-storage).
--
--   lifescript run Scripts/storage/bad-input.lua

local defaults = UserDefaults.standard
local function fails(f, ...)
  local ok, message = pcall(f, ...)
  assert(not ok, "accepted")
  return message
end
local function send(selector, ...)
  return fails(defaults[selector], defaults, ...)
end

-- Paths.
expect.equal(fails(storage.write, 5, "x"), "bad argument #1 to 'storage.write' (string expected, got number)")
expect.equal(fails(storage.read), "bad argument #1 to 'storage.read' (string expected, got no value)")
expect.equal(fails(storage.remove, {}), "bad argument #1 to 'storage.remove' (string expected, got table)")
expect.equal(fails(storage.exists, true), "bad argument #1 to 'storage.exists' (string expected, got boolean)")
expect.equal(fails(storage.write, "", "x"),
  "storage.write: the path is empty; name a file in the app's container, like \"Documents/draft.txt\"")
expect.equal(fails(storage.write, "/etc/hosts", "x"),
  "storage.write: the path \"/etc/hosts\" is absolute; paths are relative to the app's container, like \"Documents/draft.txt\"")
expect.equal(fails(storage.read, "Documents/../../secret"),
  "storage.read: the path \"Documents/../../secret\" leaves the app's container (\"..\")")
expect.equal(fails(storage.exists, "Documents/./a"),
  "storage.exists: the path \"Documents/./a\" has an empty name or \".\"; separate names with a single \"/\", like \"Documents/draft.txt\"")
expect.equal(fails(storage.remove, "Documents/"),
  "storage.remove: the path \"Documents/\" has an empty name or \".\"; separate names with a single \"/\", like \"Documents/draft.txt\"")
expect.equal(fails(storage.write, "a\0b", "x"), "storage.write: the path \"a\\0b\" contains a NUL byte, which no file name can")
expect.equal(fails(storage.write, ("a"):rep(10000), "x"),
  "storage.write: the path is 10000 bytes; a path in the container has at most 1024")
expect.equal(fails(storage.write, "Documents/" .. ("n"):rep(256), "x"),
  "storage.write: the name \"" .. ("n"):rep(80) .. "… (256 characters)\" in the path is 256 bytes; a file name has at most 255")

-- Data and options.
expect.equal(fails(storage.write, "Documents/a", nil), "bad argument #2 to 'storage.write' (string expected, got nil)")
expect.equal(fails(storage.write, "Documents/a", {}), "bad argument #2 to 'storage.write' (string expected, got table)")
expect.equal(fails(storage.write, "Documents/a", "x", { atomic = "yes" }), "storage.write: atomic must be true or false")
expect.equal(fails(storage.write, "Documents/a", "x", { fsync = true }), "storage.write: unknown option fsync; the options are atomic")
expect.equal(fails(storage.write, "Documents/a", "x", "atomic"), "bad argument #3 to 'storage.write' (table expected, got string)")
expect.equal(storage.list(), {})

-- Names the file system accepts, and folders that are files.
storage.write("Documents/two\nlines", "ok")
storage.write("Documents/" .. ("n"):rep(255), "long name")
storage.write("Documents/number", 42)
expect.equal(storage.read("Documents/two\nlines"), "ok")
expect.equal(storage.read("Documents/number"), "42")
expect.equal(fails(storage.write, "Documents/number/inside", "x"),
  "storage.write: \"Documents/number/inside\" cannot be written: \"Documents/number\" is a file, not a folder")
expect.equal(fails(storage.write, "Documents", "x"), "storage.write: \"Documents\" cannot be written: it is a folder")
local big = ("x"):rep(1024 * 1024)
storage.write("Documents/big", big)
expect.equal(#storage.read("Documents/big"), 1024 * 1024)

-- Keychain.
expect.equal(fails(keychain.set, 1, "v"), "bad argument #1 to 'keychain.set' (string expected, got number)")
expect.equal(fails(keychain.set, "", "v"), "keychain.set: the key is empty; name the item, like \"token\"")
expect.equal(fails(keychain.set, "k", nil), "bad argument #2 to 'keychain.set' (string expected, got nil)")
expect.equal(fails(keychain.get, {}), "bad argument #1 to 'keychain.get' (string expected, got table)")
expect.equal(fails(keychain.remove), "bad argument #1 to 'keychain.remove' (string expected, got no value)")
keychain.set("line\nbreak\0nul", ("s"):rep(10000))
expect.equal(#keychain.get("line\nbreak\0nul"), 10000)

-- User defaults: keys.
expect.equal(send("setObject_forKey", "v", 5), "setObject:forKey: a key (a string) expected")
expect.equal(send("objectForKey"), "objectForKey: a key (a string) expected")
expect.equal(send("removeObjectForKey", {}), "removeObjectForKey: a key (a string) expected")
local hostile = "k\0\n" .. ("k"):rep(10000)
defaults:setObject_forKey("kept", hostile)
expect.equal(defaults:stringForKey(hostile), "kept")

-- User defaults: values that are not property lists.
expect.equal(send("setObject_forKey", function() end, "f"),
  "NSInvalidArgumentException: Attempt to insert non-property list object (a Lua function) for key f")
expect.equal(send("setObject_forKey", { 1, a = 2 }, "mixed"),
  "NSInvalidArgumentException: Attempt to insert non-property list object (a table whose keys are neither 1 to n nor all strings) for key mixed")
expect.equal(send("setObject_forKey", { [1] = "a", [3] = "c" }, "sparse"),
  "NSInvalidArgumentException: Attempt to insert non-property list object (a table whose keys are neither 1 to n nor all strings) for key sparse")
expect.equal(send("setObject_forKey", { list = { coroutine.create(print) } }, "thread"),
  "NSInvalidArgumentException: Attempt to insert non-property list object (a Lua thread) for key thread")
expect.equal(send("setObject_forKey", NSObject, "class"),
  "NSInvalidArgumentException: Attempt to insert non-property list object NSObject for key class")
local cyclic = { name = "loop" }
cyclic.next = { back = cyclic }
expect.equal(send("setObject_forKey", cyclic, "cyclic"),
  "setObject:forKey: the value for key \"cyclic\" contains itself (value.next.back is value); a property list is a tree")
local shared = { 1 }
defaults:setObject_forKey({ shared, shared }, "shared")  -- the same table twice is a tree, not a cycle
expect.equal(defaults:objectForKey("shared"), { { 1 }, { 1 } })
local deep = {}
local last = deep
for _ = 1, 40 do
  last[1] = {}
  last = last[1]
end
expect.equal(send("setObject_forKey", deep, "deep"),
  "setObject:forKey: the value for key \"deep\" nests tables more than 32 deep (at "
    .. ("value" .. ("[1]"):rep(32)):sub(1, 80) .. "… (101 characters))")
local fine = {}
last = fine
for _ = 1, 31 do
  last[1] = {}
  last = last[1]
end
defaults:setObject_forKey(fine, "fine")
expect.equal(send("setInteger_forKey", 1.5, "k"), "setInteger:forKey: an integer expected for key \"k\"")
expect.equal(send("setBool_forKey", "yes", "k"), "setBool:forKey: true or false expected for key \"k\"")
expect.equal(send("setDouble_forKey", {}, "k"), "setDouble:forKey: a number expected for key \"k\"")
expect.equal(defaults:dictionaryRepresentation().f, nil)
for _, key in ipairs { "f", "mixed", "sparse", "thread", "class", "cyclic", "deep", "k" } do
  expect.equal(defaults:objectForKey(key), nil, key .. " was not stored")
end

-- A reader gets a copy: changing it changes nothing stored.
defaults:setObject_forKey({ "a" }, "copy")
defaults:objectForKey("copy")[1] = "changed"
expect.equal(defaults:objectForKey("copy"), { "a" })
