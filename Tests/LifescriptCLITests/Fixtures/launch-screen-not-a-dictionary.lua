-- UILaunchScreen must be a dictionary (reference §8.1): a clear error at the Info line, exit 2.
Info { UILaunchScreen = "LaunchScreen" }
