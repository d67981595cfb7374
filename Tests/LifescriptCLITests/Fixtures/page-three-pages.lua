-- A page view controller shows one page per spread: three pages is UIKit's exception, which a
-- script at its top level gets as an error (exit 2).
local page = UIPageViewController.new()
page:setViewControllers_direction_animated_completion(
  { UIViewController.new(), UIViewController.new(), UIViewController.new() }, 0, false, nil)
