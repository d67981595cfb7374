import Testing

@testable import Scenarios

/// `lifescript init` gives each class it declares a Lua field of its own: the class's name made
/// a Lua name, with `_2`, `_3`, … after it when another class has that field already.
@Suite struct DeclaredClassesTests {
  private static func fields(_ names: [String]) -> (fields: [String], tried: Int) {
    var declared = AppShape.DeclaredClasses(module: "App")
    for name in names {
      _ = declared.add(
        name, superclass: "UIViewController", protocols: [], origin: "test",
        role: .viewController(element: nil))
    }
    return (declared.classes.map(\.field), declared.fieldsTried)
  }

  @Test func namesThatMakeTheSameLuaNameGetNumberedFields() {
    // `X_2` is a class's own name: the numbering goes past it.
    let made = Self.fields(["XĀ", "X__2", "Xā", "Xă", "App.Xą", "X_"])
    #expect(made.fields == ["X_", "X__2", "X__3", "X__4", "X__5", "X__6"])
  }

  /// R11 of issue 29: 4,000 classes whose names all become `X_` (`X一`, `X丁`, …) took 28.5 s,
  /// each new one trying every field before it. Each now tries a few at most.
  @Test func fourThousandCollidingNamesGetDistinctFieldsInLinearWork() {
    let names = (0..<4_000).map { "X" + String(UnicodeScalar(0x4E00 + $0)!) }
    let made = Self.fields(names)
    #expect(made.fields.count == names.count)
    #expect(Set(made.fields).count == names.count, "every field distinct")
    #expect(made.fields.first == "X_")
    #expect(made.fields.last == "X__4000")
    let inOrder = made.fields.enumerated().allSatisfy { index, field in
      field == (index == 0 ? "X_" : "X__\(index + 1)")
    }
    #expect(inOrder, "numbered in declaration order")
    #expect(made.tried <= 2 * names.count, "fields tried: \(made.tried)")
    #expect(Self.fields(names).fields == made.fields, "the same on every run")
  }
}
