-- An app without scenes has no scene to reclaim: an error that names what the system does
-- instead, exit 2.
main(class("AppDelegate", UIResponder))
device.reclaim_scene(UIApplication.shared.connectedScenes[1])
