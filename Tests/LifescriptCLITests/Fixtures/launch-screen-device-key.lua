-- A device-specific launch-screen key with a value of the wrong type: on an iPhone
-- UILaunchScreen~iphone is the key read, and the error names it. Exit 2.
Info { UILaunchScreen = {}, ["UILaunchScreen~iphone"] = "white" }
