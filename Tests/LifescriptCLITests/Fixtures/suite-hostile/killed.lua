-- Has its worker killed by a signal (with --allow-io): that scenario fails, the suite goes on.
print("about to be killed")
os.execute("kill -9 $PPID")
