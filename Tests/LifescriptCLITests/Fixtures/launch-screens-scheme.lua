-- A URL scheme associated with a launch screen nobody defined: a clear error, exit 2.
Info {
  UILaunchScreens = {
    UILaunchScreenDefinitions = { { UILaunchScreenIdentifier = "Main" } },
    UIURLToLaunchScreenAssociations = { promo = "Sale" },
    UIDefaultLaunchScreen = "Main",
  },
}
