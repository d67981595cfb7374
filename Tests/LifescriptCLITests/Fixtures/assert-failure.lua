-- A failed assert fails the scenario at its line (exit status 1), as a failed expectation does.
-- A passing one returns its arguments, and one the script catches does not fail the run.
print(assert(1, "two", nil))
print(pcall(assert, false, "caught"))
main(class("AppDelegate", UIResponder))
assert(#trace() == 0, "the trace is empty")
