/// UIKit's own work on the main run loop, around the app's callbacks: what waits until the
/// app's current callback has returned (a presentation, a navigation transition), and what
/// waits for a later turn (the end of an animation, a reply UIKit sends later).
///
/// It acts on no single object: it is the device's process and main run loop seen from UIKit's
/// side, so it is a value that takes the device rather than a method of one of UIKit's classes.
struct DeferredWork {
  let device: Device

  init(_ device: Device) { self.device = device }

  /// UIKit work that runs once the app's current callback has returned, in the same turn of the
  /// main run loop; asked by the scenario itself, at once. Work of a process that has ended
  /// since is dropped.
  func afterCallbacks(_ work: @escaping () throws -> Void) throws {
    guard device.isRunningAppCode else {
      try device.asProcess(work)
      try device.loop.runUntilIdle()
      return
    }
    try onNextTurn(work)
  }

  /// Work for a later turn of the main run loop at the same instant (the end of an animation,
  /// whose duration is not modelled), as part of the process asking for it; dropped if that
  /// process ends first.
  func onNextTurn(_ work: @escaping () throws -> Void) throws {
    let device = self.device
    let process = device.currentProcess
    device.loop.enqueue { [unowned device] in try device.run(partOf: process, work) }
  }
}
