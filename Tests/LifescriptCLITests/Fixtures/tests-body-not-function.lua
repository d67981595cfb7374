-- A test's body is a function.
test("launch", "main(AppDelegate)")
