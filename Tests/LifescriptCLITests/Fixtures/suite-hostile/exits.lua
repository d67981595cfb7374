-- Ends its worker process (with --allow-io): that scenario fails, the suite goes on.
print("leaving")
os.exit(3)
