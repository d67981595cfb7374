import CLuaShim

/// Values described for the C side to set into a table in one protected call
/// (clua_newtableref, clua_setglobals): keys and strings as offsets into one byte buffer.
struct LuaFieldList {
  private var bytes: [UInt8] = []
  private var fields: [clua_field] = []
  /// What the values refer to, alive until the table holds it.
  private var kept: [AnyObject] = []

  init(capacity: Int) {
    fields.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 16)
  }

  mutating func add(_ value: LuaValue, key: String?, state: LuaState, on stack: LuaStack) throws {
    var field = clua_field()
    switch value {
    case .nil: field.kind = Int32(CLUA_FIELD_NIL)
    case .boolean(let flag):
      field.kind = Int32(CLUA_FIELD_BOOLEAN)
      field.integer = flag ? 1 : 0
    case .integer(let number):
      field.kind = Int32(CLUA_FIELD_INTEGER)
      field.integer = Int64(number)
    case .number(let number):
      field.kind = Int32(CLUA_FIELD_NUMBER)
      field.number = number
    case .string(let text):
      field.kind = Int32(CLUA_FIELD_STRING)
      field.string_offset = bytes.count
      field.string_length = text.utf8.count
      bytes += text.utf8
    case .table(let reference), .function(let reference), .thread(let reference),
      .userdata(let reference):
      guard reference.handle === state.handle else {
        throw LuaError(.runtime, "a Lua value of another state cannot be used here")
      }
      field.kind = Int32(CLUA_FIELD_REFERENCE)
      field.integer = Int64(reference.ref)
      kept.append(reference)
    case .lightUserdata(let pointer):
      field.kind = Int32(CLUA_FIELD_LIGHT_USERDATA)
      field.pointer = pointer
    case .object(let object, let type):
      add(object, as: type, metatable: try state.metatable(for: type, on: stack), key: key)
      kept.append(object)
      kept.append(type)
      return
    }
    append(field, key: key)
  }

  /// A field of `LuaFields`: a value, or a function the state keeps.
  mutating func add(
    _ value: LuaFields.Field, key: String, state: LuaState, on stack: LuaStack
  ) throws {
    switch value {
    case .value(let value): try add(value, key: key, state: state, on: stack)
    case .function(let body):
      var field = clua_field()
      field.kind = Int32(CLUA_FIELD_KEPT_FUNCTION)
      field.pointer = state.keep(body)
      append(field, key: key)
    }
  }

  /// `add(.object(object, type), …)` with the metatable of `type` looked up once by the caller,
  /// which keeps the object and the type alive until the table holds them.
  mutating func add(
    _ object: AnyObject, as type: LuaObjectTypeBase, metatable: Int32, key: String?
  ) {
    var field = clua_field()
    field.kind = Int32(CLUA_FIELD_OBJECT)
    field.integer = Int64(metatable)
    field.pointer = Unmanaged.passUnretained(object).toOpaque()
    field.tag = UnsafeRawPointer(Unmanaged.passUnretained(type).toOpaque())
    append(field, key: key)
  }

  private mutating func append(_ field: consuming clua_field, key: String?) {
    if let key {
      field.key_offset = bytes.count
      field.key_length = key.utf8.count
      bytes += key.utf8
    }
    fields.append(field)
  }

  /// Calls `body` with the bytes and the fields, what they refer to kept alive meanwhile.
  func withDescription(_ body: (UnsafePointer<CChar>?, [clua_field]) -> Int32) -> Int32 {
    withExtendedLifetime(kept) {
      bytes.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress, fields) }
      }
    }
  }
}
