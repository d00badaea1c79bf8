#!/usr/bin/env python3
"""Small seeded graph inputs for Chai's BFS and SSSP (the checkout lacks the DIMACS road graphs).

Usage: chai-inputs.py PROGRAM_DIR...   (each a staged CUDA-D/BFS, CUDA-U/SSSP, ... folder)

Writes PROGRAM_DIR/input/graph.dat in the format of the programs' README and read_input():
    #nodes #edges source
    start count        (one line per node: where its edges start, how many)
    head cost          (one line per edge)
and the comparison file the program's verify() reads: PROGRAM_DIR/output/graph.out, the node
count, then `node cost` per node (BFS: the level; SSSP: the shortest distance, as Chai's label-
correcting kernels compute it). The graph is undirected (each edge stored both ways), connected
(a random spanning tree plus random extra edges), with edge costs 1..100: frontiers of hundreds to
thousands of nodes, above the programs' switching limit (128), so the GPU kernels run.
Python 3 standard library only.
"""
import heapq
import os
import random
import sys
from collections import deque

NODES = 20000
EXTRA_EDGES = 40000     # besides the spanning tree's NODES - 1; each is stored both ways
SEED = 43
SOURCE = 0


def make_graph():
    rnd = random.Random(SEED)
    adj = [[] for _ in range(NODES)]
    seen = set()

    def add(a, b):
        if a == b or (a, b) in seen:
            return
        seen.add((a, b))
        seen.add((b, a))
        c = rnd.randint(1, 100)
        adj[a].append((b, c))
        adj[b].append((a, c))

    order = list(range(NODES))
    rnd.shuffle(order)
    for i in range(1, NODES):
        add(order[i], order[rnd.randrange(i)])
    while len(seen) // 2 < NODES - 1 + EXTRA_EDGES:
        add(rnd.randrange(NODES), rnd.randrange(NODES))
    return adj


def levels(adj):
    lev = [-1] * NODES
    lev[SOURCE] = 0
    q = deque([SOURCE])
    while q:
        u = q.popleft()
        for v, _ in adj[u]:
            if lev[v] < 0:
                lev[v] = lev[u] + 1
                q.append(v)
    return lev


def distances(adj):
    dist = [None] * NODES
    heap = [(0, SOURCE)]
    while heap:
        d, u = heapq.heappop(heap)
        if dist[u] is not None:
            continue
        dist[u] = d
        for v, c in adj[u]:
            if dist[v] is None:
                heapq.heappush(heap, (d + c, v))
    return dist


def write(folder, adj, costs):
    os.makedirs(os.path.join(folder, "input"), exist_ok=True)
    os.makedirs(os.path.join(folder, "output"), exist_ok=True)
    n_edges = sum(len(a) for a in adj)
    lines = ["%d %d %d" % (NODES, n_edges, SOURCE), ""]
    start = 0
    for a in adj:
        lines.append("%d %d" % (start, len(a)))
        start += len(a)
    lines.append("")
    for a in adj:
        lines.extend("%d %d" % (v, c) for v, c in a)
    with open(os.path.join(folder, "input", "graph.dat"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    with open(os.path.join(folder, "output", "graph.out"), "w") as fh:
        fh.write("%d\n" % NODES)
        fh.write("".join("%d %d\n" % (i, c) for i, c in enumerate(costs)))
    return n_edges


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    adj = make_graph()
    lev, dist = levels(adj), distances(adj)
    for folder in argv:
        kind = os.path.basename(os.path.normpath(folder))
        costs = dist if kind == "SSSP" else lev
        n_edges = write(folder, adj, costs)
        print("%s: input/graph.dat (%d nodes, %d edges, seed %d), output/graph.out (%s, max %d)"
              % (folder, NODES, n_edges, SEED, "distances" if kind == "SSSP" else "levels",
                 max(costs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
