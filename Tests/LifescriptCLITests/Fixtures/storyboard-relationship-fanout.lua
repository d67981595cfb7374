-- A hostile storyboard: 24 tab bar controllers, each with both its tabs on the next, which
-- would make 2^24 controllers; refused at the first (c11) whose instantiation would make more
-- than 10,000, never a hang. Exit 2.
Storyboard "files/relationship-fanout.storyboard"
