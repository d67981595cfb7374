-- Recursion through Swift: an observer that posts the notification it observes.
local center = NotificationCenter.default
center:addObserver("Ping", function(note)
  center:post("Ping")
end)
center:post("Ping")
