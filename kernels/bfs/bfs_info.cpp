// Names and parsing for the BFS API (bfs.h).
#include "../common/variant_table.h"
#include "bfs.h"

namespace ws::bfs {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = {
      {Variant::Push, "push", "Vertex-centric push over CSR", "bfs_teach.cu", "O(n D + m)",
       "One thread per vertex, every level: most threads find their vertex is not in the "
       "frontier and do nothing, and a high-degree vertex keeps its warp busy alone."},
      {Variant::Pull, "pull", "Vertex-centric pull over CSC, early exit", "bfs_teach.cu",
       "O(n D + m)",
       "An unvisited vertex looks for any parent in the frontier and stops at the first: when "
       "the frontier is most of the graph, pulling reads far fewer edges than pushing."},
      {Variant::DirectionOptimizing, "direction-opt", "Direction-optimizing (Beamer)",
       "bfs_teach.cu", "O(n + m) top-down levels, fewer edges bottom-up",
       "Push while the frontier is small, pull while it is large: the switch on m_f > m_u / "
       "alpha and back on n_f < n / beta skips most of the edges of a small-world graph."},
      {Variant::EdgeCentric, "edge-centric", "Edge-centric over COO", "bfs_teach.cu", "O(m D)",
       "One thread per edge balances the work perfectly, whatever the degrees, at the price of "
       "reading every edge every level."},
      {Variant::GlobalQueue, "global-queue", "Frontier queue with a global atomic tail",
       "bfs_teach.cu", "O(n + m)",
       "Only the frontier's vertices get threads; each discovered vertex takes a slot in the "
       "next queue with an atomicAdd on one global tail, and those atomics serialize."},
      {Variant::BlockQueue, "block-queue", "Privatized block-level frontier queues", "bfs_teach.cu",
       "O(n + m)",
       "A block collects its discoveries in a shared-memory queue and reserves room in the "
       "global queue with one atomic: the contention on the global tail drops by the block "
       "size."},
      {Variant::Fast, "fast", "The fastest we could make (direction-optimizing, load-balanced)",
       "bfs_fast.cu", "O(n + m)",
       "Spreading high-degree rows over many blocks, keeping the level loop on the device and "
       "letting each later bottom-up level visit only the vertices still unreached is what "
       "turns a textbook BFS into one that keeps the memory system busy."},
  };
  return infos;
}

const VariantInfo& info(Variant v) {
  return find_variant_info(variant_infos(), v, "BFS");
}

bool parse_variant(const std::string& text, Variant& out) {
  return parse_variant_text(variant_infos(), text, out);
}

const char* direction_name(Direction d) {
  return d == Direction::BottomUp ? "bottom-up" : "top-down";
}

}  // namespace ws::bfs
