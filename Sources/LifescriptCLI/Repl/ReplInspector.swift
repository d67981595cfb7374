import LuaBridge

/// How the REPL writes the values an input returns: a table as its contents (as `inspect.lua`
/// does), nested, keys sorted, a table met again as `<table N>`, within limits of depth, entries
/// and length; anything else as `tostring` writes it.
///
/// The walk reads tables raw (Lua's own `next`, not the sandbox's sorted one, which would sort a
/// whole table to show 60 of its keys; no `__index` or `__pairs`), so a table's metamethods cannot
/// make it loop or fail; a table with `__tostring` is written as its `__tostring` says, called
/// protected (an error is shown in its place). It is Lua run in the scenario's state, under the
/// input's instruction budget and Ctrl-C like the input itself.
enum ReplInspector {
  /// Nested tables deeper than this are written `{...}`.
  static let maximumDepth = 6
  /// Entries of one table written before `... (N more)`.
  static let maximumEntries = 60
  /// Keys of one table besides its sequence 1..n looked at and sorted (sorting a table of a
  /// million keys would take long).
  static let maximumKeys = 2_000
  /// Characters written for one input's values before `... (cut at N characters)`.
  static let maximumLength = 16_384

  /// The function that writes values: `inspect(...)` returns one string, the values tab-separated.
  static func load(into lua: LuaState) throws -> LuaReference {
    let chunk = try lua.load(source, chunkName: "=inspect")
    guard
      case .function(let inspect) = try lua.call(
        chunk,
        [
          .integer(maximumDepth), .integer(maximumEntries), .integer(maximumKeys),
          .integer(maximumLength), lua.rawNext.map { .function($0) } ?? .nil,
        ]
      ).first
    else { throw LuaScriptError("the REPL's inspector did not load") }
    return inspect
  }

  private static let source = #"""
    local max_depth, max_entries, max_keys, max_length, raw_next = ...
    local next, type, tostring, getmetatable, rawget, rawlen =
      raw_next or next, type, tostring, getmetatable, rawget, rawlen
    local pcall, select, sort, concat, format = pcall, select, table.sort, table.concat, string.format
    local math_type, string_match, ipairs = math.type, string.match, ipairs

    local keywords = {}
    for word in ("and break do else elseif end false for function goto if in local nil not or "
      .. "repeat return then true until while"):gmatch("%a+") do keywords[word] = true end

