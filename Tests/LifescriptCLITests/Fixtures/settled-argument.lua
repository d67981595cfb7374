-- expect.settled takes no argument.
expect.settled "AppDelegate.application:didFinishLaunchingWithOptions:"
