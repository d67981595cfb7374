-- A hostile storyboard: 300 navigation controllers, each the root of the one before. Its XML is
-- shallow, but following its relationship segues would recurse 300 deep; refused at the
-- controller past the limit, never a stack overflow. Exit 2.
Storyboard "files/relationship-chain.storyboard"
