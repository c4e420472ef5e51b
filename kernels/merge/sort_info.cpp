// The sort variants' table (sort.h): ids, titles, sources, references, lessons, stability.
#include <string>
#include <vector>

#include "../common/error.h"
#include "../common/variant_table.h"
#include "sort.h"

namespace ws::merge {

const std::vector<SortInfo>& sort_infos() {
  static const std::vector<SortInfo> infos = {
      {SortVariant::MergeSort, "merge-sort", "Merge sort from parallel merges", "sort_merge.cu",
       "PMPP 13.7 (parallel merge sort), 12.5 (the basic parallel merge)",
       "Sorting is merging, log2 n times: each pass doubles the sorted runs, and every "
       "pass is one parallel merge per pair of runs, partitioned by co-rank.",
       true,
       "The book sorts small sections first and merges them with the tiled merges; here every "
       "pass, from runs of one key, is the basic merge, so each pass shows its co-rank searches "
       "(and a thread whose outputs cross two merges does a piece of each)."},
      {SortVariant::Bitonic, "bitonic", "Bitonic sorting network", "sort_bitonic.cu",
       "PMPP 13.8; Batcher 1968; cuda-samples sortingNetworks (bitonicSort)",
       "A network fixes every comparison in advance: no data-dependent branches, every "
       "thread one compare-exchange a stage, O(n log^2 n) work in log n (log n + 1) / 2 "
       "stages; short distances run in shared memory.",
       false,
       "The book only names sorting networks; the kernels follow the CUDA sample: short "
       "distances in a shared tile, long ones one global launch a stage."},
      {SortVariant::OddEven, "odd-even", "Batcher's odd-even merge sort", "sort_odd_even.cu",
       "PMPP 13.8; Batcher 1968; Knuth TAOCP 5.3.4; cuda-samples oddEvenMergeSort",
       "Fewer comparators than bitonic sort, but not every thread has one in every "
       "stage: the saved work shows up as idle lanes.",
       false,
       "Only the stages with k <= tile run in shared memory: later stages pair wires across "
       "tile boundaries, so, as in the CUDA sample, they run on global memory."},
      {SortVariant::Fast, "fast", "Fastest int32 sort (merge path, registers)", "sort_fast.cuh",
       "PMPP 13; Green et al., GPU Merge Path",
       "The fastest sort this project makes, timed against CUB's merge and radix sorts; "
       "its passes are taught as merge sort's (the runs it keeps in registers do not "
       "show in a trace).",
       true,
       "Taught as merge sort: the trace shows the passes, not the fast kernel's register block "
       "sort and tiles."},
  };
  return infos;
}

const SortInfo& sort_info(SortVariant v) {
  return find_variant_info(sort_infos(), v, "sort");
}

SortVariant parse_sort_variant(const std::string& text, const char* option) {
  SortVariant v{};
  if (parse_variant_text(sort_infos(), text, v)) return v;
  throw Error(std::string(option) + ": unknown sort variant '" + text +
              "' (accepted: " + variant_id_list(sort_infos()) + " or 6..9)");
}

bool is_network_sort(SortVariant v) {
  return v == SortVariant::Bitonic || v == SortVariant::OddEven;
}

NetworkKind network_kind_of(SortVariant v) {
  if (!is_network_sort(v))
    throw Error("sort variant " + std::to_string(int(v)) + " is not a sorting network");
  return v == SortVariant::Bitonic ? NetworkKind::Bitonic : NetworkKind::OddEvenMerge;
}

}  // namespace ws::merge
