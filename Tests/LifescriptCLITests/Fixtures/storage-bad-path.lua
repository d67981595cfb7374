-- A path that leaves the app's container is an error at the script's line.
storage.write("Documents/ok.txt", "fine")
print(storage.read("Documents/ok.txt"))
storage.write("../../etc/passwd", "root")
print("never printed")
