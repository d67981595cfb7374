-- Standard error that starts with a blank line, then a script error (exit 2).
io.stderr:write("\n---\n")
error("  ", 0)
