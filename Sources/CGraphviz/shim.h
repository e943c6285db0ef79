#ifndef FLOWGRAPH_CGRAPHVIZ_SHIM_H
#define FLOWGRAPH_CGRAPHVIZ_SHIM_H
// Graphviz's public headers, from the system (libgraphviz-dev / brew graphviz).
// The rendering issue adds here the small wrappers Swift 6 needs (const-correct
// parameters, access to the global Agdirected descriptor).
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
