import AppLifecycle
import XcodeFiles

/// An app as `lifescript init` writes its suite: the classes UIKit makes of it (app delegate,
/// scene delegates, the storyboards' view controllers), whether it has scenes, and what its
/// cold launch shows (Documentation/Reference/commands.md#lifescript-init-project).
///
/// Everything comes from the project as Xcode builds it: the Info.plist (after variables are
/// expanded) and the storyboards the target ships. No Swift is read, so the app delegate, which
/// Swift names in code (`@main`), is `AppDelegate` unless the Info.plist names one.
struct AppShape {
  /// A class the suite declares in Lua.
  struct ScriptClass: Equatable {
    /// The class's name in the runtime: unqualified for the app's own module.
    var name: String
    /// The field of the module's table that holds it: a Lua name.
    var field: String
    var superclass: String
    var protocols: [String]
    /// Why the class is there, for its comment: `UISceneDelegateClassName in the Info.plist`.
    var origin: String
    var role: Role
  }

  enum Role: Equatable {
    /// The principal class: a UIApplication subclass the Info.plist names.
    case application
    case appDelegate
    case sceneDelegate
    /// A storyboard's view controller, with the Interface Builder element it is
    /// (`tableViewController`) when lifescript has no class of that kind.
    case viewController(element: String?)
  }

  var projectName: String
  var target: String
  var configuration: String
  var module: String
  /// The `project` trace line's text: what was chosen.
  var summary: String
  var usesScenes: Bool
  var classes: [ScriptClass]
  /// The app delegate's class (also in `classes`); nil when the Info.plist names one of
  /// UIKit's own (`UIResponder`), which has none of the delegate's methods.
  var appDelegate: ScriptClass?
  /// Whether the Info.plist names the app delegate (`UIApplicationDelegateClass`), so the entry
  /// point names none.
  var appDelegateFromInfoPlist: Bool
  /// The scene configuration a launch connects, for the app delegate's
  /// `application(_:configurationForConnecting:options:)`.
  var launchConfigurationName: String?
  /// The scene delegate of that configuration, when it names one of the app's.
  var launchSceneDelegate: ScriptClass?
  /// The storyboard the launch loads (`UISceneStoryboardFile` of that configuration, or
  /// `UIMainStoryboardFile`): nil for an app that makes its window in code.
  var mainStoryboard: String?
  /// The class of the main storyboard's initial view controller, when the suite declares it.
  var initialViewController: ScriptClass?
  /// Other scene roles the manifest configures (CarPlay, external displays), left out.
  var otherSceneRoles: [String]

  /// The UIKit class lifescript has for each Interface Builder element of a view controller;
  /// an element missing here (or whose class the runtime lacks) is declared a UIViewController.
  static let elementClasses = [
    "viewController": "UIViewController", "navigationController": "UINavigationController",
    "tabBarController": "UITabBarController", "tableViewController": "UITableViewController",
    "collectionViewController": "UICollectionViewController",
    "splitViewController": "UISplitViewController", "pageViewController": "UIPageViewController",
  ]

