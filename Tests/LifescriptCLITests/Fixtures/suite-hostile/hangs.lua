-- Never ends (run with --max-instructions none): the suite's --timeout stops its worker.
while true do end
