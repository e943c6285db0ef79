// Graphviz's DOT reader, for the fuzz harness (imported as its bridging header by scripts/fuzz).
#ifndef FLOWGRAPH_FUZZ_DOT_CHECK_H
#define FLOWGRAPH_FUZZ_DOT_CHECK_H

#include <graphviz/cgraph.h>

/// Reads DOT text with cgraph: 1 and the number of nodes and edges when it parses, 0 when not.
static inline int fg_fuzz_dot_counts(const char *text, int *nodes, int *edges) {
    Agraph_t *graph = agmemread(text);
    if (!graph) return 0;
    *nodes = agnnodes(graph);
    *edges = agnedges(graph);
    agclose(graph);
    return 1;
}

#endif
