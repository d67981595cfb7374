-- A storyboard scene that contains itself is an error at the line, not a stack overflow.
local navigation = { class = "UINavigationController" }
navigation.children = { "UIViewController", navigation }
Storyboard("Main", { initialViewController = navigation })
