-- setViewControllers(_:direction:animated:completion:) takes a list of view controllers.
local page = UIPageViewController.new()
page:setViewControllers_direction_animated_completion(UIViewController.new(), 0, false, nil)
