/// `BGTaskScheduler.shared`: one per process; the launch handlers the app registered go with it
/// (Documentation/UIKit/background-launches.md#background-tasks).
public final class BGTaskScheduler: RuntimeObject {
  /// The launch handlers, by task identifier (§19.4 item 1).
  var launchHandlers: [String: RuntimeValue] = [:]
}

/// A `BGAppRefreshTask` or `BGProcessingTask` the system runs for the app (§19.4 items 5-7).
public final class BGTask: RuntimeObject {
  public internal(set) var taskIdentifier = ""
  var expirationHandler: RuntimeValue = .nil
  /// The app called `setTaskCompleted(success:)`, or the system marked the task complete.
  public internal(set) var success: Bool?
  /// When the task's time is up.
  var deadline: ManualRunLoop.Task?
}

/// The two kinds of scheduled task (§19.4 item 5), with what the system allows each.
public enum ScheduledTaskKind: Sendable {
  case appRefresh
  case processing

  init?(requestClass cls: RuntimeClass) {
    for each in cls.ancestry {
      switch each.name {
      case "BGAppRefreshTaskRequest": self = .appRefresh
      case "BGProcessingTaskRequest": self = .processing
      default: continue
      }
      return
    }
    return nil
  }

  var requestClassName: String {
    switch self {
    case .appRefresh: "BGAppRefreshTaskRequest"
    case .processing: "BGProcessingTaskRequest"
    }
  }

  var taskClassName: String {
    switch self {
    case .appRefresh: "BGAppRefreshTask"
    case .processing: "BGProcessingTask"
    }
  }

  /// The `UIBackgroundModes` entry the kind needs: `fetch` for app refresh, `processing` (§19.4
  /// item 5; a request without it fails with `BGTaskSchedulerErrorCodeNotPermitted`).
  var backgroundMode: String {
    switch self {
    case .appRefresh: "fetch"
    case .processing: "processing"
    }
  }

  /// "There can be a total of 1 refresh task and 10 processing tasks scheduled at any time"
  /// (Apple's `submit(_:)` page; §19.4).
  var pendingLimit: Int {
    switch self {
    case .appRefresh: 1
    case .processing: 10
    }
  }

  /// The time the system gives a task before it expires. Apple publishes none: about 30 s for
  /// app refresh, as other background work, and minutes for processing (§19.4 item 8), here 5
  /// (both INFERRED).
  public var budget: Double {
    switch self {
    case .appRefresh: 30
    case .processing: 300
    }
  }
}

/// A submitted task request as the system keeps it: a copy, so that changing the request object
/// afterwards changes nothing (INFERRED).
struct ScheduledTaskRequest {
  var kind: ScheduledTaskKind
  var fields: [String: RuntimeValue]
}

extension BGTaskScheduler {
  /// The BackgroundTasks framework's classes (§19.4).
  static func define(in runtime: Runtime) throws {
    let scheduler = try runtime.defineClass(
      "BGTaskScheduler", superclass: nil, allocator: { BGTaskScheduler(isa: $0, identifier: $1) })
    scheduler.addMethod(
      UIKitSelector.registerForTaskWithIdentifierUsingQueueLaunchHandler,
      .native { message in
        try message.receiver(as: BGTaskScheduler.self).registerLaunchHandler(message)
      })
    scheduler.addMethod(
      UIKitSelector.submitTaskRequestError,
      .native { message in
        try message.receiver(as: BGTaskScheduler.self).submitTaskRequest(message)
      })
    scheduler.addMethod("cancelTaskRequestWithIdentifier:") { message in
      let device = message.device
      let identifier = try BGTaskScheduler.taskIdentifier(
        message.argument(0), "cancelTaskRequestWithIdentifier:")
      device.install.taskRequests[identifier] = nil
      device.machine.taskRequestsCancelled(identifier)
      return .nil
    }
    scheduler.addMethod("cancelAllTaskRequests") { message in
      let device = message.device
      device.install.taskRequests = [:]
      device.machine.taskRequestsCancelled(nil)
      return .nil
    }
    // The pending requests, handed over after the app's current work (on a queue of the
    // framework's in iOS; when exactly is INFERRED).
    scheduler.addMethod("getPendingTaskRequestsWithCompletionHandler:") { message in
      let device = message.device
      let handler = message.argument(0)
      guard device.host.isBlock(handler) else {
        throw LifecycleError(
          "getPendingTaskRequestsWithCompletionHandler: a function expected (it receives the list of pending requests)"
        )
      }
      try DeferredWork(device).onNextTurn { [unowned device] in
        let requests = device.machine.pendingTaskRequests.compactMap { identifier in
          device.install.taskRequests[identifier].map {
            RuntimeValue.object(device.runtime.makeValue($0.kind.requestClassName, $0.fields))
          }
        }
        try device.host.call(handler, [.array(requests)])
      }
      return .nil
    }
    let request = try runtime.defineValueClass(
      "BGTaskRequest", ["identifier", "earliestBeginDate"], initializerKey: "identifier")
    try runtime.defineValueClass(
      "BGAppRefreshTaskRequest", ["identifier", "earliestBeginDate"], initializerKey: "identifier",
      superclass: request)
    try runtime.defineValueClass(
      "BGProcessingTaskRequest",
      ["identifier", "earliestBeginDate", "requiresNetworkConnectivity", "requiresExternalPower"],
      initializerKey: "identifier", superclass: request)
    let task = try runtime.defineClass(
      "BGTask", superclass: nil, allocator: { BGTask(isa: $0, identifier: $1) })
    task.addProperty("identifier") { .string(try $0.receiver(as: BGTask.self).taskIdentifier) }
    task.addProperty(
      "expirationHandler", get: { try $0.receiver(as: BGTask.self).expirationHandler },
      set: { message in
        let device = message.device
        let handler = message.argument(0)
        guard handler.isNil || device.host.isBlock(handler) else {
          throw LifecycleError("expirationHandler: a function (or nil) expected")
        }
        try message.receiver(as: BGTask.self).expirationHandler = handler
      })
    task.addMethod("setTaskCompletedWithSuccess:") { message in
      try message.receiver(as: BGTask.self).complete(success: message.argument(0).boolValue)
      return .nil
    }
    try runtime.defineClass("BGAppRefreshTask", superclass: task)
    try runtime.defineClass("BGProcessingTask", superclass: task)
  }
}

