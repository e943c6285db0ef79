#ifndef FLOWGRAPH_CGRAPHVIZ_SHIM_H
#define FLOWGRAPH_CGRAPHVIZ_SHIM_H
// Graphviz's public headers, from the system (Debian's libgraphviz-dev, Homebrew's graphviz).
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// What Swift 6 cannot use directly, absorbed here so the Swift side stays clean:
// Graphviz 2.42 takes `char *` where it only reads (so Swift would need mutable copies),
// and `Agdirected` is a global variable (which strict concurrency rejects).

#include <stdlib.h>
#include <string.h>
#include <stdint.h>

// Object IDs in creation order. cgraph's default ID discipline uses the address of a named
// object's interned name as its ID, and orders nodes, edges and subgraphs by ID; `dot`'s layout
// depends on that order, so the same graph could be laid out differently from one render to the
// next in one process. Here a named object's ID is 2 * (its creation index + 1) (even, as cgraph
// expects of named IDs) and an anonymous one's is odd, both counting up.

typedef struct {
    Agraph_t *graph;
    char **names;          // index -> interned name
    size_t count, capacity;
    size_t *slots;         // open addressing: name index + 1, 0 when empty
    size_t slot_count;     // a power of two
    IDTYPE next_anonymous;
} fg_id_state;

static inline uint64_t fg_hash(const char *text) {
    uint64_t hash = 1469598103934665603ULL;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) { hash ^= *c; hash *= 1099511628211ULL; }
    return hash;
}

static inline long fg_id_find(fg_id_state *state, const char *name, size_t *slot) {
    size_t mask = state->slot_count - 1;
    size_t index = (size_t)fg_hash(name) & mask;
    while (state->slots[index]) {
        if (strcmp(state->names[state->slots[index] - 1], name) == 0) { *slot = index; return (long)state->slots[index]; }
        index = (index + 1) & mask;
    }
    *slot = index;
    return 0;
}

static inline int fg_id_grow(fg_id_state *state) {
    size_t count = state->slot_count * 2;
    size_t *slots = calloc(count, sizeof(size_t));
    if (!slots) return 0;
    for (size_t index = 0; index < state->count; index++) {
        size_t slot = (size_t)fg_hash(state->names[index]) & (count - 1);
        while (slots[slot]) slot = (slot + 1) & (count - 1);
        slots[slot] = index + 1;
    }
    free(state->slots);
    state->slots = slots;
    state->slot_count = count;
    return 1;
}

static inline void *fg_id_open(Agraph_t *graph, Agdisc_t *discipline) {
    (void)discipline;
    fg_id_state *state = calloc(1, sizeof(fg_id_state));
    if (!state) return NULL;
    state->graph = graph;
    state->slot_count = 64;
    state->slots = calloc(state->slot_count, sizeof(size_t));
    state->next_anonymous = 1;
    return state;
}

static inline long fg_id_map(void *opaque, int kind, char *name, IDTYPE *id, int create) {
    (void)kind;
    fg_id_state *state = opaque;
    if (!name) { *id = state->next_anonymous; state->next_anonymous += 2; return 1; }
    size_t slot;
    long found = fg_id_find(state, name, &slot);
    if (found) { *id = (IDTYPE)found * 2; return 1; }
    if (!create) return 0;
    if (state->count == state->capacity) {
        size_t capacity = state->capacity ? state->capacity * 2 : 64;
        char **names = realloc(state->names, capacity * sizeof(char *));
        if (!names) return 0;
        state->names = names;
        state->capacity = capacity;
    }
    if ((state->count + 1) * 2 > state->slot_count) {
        if (!fg_id_grow(state)) return 0;
        fg_id_find(state, name, &slot);
    }
    state->names[state->count] = agstrdup(state->graph, name);
    state->count += 1;
    state->slots[slot] = state->count;
    *id = (IDTYPE)state->count * 2;
    return 1;
}

static inline long fg_id_alloc(void *state, int kind, IDTYPE id) { (void)state; (void)kind; (void)id; return 0; }
static inline void fg_id_free(void *state, int kind, IDTYPE id) { (void)state; (void)kind; (void)id; }

static inline char *fg_id_print(void *opaque, int kind, IDTYPE id) {
    (void)kind;
    fg_id_state *state = opaque;
    if (id % 2 == 0 && id / 2 >= 1 && id / 2 <= state->count) return state->names[id / 2 - 1];
    return NULL;
}

static inline void fg_id_close(void *opaque) {
    fg_id_state *state = opaque;
    if (!state) return;
    for (size_t index = 0; index < state->count; index++) agstrfree(state->graph, state->names[index]);
    free(state->names);
    free(state->slots);
    free(state);
}

static inline void fg_id_register(void *state, int kind, void *object) { (void)state; (void)kind; (void)object; }

/// Opens an empty directed graph whose objects are ordered by creation.
static inline Agraph_t *fg_open_directed(const char *name) {
    static Agiddisc_t ids = { fg_id_open, fg_id_map, fg_id_alloc, fg_id_free, fg_id_print, fg_id_close, fg_id_register };
    static Agdisc_t discipline = { &AgMemDisc, &ids, &AgIoDisc };
    return agopen((char *)name, Agdirected, &discipline);
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

// Freeing a dot layout, without Graphviz 2.42's double free.
//
// dot keeps each rank's nodes in a list `v` whose memory `av` owns (`rank_t`, graphviz/types.h);
// gvFreeLayout frees `av`. For a labelled edge between two nodes that dot puts on one rank, not
// side by side, dot inserts a node for the label into the rank above (lib/dotgen/flat.c,
// `make_vn_slot`), growing `v` with realloc and leaving `av` as it was. When realloc moved the
// list, `av` points at memory realloc already freed, and gvFreeLayout frees it a second time:
// heap corruption (`free(): double free detected in tcache 2`, or a crash later elsewhere) that
// depends on where the heap put the list, so almost any change to the graph hid it. Newer
// Graphviz moves `av` with `v` there; this does the same after the layout, for the root graph
// (a cluster's `v` is a window into the root's list, its own `av` is never reallocated).
// A list that was not moved, or a Graphviz that keeps them together, is left as it is.

/// Points each of the root graph's rank lists' owner (`av`) at the list itself (`v`) where dot
/// moved the list away from its owner's block (of `an` + 1 pointers); returns how many it mended.
static inline int fg_mend_rank_lists(Agraph_t *graph) {
    Agraphinfo_t *info = (Agraphinfo_t *)aggetrec(graph, (char *)"Agraphinfo_t", 0);
    if (!info || !info->rank) return 0;
    int mended = 0;
    for (int r = info->minrank; r <= info->maxrank; r++) {
        rank_t *rank = &info->rank[r];
        if (!rank->v || !rank->av || rank->an < 0) continue;
        uintptr_t list = (uintptr_t)rank->v, start = (uintptr_t)rank->av;
        uintptr_t end = start + (uintptr_t)rank->an * sizeof(node_t *);
        if (list < start || list > end) {
            rank->av = rank->v;
            mended += 1;
        }
    }
    return mended;
}

/// Frees the layout of `graph` (gvFreeLayout), mending its rank lists first.
static inline void fg_free_layout(GVC_t *context, Agraph_t *graph) {
    fg_mend_rank_lists(graph);
    gvFreeLayout(context, graph);
}

#endif
