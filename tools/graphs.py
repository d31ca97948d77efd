# SPDX-License-Identifier: GPL-2.0-only
"""Graph helpers the layer tests share (include-graph-test.py, call-graph-test.py)."""
import sys


def cycles(edges, nodes):
    """The strongly connected components of more than one node (Tarjan),
    each a sorted list; edges maps a node to the nodes it points at."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 100000))
    index, low, stack, on, comps = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return comps
