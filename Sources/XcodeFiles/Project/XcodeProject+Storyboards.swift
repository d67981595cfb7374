extension XcodeProject {
  /// A storyboard an app target ships: its name (`Main` for `Main.storyboard`) and where its
  /// file is, from the project's folder.
  public struct ShippedStoryboard: Equatable, Sendable {
    public var name: String
    public var path: String
  }

  /// Folders walked and entries listed in a synchronized folder, at most: a hostile or huge
  /// tree is a warning, not a hang.
  static let maximumFolderDepth = 32
  static let maximumFolderEntries = 50_000

  /// The storyboards a target ships (Documentation/Reference/xcode-projects.md#storyboards):
  /// the `.storyboard` files of its resources build phase (a `PBXVariantGroup`'s `Base.lproj`
  /// variant, else the development region's, else its first), and those of its synchronized
  /// folders (Xcode 16), less their exceptions for the target, plus the files of other
  /// synchronized folders that an exception adds to it. Sorted by name.
  func storyboards(of target: Target, files: ProjectFiles, warnings: inout [FileWarning]) throws
    -> [ShippedStoryboard]
  {
    var found: [ShippedStoryboard] = []
    guard let object = objects[target.id] else { return [] }
    for phaseID in Self.ids(object["buildPhases"]) {
      guard let phase = objects[phaseID], phase["isa"]?.string == "PBXResourcesBuildPhase" else {
        continue
      }
      for buildFileID in Self.ids(phase["files"]) {
        guard let buildFile = objects[buildFileID], Self.isBuiltForIOS(buildFile),
          let reference = buildFile["fileRef"]?.string,
          let element = objects[reference]
        else { continue }
        if element["isa"]?.string == "PBXVariantGroup" {
          let name = element["name"]?.string ?? element["path"]?.string ?? ""
          guard Self.isInterfaceFile(name) else { continue }
          let variants = Self.ids(element["children"]).compactMap { path(ofElement: $0) }
          if let chosen = preferredVariant(variants) {
            found.append(ShippedStoryboard(name: PathText.base(of: name), path: chosen))
          }
        } else if Self.isStoryboard(element), let path = path(ofElement: reference) {
          found.append(ShippedStoryboard(name: PathText.base(of: path), path: path))
        }
      }
    }
    found += try synchronizedStoryboards(of: target, files: files, warnings: &warnings)
    // One storyboard per name: Xcode refuses to build two ("Multiple commands produce").
    var byName: [String: ShippedStoryboard] = [:]
    for storyboard in found {
      if let kept = byName[storyboard.name] {
        if kept.path != storyboard.path {
          warnings.append(
            FileWarning(
              .projectFile,
              "\(name).xcodeproj: the target \(target.name) ships two storyboards named \(storyboard.name) (\(files.display(kept.path)) and \(files.display(storyboard.path))); Xcode would not build it, lifescript keeps the first"
            )
          )
        }
        continue
      }
      byName[storyboard.name] = storyboard
    }
    let sorted = byName.values.sorted { $0.name < $1.name }
    // A storyboard's name is in the trace and the Info.plist's keys name it.
    for storyboard in sorted where MessageText.hasControlCharacter(storyboard.name) {
      try Self.refuseControlCharacters(
        in: storyboard.name,
        "\(name).xcodeproj: the target \(target.name) ships a storyboard whose name")
    }
    return sorted
  }

  /// A `.storyboard`, or a `.xib`, which an app ships as a launch screen file
  /// (Documentation/Reference/storyboards.md); `BuiltApp` keeps the `.xib`s the Info.plist names.
  static func isInterfaceFile(_ path: String) -> Bool {
    path.hasSuffix(".storyboard") || path.hasSuffix(".xib")
  }

  /// A build file with a platform filter applies to those platforms only (`platformFilter =
  /// maccatalyst;`, `platformFilters = (ios, xros, );`).
  private static func isBuiltForIOS(_ buildFile: [String: OpenStepValue]) -> Bool {
    if let filter = buildFile["platformFilter"]?.string { return filter == "ios" }
    if let filters = buildFile["platformFilters"]?.array {
      return filters.contains { $0.string == "ios" }
    }
    return true
  }

  private static func isStoryboard(_ element: [String: OpenStepValue]) -> Bool {
    if isInterfaceFile(element["path"]?.string ?? "") { return true }
    let type = element["lastKnownFileType"]?.string ?? element["explicitFileType"]?.string
    return type == "file.storyboard" || type == "file.xib"
  }

  /// `Base.lproj/Main.storyboard`, else the development region's, else the first.
  private func preferredVariant(_ paths: [String]) -> String? {
    let storyboards = paths.filter(Self.isInterfaceFile)
    return storyboards.first { PathText.name(of: PathText.folder(of: $0)) == "Base.lproj" }
      ?? storyboards.first {
        PathText.name(of: PathText.folder(of: $0)) == developmentRegion + ".lproj"
      }
      ?? storyboards.first
  }

  // MARK: Synchronized folders

  private func synchronizedStoryboards(
    of target: Target, files: ProjectFiles, warnings: inout [FileWarning]
  ) throws -> [ShippedStoryboard] {
    let attached = Set(Self.ids(objects[target.id]?["fileSystemSynchronizedGroups"]))
    var found: [ShippedStoryboard] = []
    for (id, group) in objects.sorted(by: { $0.key < $1.key })
    where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
      // The exceptions of this folder for this target: files left out of a target the folder
      // belongs to, or added to one it does not.
      var exceptions: [String] = []
      for setID in Self.ids(group["exceptions"]) {
        guard let set = objects[setID],
          set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
          set["target"]?.string == target.id
        else { continue }
        exceptions += Self.ids(set["membershipExceptions"])
      }
      let isAttached = attached.contains(id)
      guard isAttached || !exceptions.isEmpty, let folder = path(ofElement: id) else { continue }
      let opaque = Set(Self.ids(group["explicitFolders"]))
      var walk = FolderWalk(opaque: opaque, files: files)
      guard try walk.walk(folder, relative: "", depth: 0)
      else {
        if isAttached {
          warnings.append(
            FileWarning(
              .projectFile,
              "\(name).xcodeproj: the synchronized folder \(files.display(folder)) of the target \(target.name) does not exist; it adds no files"
            )
          )
        }
        continue
      }
      if walk.listed >= Self.maximumFolderEntries {
        warnings.append(
          FileWarning(
            .projectFile,
            "\(name).xcodeproj: the synchronized folder \(files.display(folder)) has more than \(Self.maximumFolderEntries) entries; lifescript looked no further"
          )
        )
      }
      var storyboards: [String: [String]] = [:]
      for relative in walk.paths where Self.isInterfaceFile(relative) {
        let excepted = exceptions.contains { Self.exception($0, names: relative) }
        guard isAttached != excepted else { continue }
        storyboards[PathText.base(of: relative), default: []].append(
          PathText.join(folder, relative))
      }
      for (storyboard, paths) in storyboards.sorted(by: { $0.key < $1.key }) {
        if let chosen = preferredVariant(paths.sorted()) {
          found.append(ShippedStoryboard(name: storyboard, path: chosen))
        }
      }
    }
    return found
  }

  /// The files of a synchronized folder and the folders in it (not hidden ones, nor
  /// `explicitFolders`, nor bundles and asset catalogs), as paths relative to it. Symbolic
  /// links to folders are followed, and each folder is listed once, known by its device and
  /// inode (`ProjectFiles.folderIdentity`): links that lead back into the folder would
  /// otherwise double its paths at each one, to the entry cap on every load.
  private struct FolderWalk {
    let opaque: Set<String>
    let files: ProjectFiles
    var listed = 0
    var paths: [String] = []
    var walked: Set<ProjectFiles.FolderIdentity> = []

    init(opaque: Set<String>, files: ProjectFiles) {
      self.opaque = opaque
      self.files = files
    }

    /// Lists `folder` and the folders in it. Returns false when `folder` does not exist.
    mutating func walk(_ folder: String, relative: String, depth: Int) throws -> Bool {
      // A folder walked already (through another path) adds nothing new. One whose identity
      // cannot be told is walked, within the caps.
      if let identity = try? files.folderIdentity(folder),
        !walked.insert(identity).inserted
      {
        return true
      }
      guard let entries = try files.list(folder) else { return false }
      for entry in entries.sorted() {
        guard listed < XcodeProject.maximumFolderEntries else { return true }
        listed += 1
        if entry.hasPrefix(".") { continue }
        if entry.hasSuffix("/") {
          let name = String(entry.dropLast())
          let path = relative.isEmpty ? name : relative + "/" + name
          let opaqueSuffixes = [
            ".xcassets", ".bundle", ".framework", ".xcdatamodeld", ".scnassets",
          ]
          guard depth + 1 < XcodeProject.maximumFolderDepth, !opaque.contains(path),
            !opaqueSuffixes.contains(where: { name.hasSuffix($0) })
          else { continue }
          _ = try walk(PathText.join(folder, name), relative: path, depth: depth + 1)
        } else {
          paths.append(relative.isEmpty ? entry : relative + "/" + entry)
        }
      }
      return true
    }
  }

  /// Whether a membership exception names the file at `relative`: by its path in the folder,
  /// or a localized file by its path without the `.lproj` folder (`/Localized: Main.storyboard`
  /// in Xcode 16, `/Localized/Main.storyboard` before).
  static func exception(_ exception: String, names relative: String) -> Bool {
    if exception == relative { return true }
    var localized: Substring?
    for prefix in ["/Localized: ", "/Localized/"] where exception.hasPrefix(prefix) {
      localized = exception.dropFirst(prefix.count)
    }
    guard let localized else { return false }
    let folder = PathText.folder(of: relative)
    guard folder.hasSuffix(".lproj") else { return localized == relative }
    let outer = PathText.folder(of: folder)
    return PathText.join(outer == "." ? "" : outer, PathText.name(of: relative)) == localized
      || relative == localized
  }
}
