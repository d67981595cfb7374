-- Runs after the crashes, in a fresh worker.
print("still here")
