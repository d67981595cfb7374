-- A group's body is a function.
describe("group", { test = "launch" })
