-- App code performs a segue the controller does not have, from a callback: UIKit's
-- NSInvalidArgumentException ends the process. Exit 1.
Info { UIMainStoryboardFile = "Main" }
Storyboard "../../../Scripts/regression/fixtures/segues/Main.storyboard"
local AppDelegate = class("AppDelegate", UIResponder)
AppDelegate.properties = { "window" }
HomeViewController = class("HomeViewController", UIViewController)
function HomeViewController:viewDidAppear(animated)
  self:performSegueWithIdentifier_sender("showNotes", self)   -- the segue is "showNote"
end
main(AppDelegate)
