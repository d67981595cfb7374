-- An xpcall whose message handler never returns.
xpcall(error, function()
  while true do end
end)
