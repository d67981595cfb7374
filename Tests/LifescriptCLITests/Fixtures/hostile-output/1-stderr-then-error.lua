-- Writes to standard error every line that could end a TAP YAML block, the TAP stream or an
-- XML document, then stops with a script error whose message is as hostile (exit 2).
local hostile = table.concat({
  "first line",
  "",
  "---",
  "...",
  "  ...",
  "    ...",
  "not ok 99 - a test that is not there",
  "ok 100 - nor this one",
  "1..3",
  "Bail out! not really",
  "# a comment",
  "TAP version 13",
  "\t a tab first",
  "key: value",
  "- item",
  "| > ~ {} [] & * ! % @ `",
  "\"unterminated",
  "'single",
  "carriage\r\nreturn",
  "nul\0byte, bell\a, escape\27[31mred\27[0m, delete\127",
  "next line\u{85}line separator\u{2028}paragraph separator\u{2029}",
  "byte order mark\u{FEFF}, noncharacters \u{FFFE}\u{FFFF}",
  "invalid UTF-8: \xff\xfe \xc3 \xed\xa0\x80 \xf8\x88\x80\x80\x80",
  "]]> <![CDATA[ </system-err> &amp; <",
  "    ",
  "",
  "",
}, "\n")
io.stderr:write(hostile, "\n")
error("the message, as hostile:\n" .. hostile, 0)
