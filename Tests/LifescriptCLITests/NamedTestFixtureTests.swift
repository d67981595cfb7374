import Foundation
import Testing

/// What `lifescript run` says about files whose named tests are malformed, fail or error
/// (Documentation/Reference/scenario-language.md#named-tests): each exactly, with its exit status.
@Suite struct NamedTestFixtureTests {
  static let fixtures: [Fixture] = [
    Fixture(
      arguments: ["run", "tests-bad-name.lua"],
      error: """
        tests-bad-name.lua:2: bad argument #1 to 'test' (string expected, got number)
        stack traceback:
        \t[C]: in function 'test'
        \ttests-bad-name.lua:2: in main chunk

        """),
    Fixture(
      arguments: ["run", "tests-empty-name.lua"],
      error: """
        tests-empty-name.lua:2: bad argument #1 to 'test' (the name is empty)
        stack traceback:
        \t[C]: in function 'test'
        \ttests-empty-name.lua:2: in main chunk

        """),
    Fixture(
      arguments: ["run", "tests-duplicate-name.lua"],
      error: """
        tests-duplicate-name.lua:8: a test named "launch" is already defined at line 2; names of the tests of a file must differ
        stack traceback:
        \t[C]: in function 'test'
        \ttests-duplicate-name.lua:8: in main chunk

        """),
    Fixture(
      arguments: ["run", "tests-body-not-function.lua"],
      error: """
        tests-body-not-function.lua:2: bad argument #2 to 'test' (function expected, got string)
        stack traceback:
        \t[C]: in function 'test'
        \ttests-body-not-function.lua:2: in main chunk

        """),
    Fixture(
      arguments: ["run", "tests-describe-not-function.lua"],
      error: """
        tests-describe-not-function.lua:2: bad argument #2 to 'describe' (function expected, got table)
        stack traceback:
        \t[C]: in function 'describe'
        \ttests-describe-not-function.lua:2: in main chunk

        """),
    Fixture(
      arguments: ["run", "tests-control-name.lua"],
      error: """
        tests-control-name.lua:2: bad argument #1 to 'test' (a name is one line without control characters, and this one has U+000A)
        stack traceback:
        \t[C]: in function 'test'
        \ttests-control-name.lua:2: in main chunk

        """),
    Fixture(
      arguments: ["run", "tests-huge-name.lua"],
      error: """
        tests-huge-name.lua:3: bad argument #1 to 'test' (a test's name with its groups is at most 500 bytes, got 553)
        stack traceback:
        \t[C]: in function 'test'
        \ttests-huge-name.lua:3: in function <tests-huge-name.lua:2>
        \t[C]: in function 'describe'
        \ttests-huge-name.lua:2: in main chunk

        """),
    Fixture(
      arguments: ["run", "tests-app-at-top-level.lua"],
      error: """
        tests-app-at-top-level.lua:4: this file defines tests (the first one here), so its top level must not run the app, and it did (new UIApplication): each test starts a fresh app after the top level has run again; call UIApplicationMain or main(...) and the device actions inside the tests

        """),
    Fixture(
      arguments: ["run", "tests-nested.lua"],
      error: """
        tests-nested.lua:3: test() inside the test "outer" (tests-nested.lua:2): tests are defined at the file's top level or inside describe(), not inside another test
        stack traceback:
        \t[C]: in function 'test'
        \ttests-nested.lua:3: in function <tests-nested.lua:2>

        """,
      output: """
        ERROR outer
        PASS  after
        2 tests: 1 passed, 1 failed

        """),
    Fixture(
      arguments: ["run", "--max-instructions", "1000000", "tests-errors.lua"],
      error: """
        tests-errors.lua:8: attempt to index a nil value (local 'missing')
        stack traceback:
        \ttests-errors.lua:8: in function <tests-errors.lua:6>
        tests-errors.lua:12: expect.equal: expected "background", got "active"
        tests-errors.lua:16: instruction limit exceeded (1000000 instructions); raise it with --max-instructions
        stack traceback:
        \ttests-errors.lua:16: in function <tests-errors.lua:15>

        """,
      output: """
        PASS  passes
        ERROR errors
        FAIL  fails
        ERROR loops
        PASS  passes after
        5 tests: 2 passed, 3 failed

        """),
    Fixture(
      arguments: ["run", "tests-known-issue-passes.lua"],
      status: 1,
      error: """
        tests-known-issue-passes.lua:3: known issue "FB1234: the draft is lost" no longer fails: the test "fixed" passed; remove its known_issue(...)

        """,
      output: """
        FAIL  fixed
        KNOWN still broken (known issue: FB5678: the badge is stale)
        2 tests: 0 passed, 1 failed, 1 known issue

        """),
    Fixture(
      arguments: ["run", "tests-skip-outside.lua"],
      error: """
        tests-skip-outside.lua:2: skip() outside a test: call it inside the function of a test("name", function() … end)
        stack traceback:
        \t[C]: in function 'skip'
        \ttests-skip-outside.lua:2: in main chunk

        """),
    // The time limit is per test, and names it; the tests before it were reported already.
    Fixture(
      arguments: [
        "run", "--max-instructions", "none", "--timeout", "1", "named-hostile/hangs.lua",
      ],
      error:
        "named-hostile/hangs.lua › loops forever: time limit exceeded (1 s of wall-clock time); raise it with --timeout\n",
      output: "PASS  ends\n"),
    // A command that runs a file as one scenario refuses one with tests rather than pass it.
    Fixture(
      arguments: ["migrate-check", "tests-known-issue-passes.lua"],
      error: """
        tests-known-issue-passes.lua:2: this file defines named tests (test(...)), and this command runs a file as one scenario; run its tests with lifescript run or lifescript test

        """),
  ]

  @Test(arguments: fixtures)
  func namedTestFailuresAreReportedExactly(fixture: Fixture) throws {
    let result = try CommandLine.run(fixture.arguments)
    #expect(result.error == fixture.error)
    #expect(result.output == fixture.output)
    #expect(result.status == fixture.status)
  }
}
