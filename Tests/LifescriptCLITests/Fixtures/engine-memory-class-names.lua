-- Classes with one-MiB names: the runtime keeps each name, charged against --max-memory.
for i = 1, 300 do
  class(string.rep("C", 1 << 20) .. i)
end
print("never printed: 300 classes of one MiB under the cap")
