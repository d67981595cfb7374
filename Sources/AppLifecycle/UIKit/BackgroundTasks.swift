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
    var current: RuntimeClass? = cls
    while let each = current {
      switch each.name {
      case "BGAppRefreshTaskRequest": self = .appRefresh
      case "BGProcessingTaskRequest": self = .processing
      default:
        current = each.superclass
        continue
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
      Selector("registerForTaskWithIdentifier:usingQueue:launchHandler:"),
      .native { message in
        let device = message.device
        return try device.registerLaunchHandler(message)
      })
    scheduler.addMethod(
      Selector("submitTaskRequest:error:"),
      .native { message in
        let device = message.device
        return try device.submitTaskRequest(message)
      })
    scheduler.addMethod("cancelTaskRequestWithIdentifier:") { message in
      let device = message.device
      let identifier = try device.taskIdentifier(
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
            RuntimeValue.object(device.makeValue($0.kind.requestClassName, $0.fields))
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
      let device = message.device
      try device.completeScheduledTask(
        try message.receiver(as: BGTask.self), success: message.argument(0).boolValue)
      return .nil
    }
    try runtime.defineClass("BGAppRefreshTask", superclass: task)
    try runtime.defineClass("BGProcessingTask", superclass: task)
  }
}

extension Device {
  /// `BGTaskScheduler.shared` of the running process, made when first asked for; nil when the
  /// app is not running.
  public var sharedTaskScheduler: RuntimeObject? {
    guard machine.isRunning else { return nil }
    return currentTaskScheduler
  }

  var currentTaskScheduler: BGTaskScheduler {
    if let scheduler = process.taskScheduler { return scheduler }
    let scheduler = runtime.allocate(runtime.classNamed("BGTaskScheduler")!) as! BGTaskScheduler
    process.taskScheduler = scheduler
    return scheduler
  }

  /// `registerForTaskWithIdentifier:usingQueue:launchHandler:` (§19.4 items 1-3): only during
  /// the launch, once per identifier; NO for an identifier the Info.plist does not permit. The
  /// queue is not modelled: the handler runs when the task is delivered.
  fileprivate func registerLaunchHandler(_ message: Message) throws -> RuntimeValue {
    let selector = "registerForTaskWithIdentifier:usingQueue:launchHandler:"
    let identifier = try taskIdentifier(message.argument(0), selector)
    let handler = message.argument(2)
    guard host.isBlock(handler) else {
      throw LifecycleError(
        "\(selector) the launch handler must be a function (it receives the BGTask)")
    }
    let scheduler = try message.receiver(as: BGTaskScheduler.self)
    guard scheduler === process.taskScheduler, machine.isRunning,
      !process.launchHandlerRegistrationEnded
    else {
      throw ObjCException(
        .internalInconsistency,
        "All launch handlers must be registered before application finishes launching")
    }
    guard scheduler.launchHandlers[identifier] == nil else {
      throw ObjCException(
        .internalInconsistency,
        "Launch handler for task with identifier \(identifier) has already been registered")
    }
    // "Returns NO if the identifier isn't included in the BGTaskSchedulerPermittedIdentifiers
    // Info.plist" (§19.4 item 3).
    guard info.strings("BGTaskSchedulerPermittedIdentifiers").contains(identifier) else {
      return .bool(false)
    }
    scheduler.launchHandlers[identifier] = handler
    return .bool(true)
  }

  /// `submitTaskRequest:error:` (§19.4 item 4): the errors Apple documents, in an order of
  /// lifescript's (INFERRED), and the exception for an identifier with no launch handler.
  fileprivate func submitTaskRequest(_ message: Message) throws -> RuntimeValue {
    let selector = "submitTaskRequest:error:"
    guard let request = message.argument(0).object,
      let kind = ScheduledTaskKind(requestClass: request.isa)
    else {
      throw LifecycleError(
        "\(selector) a BGAppRefreshTaskRequest or BGProcessingTaskRequest expected, like BGAppRefreshTaskRequest.new(\"com.example.refresh\")"
      )
    }
    let identifier = try taskIdentifier(request.instanceVariables["identifier"] ?? .nil, selector)
    func failure(_ code: Int, _ name: String) -> ErrorOutParameter {
      ErrorOutParameter(domain: "BGTaskSchedulerErrorDomain", code: code, name: name)
    }
    guard machine.backgroundAppRefreshEnabled else {
      throw failure(1, "BGTaskSchedulerErrorCodeUnavailable")
    }
    guard info.strings("BGTaskSchedulerPermittedIdentifiers").contains(identifier),
      machine.declarations.backgroundModes.contains(kind.backgroundMode)
    else { throw failure(3, "BGTaskSchedulerErrorCodeNotPermitted") }
    let scheduler = try message.receiver(as: BGTaskScheduler.self)
    guard scheduler === process.taskScheduler, scheduler.launchHandlers[identifier] != nil else {
      throw ObjCException(
        .internalInconsistency,
        "No launch handler registered for task with identifier \(identifier)")
    }
    // A request with the same identifier is replaced, so it does not count.
    let sameKind = machine.pendingTaskRequests.filter {
      $0 != identifier && install.taskRequests[$0]?.kind == kind
    }
    guard sameKind.count < kind.pendingLimit else {
      throw failure(2, "BGTaskSchedulerErrorCodeTooManyPendingTaskRequests")
    }
    install.taskRequests[identifier] = ScheduledTaskRequest(
      kind: kind, fields: request.instanceVariables)
    machine.taskRequestSubmitted(identifier)
    return .bool(true)
  }

  /// A task identifier argument: a string.
  fileprivate func taskIdentifier(_ value: RuntimeValue, _ selector: String) throws -> String {
    guard case .string(let identifier) = value, !identifier.isEmpty else {
      throw LifecycleError(
        "\(selector) a task identifier expected (a string from BGTaskSchedulerPermittedIdentifiers)"
      )
    }
    return identifier
  }
}
