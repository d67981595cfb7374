-- io is not there without --allow-io.
local file = io.open("/etc/hostname")
