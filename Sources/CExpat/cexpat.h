#ifndef CEXPAT_H
#define CEXPAT_H

// expat, the XML parser lifescript reads Info.plist and .storyboard files with.
#include <expat.h>

#endif