extension BGTaskScheduler {
  /// `registerForTaskWithIdentifier:usingQueue:launchHandler:` (§19.4 items 1-3): only during
  /// the launch, once per identifier; NO for an identifier the Info.plist does not permit. The
  /// queue is not modelled: the handler runs when the task is delivered.
  fileprivate func registerLaunchHandler(_ message: Message) throws -> RuntimeValue {
    let device = self.device
    let selector = "registerForTaskWithIdentifier:usingQueue:launchHandler:"
    let identifier = try Self.taskIdentifier(message.argument(0), selector)
    let handler = message.argument(2)
    guard device.host.isBlock(handler) else {
      throw LifecycleError(
        "\(selector) the launch handler must be a function (it receives the BGTask)")
    }
    guard self === device.process.taskScheduler, device.machine.isRunning,
      !device.process.launchHandlerRegistrationEnded
    else {
      throw ObjCException(
        .internalInconsistency,
        "All launch handlers must be registered before application finishes launching")
    }
    guard launchHandlers[identifier] == nil else {
      throw ObjCException(
        .internalInconsistency,
        "Launch handler for task with identifier \(identifier) has already been registered")
    }
    // "Returns NO if the identifier isn't included in the BGTaskSchedulerPermittedIdentifiers
    // Info.plist" (§19.4 item 3).
    guard device.info.strings("BGTaskSchedulerPermittedIdentifiers").contains(identifier) else {
      return .bool(false)
    }
    launchHandlers[identifier] = handler
    return .bool(true)
  }

  /// `submitTaskRequest:error:` (§19.4 item 4): the errors Apple documents, in an order of
  /// lifescript's (INFERRED), and the exception for an identifier with no launch handler.
  fileprivate func submitTaskRequest(_ message: Message) throws -> RuntimeValue {
    let device = self.device
    let selector = "submitTaskRequest:error:"
    guard let request = message.argument(0).object,
      let kind = ScheduledTaskKind(requestClass: request.isa)
    else {
      throw LifecycleError(
        "\(selector) a BGAppRefreshTaskRequest or BGProcessingTaskRequest expected, like BGAppRefreshTaskRequest.new(\"com.example.refresh\")"
      )
    }
    let identifier = try Self.taskIdentifier(
      request.instanceVariables["identifier"] ?? .nil, selector)
    func failure(_ code: Int, _ name: String) -> ErrorOutParameter {
      ErrorOutParameter(domain: "BGTaskSchedulerErrorDomain", code: code, name: name)
    }
    guard device.machine.backgroundAppRefreshEnabled else {
      throw failure(1, "BGTaskSchedulerErrorCodeUnavailable")
    }
    guard device.info.strings("BGTaskSchedulerPermittedIdentifiers").contains(identifier),
      device.machine.declarations.backgroundModes.contains(kind.backgroundMode)
    else { throw failure(3, "BGTaskSchedulerErrorCodeNotPermitted") }
    guard self === device.process.taskScheduler, launchHandlers[identifier] != nil else {
      throw ObjCException(
        .internalInconsistency,
        "No launch handler registered for task with identifier \(identifier)")
    }
    // A request with the same identifier is replaced, so it does not count.
    let sameKind = device.machine.pendingTaskRequests.filter {
      $0 != identifier && device.install.taskRequests[$0]?.kind == kind
    }
    guard sameKind.count < kind.pendingLimit else {
      throw failure(2, "BGTaskSchedulerErrorCodeTooManyPendingTaskRequests")
    }
    device.install.taskRequests[identifier] = ScheduledTaskRequest(
      kind: kind, fields: request.instanceVariables)
    device.machine.taskRequestSubmitted(identifier)
    return .bool(true)
  }

