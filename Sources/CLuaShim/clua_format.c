/*
** clua_format.c
** Lua's own texts that its library does not export: the name messages give a chunk
** (luaO_chunkid) and a float as tostring writes it.
** Uses: memcpy, memchr, snprintf and strspn; LUA_NUMBER_FMT from luaconf.h.
*/

#include "clua_internal.h"

#include <stdio.h>
#include <string.h>

// Lua 5.4's luaO_chunkid (lobject.c), which the library does not export.
void clua_chunkid(char *out, const char *source, size_t length) {
  static const char dots[] = "...", before[] = "[string \"", after[] = "\"]";
  size_t room = CLUA_IDSIZE;
  if (*source == '=') {
    if (length <= room) {
      memcpy(out, source + 1, length);
    } else {
      memcpy(out, source + 1, room - 1);
      out[room - 1] = '\0';
    }
  } else if (*source == '@') {
    if (length <= room) {
      memcpy(out, source + 1, length);
    } else {
      memcpy(out, dots, 3);
      room -= 3;
      memcpy(out + 3, source + 1 + length - room, room);
    }
  } else {
    const char *newline = memchr(source, '\n', length);
    memcpy(out, before, 9);
    out += 9;
    room -= 9 + 3 + 2 + 1;  // the prefix, "...", the suffix and the '\0'
    if (length < room && newline == NULL) {
      memcpy(out, source, length);
      out += length;
    } else {
      if (newline != NULL) length = (size_t)(newline - source);
      if (length > room) length = room;
      memcpy(out, source, length);
      out += length;
      memcpy(out, dots, 3);
      out += 3;
    }
    memcpy(out, after, 3);
  }
}

int clua_formatnumber(double n, char *buffer, size_t size) {
  int len = snprintf(buffer, size, LUA_NUMBER_FMT, (LUAI_UACNUMBER)n);
  if (len > 0 && (size_t)len + 2 < size && buffer[strspn(buffer, "-0123456789")] == '\0') {
    buffer[len++] = '.';
    buffer[len++] = '0';
    buffer[len] = '\0';
  }
  return len;
}
