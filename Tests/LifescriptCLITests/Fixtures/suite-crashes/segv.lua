-- Has its worker sent SIGSEGV (with --allow-io): a crash however it came, which Swift's crash
-- handler must not let the worker survive.
print("about to be sent SIGSEGV")
os.execute("kill -SEGV $PPID")
wait(1)
print("never printed")
