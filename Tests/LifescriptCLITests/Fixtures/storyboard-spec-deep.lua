-- Scenes nested 100,000 deep are an error at the line, not a stack overflow.
local scene = "UIViewController"
for _ = 1, 100000 do
  scene = { class = "UINavigationController", children = { scene } }
end
Storyboard("Main", { initialViewController = scene })
