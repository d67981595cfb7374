-- Left out by exclude in lifescript.lua: it would fail.
error("not ready")
