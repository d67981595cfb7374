/// What UIKit is handing the app in the event or call in progress: the request and the objects
/// made for it, the remote notification arriving, the URL the app is opening, the app's scene
/// request, the appearance callbacks UIKit is sending. Each is set around one event or call and
/// put back when it returns, so it outlives a process that ends inside it (a quick action that
/// launches the app again carries its request into the new process).
struct Delivery {
  /// The request being handled (reference §6), and the objects made for it: its URL, quick
  /// action or activity.
  var request: SystemRequest?
  var requestObjects: SystemRequestObjects?
  /// The remote notification arriving (`device.push`), while the machine handles it.
  var notification: RemoteNotification?
  /// The URL the app's `UIApplication.open` is opening, with its completion handler.
  var openingURL: (url: AppURL, completion: RuntimeValue)?
  /// The error handler of the app's `requestSceneSessionActivation` call in progress.
  var sceneActivationErrorHandler: RuntimeValue?
  /// The user activity of that call, for the connection options of the scene it connects; the
  /// first connection takes it.
  var sceneActivationUserActivity: RuntimeValue?
  /// The appearance callbacks UIKit is sending now, so that one the app calls itself is told
  /// apart (Documentation/UIKit/containment.md#appearance-misuse-messages).
  var appearanceCallbacks: [(controller: ObjectIdentifier, selector: Selector)] = []
  /// The scene made by the latest connection, for `device.open_scene()` to return.
  var latestScene: UIScene?
}
