-- Issue 16, D2: a binding called inside a coroutine acts on the main thread's stack.
-- Found by Fuzz/scenario/generate.py (seed 17); open while D2 is.
for i = 1, 300 do
  print(pcall(coroutine.resume, coroutine.create(function() expect.order {} end)))
end
