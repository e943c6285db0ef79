// Lays out one DOT file N times with libgvc, to show under valgrind what Graphviz itself leaks.
// Used by scripts/render-leak-check; not part of FlowGraph.
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "r"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
    char *text = malloc(n + 1); fread(text, 1, n, f); text[n] = 0; fclose(f);
    int count = atoi(argv[2]);
    GVC_t *gvc = gvContext();
    for (int i = 0; i < count; i++) {
        Agraph_t *g = agmemread(text);
        gvLayout(gvc, g, "dot");
        char *out; unsigned int len;
        gvRenderData(gvc, g, "svg", &out, &len); gvFreeRenderData(out);
        gvFreeLayout(gvc, g); agclose(g);
    }
    free(text);
    return 0;
}