    local rank = { number = 1, string = 2, boolean = 3 }
    local function before(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return (rank[ta] or 4) < (rank[tb] or 4) or
        ((rank[ta] or 4) == (rank[tb] or 4) and ta < tb) end
      if ta == "number" or ta == "string" then
        if a ~= a then return false end  -- NaN keys cannot exist, but be safe
        return a < b
      end
      if ta == "boolean" then return (not a) and b end
      return format("%p", a) < format("%p", b)
    end

    local function tostring_method(value)
      local meta = getmetatable(value)
      if type(meta) ~= "table" then return nil end
      return rawget(meta, "__tostring")
    end

    -- A table's own __tostring, called protected; nil when it has none.
    local function custom(value)
      local method = tostring_method(value)
      if method == nil then return nil end
      local ok, text = pcall(method, value)
      if not ok then return "<__tostring failed: " .. tostring(text) .. ">" end
      if type(text) ~= "string" then return "<__tostring returned a " .. type(text) .. ">" end
      return text
    end

    local function scalar(value)
      local kind = type(value)
      if kind == "string" then
        return (format("%q", value):gsub("\\\n", "\\n"))
      elseif kind == "number" then
        if math_type(value) == "float" and value == value and value % 1 == 0
          and value > -1e15 and value < 1e15 then return format("%.1f", value) end
        return tostring(value)
      end
      local ok, text = pcall(tostring, value)
      return ok and tostring(text) or ("<" .. kind .. ">")
    end

    -- The length of a table's sequence 1..n (raw: no __len, no __index).
    local function sequence_of(t)
      local n = rawlen(t)
      while n > 0 and rawget(t, n) == nil do n = n - 1 end
      return n
    end

    -- The keys of a table outside its sequence (at most max_keys), sorted, and whether some
    -- were left out.
    local function keys_of(t, sequence)
      local keys, count, cut, scanned = {}, 0, false, 0
      local key = next(t)
      while key ~= nil do
        scanned = scanned + 1
        if scanned > sequence + max_keys * 4 then cut = true break end
        if not (math_type(key) == "integer" and key >= 1 and key <= sequence) then
          if count == max_keys then cut = true break end
          count = count + 1
          keys[count] = key
        end
        key = next(t, key)
      end
      sort(keys, before)
      return keys, cut
    end

    local function inspect_one(root)
      -- First walk: which tables are met more than once (they get labels).
      local seen, labels, next_label = {}, {}, 0
      local function count(t, depth)
        if seen[t] then seen[t] = seen[t] + 1 return end
        seen[t] = 1
        if depth >= max_depth or tostring_method(t) then return end
        local walked = 0
        local key, value = next(t)
        while key ~= nil and walked < max_keys do
          walked = walked + 1
          if type(key) == "table" then count(key, depth + 1) end
          if type(value) == "table" then count(value, depth + 1) end
          key, value = next(t, key)
        end
      end
      count(root, 0)

      local out, length, full = {}, 0, false
      local function put(text)
        if full then return end
        if length + #text > max_length then
          out[#out + 1] = text:sub(1, max_length - length)
          out[#out + 1] = "\n... (cut at " .. max_length .. " characters)"
          full = true
          return
        end
        length = length + #text
        out[#out + 1] = text
      end

      local written = {}
      local write
      local function write_key(key, depth, indent)
        if type(key) == "string" and string_match(key, "^[%a_][%w_]*$") and not keywords[key] then
          put(key)
        else
          put("[")
          write(key, depth, indent)
          put("]")
        end
      end

      write = function(value, depth, indent)
        if full then return end
        if type(value) ~= "table" then put(scalar(value)) return end
        local text = custom(value)
        if text then put(text) return end
        if written[value] then put("<table " .. written[value] .. ">") return end
        if seen[value] and seen[value] > 1 then
          next_label = next_label + 1
          written[value] = next_label
          put("<" .. next_label .. ">")
        end
        if depth >= max_depth then put(next(value) == nil and "{}" or "{...}") return end
        -- The sequence 1..n first, without keys, then the other keys sorted.
        local sequence = sequence_of(value)
        local keys, cut = keys_of(value, sequence)
        if #keys == 0 and sequence == 0 then put("{}") return end
        -- On one line: a few entries, none a table with entries of its own.
        local function nested(item)
          return type(item) == "table" and (next(item) ~= nil or tostring_method(item) ~= nil)
        end
        local simple = #keys + sequence <= 8 and not cut
        for index = 1, simple and sequence or 0 do
          if nested(rawget(value, index)) then simple = false end
        end
        for _, key in ipairs(keys) do
          if type(key) == "table" or nested(rawget(value, key)) then simple = false end
        end
        -- A sequence of plain values fills lines rather than taking one each.
        local flowing = not simple
        for index = 1, flowing and (sequence < max_entries and sequence or max_entries) or 0 do
          if type(rawget(value, index)) == "table" then flowing = false break end
        end
        local inner = indent .. "  "
        put(simple and "{ " or "{\n" .. inner)
        local shown = 0
        local first = true
        local column = #inner
        local function separator()
          if first then first = false return end
          put(simple and ", " or ",\n" .. inner)
          column = #inner
        end
        for index = 1, sequence do
          if shown == max_entries then break end
          if flowing and not first then
            local text = scalar(rawget(value, index))
            if column + #text + 2 > 78 then
              put(",\n" .. inner)
              column = #inner
            else
              put(", ")
              column = column + 2
            end
            put(text)
            column = column + #text
          else
            separator()
            local text = scalar(rawget(value, index))
            if flowing then put(text) column = column + #text
            else write(rawget(value, index), depth + 1, inner) end
          end
          shown = shown + 1
        end
        for _, key in ipairs(keys) do
          if shown == max_entries or full then break end
          separator()
          write_key(key, depth + 1, inner)
          put(" = ")
          write(rawget(value, key), depth + 1, inner)
          shown = shown + 1
        end
        local left = sequence + #keys - shown
        if left > 0 or cut then
          separator()
          put("... (" .. left .. " more" .. (cut and ", and others not looked at)" or ")"))
        end
        put(simple and " }" or "\n" .. indent .. "}")
      end

      write(root, 0, "")
      return concat(out)
    end

    return function(...)
      local parts = {}
      for index = 1, select("#", ...) do
        local value = select(index, ...)
        if type(value) == "table" then
          parts[index] = inspect_one(value)
        else
          local ok, text = pcall(tostring, value)
          parts[index] = ok and tostring(text) or ("<" .. type(value) .. ": " .. tostring(text) .. ">")
        end
      end
      return concat(parts, "\t")
    end
    """#
}
