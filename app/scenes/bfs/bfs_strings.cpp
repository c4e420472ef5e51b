// The keys of the BFS text made in kernels/bfs (bfs_info.cpp's variant table and direction names,
// the teach CPU twins' and bfs_teach.cu's step labels), so ws_i18n_catalog lists them; they must
// stay equal to the kernels' literals (tests/app/test_bfs_zh.cpp checks every variant and label).
#include "bfs_strings.h"

#include "i18n/i18n.h"

namespace ws::app {

namespace {

[[maybe_unused]] const char* const kKernelText[] = {
    // bfs_info.cpp: ids, titles, lessons, work bounds.
    TR_NOOP("push"),
    TR_NOOP("pull"),
    TR_NOOP("direction-opt"),
    TR_NOOP("edge-centric"),
    TR_NOOP("global-queue"),
    TR_NOOP("block-queue"),
    TR_NOOP("fast"),
    TR_NOOP("Vertex-centric push over CSR"),
    TR_NOOP("Vertex-centric pull over CSC, early exit"),
    TR_NOOP("Direction-optimizing (Beamer)"),
    TR_NOOP("Edge-centric over COO"),
    TR_NOOP("Frontier queue with a global atomic tail"),
    TR_NOOP("Privatized block-level frontier queues"),
    TR_NOOP("The fastest we could make (direction-optimizing, load-balanced)"),
    TR_NOOP("One thread per vertex, every level: most threads find their vertex is not in the "
            "frontier and do nothing, and a high-degree vertex keeps its warp busy alone."),
    TR_NOOP("An unvisited vertex looks for any parent in the frontier and stops at the first: "
            "when the frontier is most of the graph, pulling reads far fewer edges than pushing."),
    TR_NOOP("Push while the frontier is small, pull while it is large: the switch on m_f > m_u / "
            "alpha and back on n_f < n / beta skips most of the edges of a small-world graph."),
    TR_NOOP("One thread per edge balances the work perfectly, whatever the degrees, at the price "
            "of reading every edge every level."),
    TR_NOOP("Only the frontier's vertices get threads; each discovered vertex takes a slot in the "
            "next queue with an atomicAdd on one global tail, and those atomics serialize."),
    TR_NOOP("A block collects its discoveries in a shared-memory queue and reserves room in the "
            "global queue with one atomic: the contention on the global tail drops by the block "
            "size."),
    TR_NOOP("Spreading high-degree rows over many blocks, keeping the level loop on the device "
            "and letting each later bottom-up level visit only the vertices still unreached is "
            "what turns a textbook BFS into one that keeps the memory system busy."),
    TR_NOOP("O(n + m) top-down levels, fewer edges bottom-up"),
    // Directions.
    TR_NOOP("top-down"),
    TR_NOOP("bottom-up"),
    // Step labels: "level d: what" (1, 2, 4, 5, 6), "level d · direction · what" (3, 7).
    TR_NOOP("level {0}: find the frontier"),
    TR_NOOP("level {0}: find the unvisited"),
    TR_NOOP("level {0}: edge {1}"),
    TR_NOOP("level {0}: every edge"),
    TR_NOOP("level {0}: read frontier"),
    TR_NOOP("level {0}: reserve room in next"),
    TR_NOOP("level {0}: copy block queue to next"),
    TR_NOOP("level {0}: next becomes the frontier"),
    TR_NOOP("level {0} · top-down · read frontier"),
    TR_NOOP("level {0} · top-down · edge {1}"),
    TR_NOOP("level {0} · top-down · find the tiles' vertices"),
    TR_NOOP("level {0} · top-down · stage the rows"),
    TR_NOOP("level {0} · top-down · tile edges"),
    TR_NOOP("level {0} · top-down · next becomes the frontier"),
    TR_NOOP("level {0} · bottom-up · find the unvisited"),
    TR_NOOP("level {0} · bottom-up · edge {1}"),
    TR_NOOP("level {0} · bottom-up · next becomes the frontier"),
    TR_NOOP("level {0} · bottom-up · read the list"),
    TR_NOOP("level {0} · bottom-up · in-edges {1}-{2}"),
    TR_NOOP("level {0} · bottom-up · left becomes the list"),
    TR_NOOP("level {0} · top-down · read the entries"),
    TR_NOOP("level {0} · top-down · edges {1}-{2}"),
    TR_NOOP("level {0} · top-down · the cluster loads the frontier"),
    TR_NOOP("level {0} · bottom-up · the cluster loads the frontier"),
    TR_NOOP("level {0} · top-down · read the blocks' counts"),
    TR_NOOP("level {0} · bottom-up · read the blocks' counts"),
    TR_NOOP("level {0} · top-down · hand the frontier to the grid kernel"),
    TR_NOOP("level {0} · bottom-up · hand the frontier to the grid kernel"),
    TR_NOOP("level {0} · top-down · find the entries"),
    TR_NOOP("level {0} · top-down · cluster barrier"),
};

}  // namespace

std::string buffer_label(const std::string& name) {
  if (name == "block queue") return tr("block queue");
  if (name == "block tail") return tr("block tail");
  if (name == "left tail") return tr("left tail");
  if (name == "edge start") return tr("edge start");
  if (name == "next edge start") return tr("next edge start");
  if (name == "next edges") return tr("next edges");
  if (name == "tile vertex") return tr("tile vertex");
  if (name == "tile start") return tr("tile start");
  if (name == "tile row") return tr("tile row");
  if (name == "cluster queue") return tr("cluster queue");
  if (name == "cluster first") return tr("cluster first");
  if (name == "cluster counts") return tr("cluster counts");
  if (name == "cluster largest") return tr("cluster largest");
  return name;
}

}  // namespace ws::app
