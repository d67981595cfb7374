import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

  var window: UIWindow?

  /// A cold launch by URL hands the URL over here, not to `scene(_:openURLContexts:)`.
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard scene is UIWindowScene else { return }
    if let url = connectionOptions.urlContexts.first?.url {
      open(url)
    }
  }

  /// A URL opened while the app is running.
  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
    if let url = URLContexts.first?.url {
      open(url)
    }
  }

  func sceneWillResignActive(_ scene: UIScene) {
    notes?.hideContent()
  }

  func sceneDidBecomeActive(_ scene: UIScene) {
    notes?.showContent()
  }

  func sceneDidEnterBackground(_ scene: UIScene) {
    Drafts.shared.save()
  }

  /// `myapp://note/42` shows note 42.
  private func open(_ url: URL) {
    guard url.host == "note" else { return }
    notes?.show(noteID: url.lastPathComponent)
  }

  private var notes: NotesViewController? {
    window?.rootViewController as? NotesViewController
  }
}