  /// A task identifier argument: a string.
  fileprivate static func taskIdentifier(_ value: RuntimeValue, _ selector: String) throws
    -> String
  {
    guard case .string(let identifier) = value, !identifier.isEmpty else {
      throw LifecycleError(
        "\(selector) a task identifier expected (a string from BGTaskSchedulerPermittedIdentifiers)"
      )
    }
    return identifier
  }

  /// §19.4 item 5: the launch handler registered for the identifier gets a `BGAppRefreshTask`
  /// or `BGProcessingTask`; none registered in this process raises. The task keeps the app
  /// running until it is completed or its budget runs out.
  func launchTask(_ identifier: String) throws {
    let device = self.device
    guard let request = device.install.taskRequests.removeValue(forKey: identifier) else {
      // The machine runs only a task whose request the app submitted, and both forget it
      // together.
      preconditionFailure("the scheduled task \(identifier) ran without its request")
    }
    // "No launch handler registered for task with identifier …" also when the system launches
    // the app for a task and the new process registered none (§19.4 item 4).
    guard let handler = launchHandlers[identifier] else {
      throw ObjCException(
        .internalInconsistency,
        "No launch handler registered for task with identifier \(identifier)")
    }
    let task = try device.create(device.runtime.classNamed(request.kind.taskClassName)!) as! BGTask
    task.taskIdentifier = identifier
    device.process.runningTasks[identifier] = task
    device.machine.scheduledTaskStarted(identifier)
    task.deadline = device.loop.schedule(after: request.kind.budget) { [unowned device] in
      guard device.process.runningTasks[identifier] === task else { return }
      try device.asProcess {
        try device.perform(try device.machine.handle(.backgroundTaskExpiry(identifier)))
      }
    }
    try device.host.call(handler, [.object(task)])
  }
}

extension BGTask {
  /// `setTaskCompletedWithSuccess:`: the task is done; with nothing else to do the app is
  /// suspended. A second call, or one after the task expired, does nothing (INFERRED).
  func complete(success: Bool) throws {
    let device = self.device
    guard self.success == nil else { return }
    self.success = success
    guard device.process.runningTasks[taskIdentifier] === self else { return }
    device.process.runningTasks[taskIdentifier] = nil
    if let deadline { device.loop.cancel(deadline) }
    deadline = nil
    try device.perform(device.machine.scheduledTaskCompleted(taskIdentifier))
  }

  /// §19.4 item 6: the task's expiration handler; without one "the system marking your task as
  /// complete and unsuccessful".
  func expire() throws {
    let device = self.device
    if let deadline { device.loop.cancel(deadline) }
    deadline = nil
    guard !expirationHandler.isNil else {
      device.log(
        "[lifescript] the background task \"\(taskIdentifier)\" expired without an expirationHandler: the system marks it complete and unsuccessful (see Documentation/UIKit/background-launches.md#background-tasks)"
      )
      try complete(success: false)
      return
    }
    try device.host.call(expirationHandler, [])
    // Not completed in its handler: the task is over all the same.
    if device.process.runningTasks[taskIdentifier] === self {
      device.process.runningTasks[taskIdentifier] = nil
    }
  }
}

extension Device {
  /// `BGTaskScheduler.shared` of the running process, made when first asked for; nil when the
  /// app is not running.
  public var sharedTaskScheduler: RuntimeObject? {
    guard machine.isRunning else { return nil }
    return taskSchedulerOfProcess
  }

  var taskSchedulerOfProcess: BGTaskScheduler {
    if let scheduler = process.taskScheduler { return scheduler }
    let scheduler = runtime.allocate(runtime.classNamed("BGTaskScheduler")!) as! BGTaskScheduler
    process.taskScheduler = scheduler
    return scheduler
  }
}
