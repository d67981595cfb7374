local url = URL.new("demo:// spaced")
