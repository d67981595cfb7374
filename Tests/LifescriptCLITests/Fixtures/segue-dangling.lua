-- The storyboard is declared again while the app runs, without the segue's destination: the
-- segue then performed names its own file and line, not only the controller.
Info { UIMainStoryboardFile = "segue-dangling" }
Storyboard "files/segue-dangling.storyboard"
local AppDelegate = class("AppDelegate", UIResponder)
AppDelegate.properties = { "window" }
main(AppDelegate)
local home = UIApplication.shared.keyWindow.rootViewController
Storyboard "files/redeclared/segue-dangling.storyboard"
home:performSegueWithIdentifier_sender("showNote", nil)
