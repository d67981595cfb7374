-- What a scenario printed before --timeout stopped it reaches standard output, also a file or a
-- pipe (where it waits in a buffer).
print("printed before the time limit")
while true do end
