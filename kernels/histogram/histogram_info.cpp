// Names and parsing for the histogram API (histogram.h).
#include "../common/error.h"
#include "../common/variant_table.h"
#include "histogram.h"

namespace ws::histogram {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = {
      {Variant::Sequential, "sequential", "Sequential (the reference)", "histogram_teach.cu",
       "One thread and one loop: no conflicts, and no parallelism either."},
      {Variant::GlobalAtomic, "global-atomic", "One thread per sample, global atomics",
       "histogram_teach.cu",
       "Every sample is an atomicAdd on a global counter: samples of the same bin wait for each "
       "other, so a skewed input runs at the speed of its hottest bin."},
      {Variant::PrivateGlobal, "private-global", "Private copies per block in global memory",
       "histogram_teach.cu",
       "A copy of the histogram per block confines the conflicts to one block; the merge adds "
       "every block's copy into the result."},
      {Variant::PrivateShared, "private-shared", "Private copies in shared memory",
       "histogram_teach.cu",
       "Shared-memory atomics finish in a few cycles instead of a round trip to L2; the global "
       "counters see one atomic per bin per block."},
      {Variant::CoarseContiguous, "coarse-contiguous", "Coarsened, contiguous partitioning",
       "histogram_teach.cu",
       "Fewer threads, each with a contiguous run of samples, merge fewer private copies, but "
       "neighbouring threads read addresses far apart: uncoalesced."},
      {Variant::CoarseInterleaved, "coarse-interleaved", "Coarsened, interleaved partitioning",
       "histogram_teach.cu",
       "Interleaving the samples (thread t takes t, t + p, ...) makes every warp's read one "
       "coalesced access."},
      {Variant::Aggregated, "aggregated", "Aggregation of runs", "histogram_teach.cu",
       "A thread counts a run of samples of one bin itself and adds the run's length in one "
       "atomic: long runs (sorted data, flat image regions) cost one atomic each."},
      {Variant::WarpAggregated, "warp-aggregated", "Warp aggregation, per-warp sub-histograms",
       "histogram_teach.cu",
       "The lanes of a warp that hit the same bin find each other with __match_any_sync and "
       "their leader adds them in one atomic on the warp's own sub-histogram: contention drops "
       "from 32 lanes to one per bin."},
  };
  return infos;
}

const VariantInfo& info(Variant v) {
  return find_variant_info(variant_infos(), v, "histogram");
}

bool parse_variant(const std::string& text, Variant& out) {
  return parse_variant_text(variant_infos(), text, out);
}

const char* sample_type_name(SampleType t) {
  return t == SampleType::U8 ? "u8" : "f32";
}

const char* dist_name(Dist d) {
  switch (d) {
    case Dist::Uniform:
      return "uniform";
    case Dist::Normal:
      return "normal";
    case Dist::Zipf:
      return "zipf";
    case Dist::AllEqual:
      return "all-equal";
    case Dist::Sorted:
      return "sorted";
  }
  return "?";
}

}  // namespace ws::histogram
