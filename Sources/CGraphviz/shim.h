#ifndef FLOWGRAPH_CGRAPHVIZ_SHIM_H
#define FLOWGRAPH_CGRAPHVIZ_SHIM_H
// Graphviz's public headers, from the system (Debian's libgraphviz-dev, Homebrew's graphviz).
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// What Swift 6 cannot use directly, absorbed here so the Swift side stays clean:
// Graphviz 2.42 takes `char *` where it only reads (so Swift would need mutable copies),
// and `Agdirected` is a global variable (which strict concurrency rejects).

/// Opens an empty directed graph.
static inline Agraph_t *fg_open_directed(const char *name) {
    return agopen((char *)name, Agdirected, NULL);
}

/// Creates (or finds) a subgraph.
static inline Agraph_t *fg_subgraph(Agraph_t *graph, const char *name) {
    return agsubg(graph, (char *)name, 1);
}

/// Creates (or finds) a node.
static inline Agnode_t *fg_node(Agraph_t *graph, const char *name) {
    return agnode(graph, (char *)name, 1);
}

/// Creates an edge (a new one each time: two transitions between the same steps are two edges).
static inline Agedge_t *fg_edge(Agraph_t *graph, Agnode_t *tail, Agnode_t *head) {
    return agedge(graph, tail, head, NULL, 1);
}

/// Sets an attribute of a graph, node or edge, declaring it with an empty default if needed.
static inline int fg_set(void *object, const char *name, const char *value) {
    return agsafeset(object, (char *)name, (char *)value, (char *)"");
}

/// Sets a default attribute for every node (kind AGNODE) or edge (AGEDGE) of a graph, or of the graph (AGRAPH).
static inline void fg_set_default(Agraph_t *graph, int kind, const char *name, const char *value) {
    agattr(graph, kind, (char *)name, (char *)value);
}

#endif
