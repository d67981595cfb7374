-- More view controllers than a storyboard file may make are an error, not a slow launch.
local tabs = {}
for index = 1, 40000 do
  tabs[index] = "UIViewController"
end
Storyboard("Main", { initialViewController = { class = "UITabBarController", children = tabs } })
