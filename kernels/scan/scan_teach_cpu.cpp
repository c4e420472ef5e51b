// teach_cpu: validation, then the family's CPU twin.
#include "scan.h"
#include "scan_cpu_families.h"

namespace ws::scan {

TeachRun teach_cpu(const Params& p, const std::vector<double>& values) {
  validate(p, static_cast<int64_t>(values.size()), true);
  switch (p.variant) {
    case Variant::KoggeStone:
    case Variant::KoggeStoneDouble:
    case Variant::KoggeStoneExclusive:
      return teach_cpu_kogge_stone(p, values);
    case Variant::BrentKung:
    case Variant::Blelloch:
      return teach_cpu_tree(p, values);
    case Variant::Coarsened:
    case Variant::Hierarchical:
      return teach_cpu_coarsened(p, values);
    case Variant::WarpShuffle:
      return teach_cpu_warp_shuffle(p, values);
    default:
      return teach_cpu_single_pass(p, values);
  }
}

}  // namespace ws::scan