  init(app: BuiltApp, storyboards: [ProjectReader.ReadStoryboard]) throws {
    projectName = app.projectName
    target = app.target
    configuration = app.configuration
    var info = InfoPlist(app.infoPlist)
    info.buildSettings = app.buildSettings
    info.isBuilt = true
    module = info.moduleName ?? app.target
    summary = app.summary
    let known = try Device().runtime
    var declared = DeclaredClasses(module: module)
    // A class UIKit has (`UIViewController`, `UIResponder`) is used as it is: the app cannot
    // define it again, and the suite declares it no more than the app does.
    let moduleName = module
    func isUIKits(_ name: String) -> Bool {
      var name = Substring(name)
      for prefix in [moduleName + ".", "UIKit."] where name.hasPrefix(prefix) {
        name = name.dropFirst(prefix.count)
        break
      }
      return known.classNamed(String(name)) != nil
    }

    // The principal class, when the Info.plist names a subclass of UIApplication (§0 step 4);
    // it may be the app delegate too (§7.1), which then adds its protocol to it.
    if let principal = info.string("NSPrincipalClass"), !isUIKits(principal) {
      _ = declared.add(
        principal, superclass: "UIApplication", protocols: [],
        origin: "NSPrincipalClass in the Info.plist", role: .application)
    }

    // The app delegate: the Info.plist's, else the one Xcode's templates name in code.
    let delegateName = info.string("UIApplicationDelegateClass")
    appDelegateFromInfoPlist = delegateName != nil
    appDelegate =
      isUIKits(delegateName ?? "AppDelegate")
      ? nil
      : declared.add(
        delegateName ?? "AppDelegate", superclass: "UIResponder",
        protocols: ["UIApplicationDelegate"],
        origin: delegateName != nil
          ? "UIApplicationDelegateClass in the Info.plist"
          : "the app delegate; the Info.plist names none, so Swift names it in code (@main)",
        role: .appDelegate)

    // Scene delegates of the window-scene role; the first configuration is the one a launch
    // connects (§3.3: UIKit's default, and what Xcode's template returns by name).
    let manifest = SceneManifest(info)
    usesScenes = manifest != nil
    let windowConfigurations = manifest?.configurations[SceneManifest.applicationRole] ?? []
    launchConfigurationName = windowConfigurations.first?.name
    launchSceneDelegate = nil
    for (index, configuration) in windowConfigurations.enumerated() {
      guard let name = configuration.delegateClassName, !isUIKits(name) else { continue }
      let added = declared.add(
        name, superclass: "UIResponder", protocols: ["UIWindowSceneDelegate"],
        origin: "UISceneDelegateClassName of the scene configuration "
          + (configuration.name.map { "\"\($0)\"" } ?? "(no name)"),
        role: .sceneDelegate)
      if index == 0 { launchSceneDelegate = added }
    }
    otherSceneRoles =
      (manifest?.configurations.keys.filter { $0 != SceneManifest.applicationRole }
      ?? []).sorted()
    mainStoryboard =
      usesScenes ? windowConfigurations.first?.storyboardName : info.string("UIMainStoryboardFile")

    // View controllers: every scene of every storyboard the app ships but its launch screens.
    initialViewController = nil
    for storyboard in storyboards {
      let scan = try FileFormatError.reading {
        try StoryboardClasses(storyboard.bytes, file: storyboard.file)
      }
      // A launch screen has no classes of the app's (Xcode refuses them, §8.1).
      if scan.isLaunchScreen { continue }
      for controller in scan.controllers where !isUIKits(controller.className) {
        var superclass = Self.elementClasses[controller.element] ?? "UIViewController"
        if known.classNamed(superclass) == nil { superclass = "UIViewController" }
        let added = declared.add(
          controller.className, superclass: superclass, protocols: [],
          origin: "\(storyboard.name).storyboard, line \(controller.line)",
          role: .viewController(
            element: superclass == Self.elementClasses[controller.element]
              ? nil : controller.element))
        if storyboard.name == mainStoryboard, controller.isInitial {
          initialViewController = added
        }
      }
    }
    classes = declared.classes
    // A class declared twice (a delegate that is also its scene's delegate) keeps one entry.
    if let delegate = appDelegate {
      appDelegate = classes.first { $0.name == delegate.name }
    }
    if let scene = launchSceneDelegate {
      launchSceneDelegate = classes.first { $0.name == scene.name }
    }
  }

  /// The classes in the order they are declared, each once, with unique Lua fields.
  struct DeclaredClasses {
    let module: String
    private(set) var classes: [ScriptClass] = []
    /// How many candidate fields were tried, for the tests: the work of making fields unique.
    private(set) var fieldsTried = 0
    /// Each class's index in `classes`, by name.
    private var indexByName: [String: Int] = [:]
    private var fields: Set<String> = []
    /// For a Lua name that several classes make, the suffix to try next: the ones below it are
    /// taken (fields are never given back), so each collision tries on from there instead of
    /// from `_2`, which made thousands of colliding names (`XĀ`, `Xā`, … are all `X_`) cubic.
    private var nextSuffix: [String: Int] = [:]

    init(module: String) { self.module = module }

    /// Declares `qualified` (the app's module prefix dropped: script classes live in the app's
    /// module), or adds the protocols to the class already declared with that name. The field
    /// is the name made a Lua name, or the first of `name_2`, `name_3`, … no class has.
    mutating func add(
      _ qualified: String, superclass: String, protocols: [String], origin: String, role: Role
    ) -> ScriptClass {
      let name =
        qualified.hasPrefix(module + ".")
        ? String(qualified.dropFirst(module.count + 1)) : qualified
      if let index = indexByName[name] {
        for adopted in protocols where !classes[index].protocols.contains(adopted) {
          classes[index].protocols.append(adopted)
        }
        return classes[index]
      }
      let base = LuaSource.name(name)
      var field = base
      fieldsTried += 1
      if fields.contains(field) {
        var suffix = nextSuffix[base] ?? 2
        repeat {
          field = base + "_\(suffix)"
          suffix += 1
          fieldsTried += 1
        } while fields.contains(field)
        nextSuffix[base] = suffix
      }
      let added = ScriptClass(
        name: name, field: field, superclass: superclass, protocols: protocols, origin: origin,
        role: role)
      indexByName[name] = classes.count
      fields.insert(field)
      classes.append(added)
      return added
    }
  }
}
