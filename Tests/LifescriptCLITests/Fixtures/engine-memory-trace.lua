-- A long trace: every entry is held for the run's report and counts against --max-memory.
for i = 1, 1000000 do
  wait(1)
end
print("never printed: a million trace entries under the cap")
