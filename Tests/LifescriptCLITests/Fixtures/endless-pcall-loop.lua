-- An endless loop that swallows every error, including the limit.
while true do
  pcall(function()
    while true do end
  end)
end
