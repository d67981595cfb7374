-- Two scenarios called "same" in different folders: both run, reported apart.
print("a")
