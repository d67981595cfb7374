//
//  AppDelegate.swift
//

import UIKit

// See LifecycleTests/launch.lua for what it does.
