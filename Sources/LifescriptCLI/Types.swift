import ArgumentParser
import Scenarios

/// `lifescript types [--output FILE]`: Lua LanguageServer definitions for editors (issue 7).
struct Types: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write Lua LanguageServer definitions of everything a scenario can use.",
    discussion: """
      The file (---@meta annotations) declares every class of the runtime with its properties \
      and methods (named by their selectors, as scripts write them), UIKit's delegate protocols, \
      the globals, every device action and every expectation, each with a one-line summary. \
      It is generated from a fresh scenario, so it always matches this lifescript. Point the \
      editor's Lua language server at it (Lua.workspace.library); \
      Documentation/Reference/commands.md#editors shows how for VS Code and Neovim.
      """
  )

  @Option(
    help: ArgumentHelp(
      "Write the definitions to this file (atomically) instead of standard output.",
      valueName: "file"),
    completion: .file(extensions: ["lua"]))
  var output: String?

  func validate() throws {
    try OutputFiles.checkNotEmpty(output, option: "--output")
  }

  func run() throws {
    do {
      if let output { try FileSystem.checkWritable(output) }
      let text = try LuaDefinitions.generate(generator: "lifescript \(Lifescript.version)")
      if let output {
        try FileSystem.writeAtomically(text, to: output)
      } else {
        Console.writeOutput(text)
      }
    } catch let failure as FileSystem.Failure {
      Console.writeError(failure.message + "\n")
      throw ExitCode(2)
    }
  }
}
