-- A view controller's restorationClass is a class (Class<UIViewControllerRestoration> in Swift):
-- a class name as a string is a scenario error at the assignment.
local controller = UIViewController.new()
controller.restorationClass = "PageRestorer"
