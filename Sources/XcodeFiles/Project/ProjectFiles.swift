/// How the project model reads the files a project names: the embedding layer's own reading,
/// which decides where files may come from (the scenario's project root) and how messages name
/// them. The model does no IO of its own.
///
/// Paths are the model's: the project's folder as the scenario named it, joined with the
/// paths the project gives (`../MyApp.xcodeproj/..`, `../MyApp/Info.plist`).
public struct ProjectFiles {
  /// The bytes of the file at a path; nil when there is no file there. Throws when the file
  /// exists but may not or cannot be read (outside the project root, a FIFO, too large).
  public var read: (String) throws -> [UInt8]?
  /// The top-level dictionary of the XML property list at a path; nil when there is no file.
  public var readPropertyList: (String) throws -> [String: PlistValue]?
  /// The names in a folder, a subfolder's with a `/` at the end; nil when there is no folder.
  public var list: (String) throws -> [String]?
  /// Which folder a path is, however it is reached: the device and inode of the folder a
  /// symbolic link leads to; nil when that cannot be told. A synchronized folder's walk lists
  /// each folder once, so links that lead back into it end.
  public var folderIdentity: (String) throws -> FolderIdentity?
  /// The path as messages show it.
  public var display: (String) -> String
  /// Called with the bytes the model holds on behalf of the files (what an xcconfig file
  /// assigns, each build setting's value once evaluated), for the caller to count them against
  /// a memory cap; throws to stop the load. The model's own limits hold either way.
  public var charge: (Int) throws(ProjectError) -> Void = { _ in }

  /// A folder as the file system knows it (`st_dev`, `st_ino`), whatever path leads to it.
  public struct FolderIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
      self.device = device
      self.inode = inode
    }
  }

  public init(
    read: @escaping (String) throws -> [UInt8]?,
    readPropertyList: @escaping (String) throws -> [String: PlistValue]?,
    list: @escaping (String) throws -> [String]?,
    folderIdentity: @escaping (String) throws -> FolderIdentity? = { _ in nil },
    display: @escaping (String) -> String = { $0 }
  ) {
    self.read = read
    self.readPropertyList = readPropertyList
    self.list = list
    self.folderIdentity = folderIdentity
    self.display = display
  }
}
