// The scan's variant table, parameter checks and section sizes (shared by both backends).
#include <string>

#include "../common/block_dim.h"
#include "../common/error.h"
#include "../common/variant_table.h"
#include "scan.h"

namespace ws::scan {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = {
      {Variant::KoggeStone, "kogge-stone", "Kogge-Stone (in place, two barriers)", "PMPP 11.2",
       "Every step doubles the range each position holds: log2 n steps, but n log2 n work; "
       "reading and writing the same array needs a second barrier.",
       false, false},
      {Variant::KoggeStoneDouble, "kogge-stone-double", "Kogge-Stone (double-buffered)",
       "PMPP 11.2",
       "Reading one buffer and writing the other removes the write-after-read hazard: one barrier "
       "per step.",
       false, false},
      {Variant::KoggeStoneExclusive, "kogge-stone-excl", "Kogge-Stone exclusive", "PMPP 11.2",
       "An exclusive scan is an inclusive scan of the input shifted right by one, with the "
       "identity shifted in.",
       false, false},
      {Variant::BrentKung, "brent-kung", "Brent-Kung (work-efficient)", "PMPP 11.4",
       "A reduction tree then its mirror: 2n work instead of n log2 n, for twice the steps.", false,
       false},
      {Variant::Blelloch, "blelloch", "Blelloch (exclusive, down-sweep with swaps)",
       "Blelloch 1990",
       "Setting the root to the identity and swapping on the way down turns the reduction tree "
       "into an exclusive scan.",
       false, false},
      {Variant::Coarsened, "coarsened", "Coarsened three-phase", "PMPP 11.5",
       "Serial scans inside a thread are work-efficient; only the subsection totals need the "
       "parallel scan.",
       false, false},
      {Variant::Hierarchical, "hierarchical", "Hierarchical (any length)", "PMPP 11.6",
       "Scan blocks, scan their sums, add the sums back: three kernels, and recursion when the "
       "sums do not fit one block.",
       false, true},
      {Variant::Chained, "chained", "Single-pass chained (adjacent synchronisation)", "PMPP 11.7",
       "One kernel: each block waits for its predecessor's running total, so the blocks form a "
       "serial chain; dynamic block indices keep it deadlock-free.",
       true, true},
      {Variant::DecoupledLookback, "decoupled-lookback", "Single-pass decoupled look-back",
       "Merrill & Garland 2016",
       "Publishing the block's own total at once lets successors look back past a slow "
       "predecessor: the chain's latency mostly disappears.",
       true, true},
      {Variant::WarpShuffle, "warp-shuffle", "Warp-shuffle scan", "CUDA guide, shuffle",
       "Lanes of a warp exchange registers with __shfl_up_sync: no shared memory and no barrier "
       "inside a warp.",
       false, false},
  };
  return infos;
}

const VariantInfo& info(Variant v) {
  return find_variant_info(variant_infos(), v, "scan");
}

const char* kernel_source_file(Variant v) {
  switch (v) {
    case Variant::KoggeStone:
    case Variant::KoggeStoneDouble:
    case Variant::KoggeStoneExclusive:
      return "kernels/scan/scan_kogge_stone.cu";
    case Variant::BrentKung:
    case Variant::Blelloch:
      return "kernels/scan/scan_tree.cu";
    case Variant::Coarsened:
    case Variant::Hierarchical:
      return "kernels/scan/scan_coarsened.cu";
    case Variant::WarpShuffle:
      return "kernels/scan/scan_warp_shuffle.cu";
    default:
      return "kernels/scan/scan_single_pass.cu";
  }
}

bool parse_variant(const std::string& text, Variant& out) {
  return parse_variant_text(variant_infos(), text, out);
}

const char* mapping_name(Mapping m) {
  return m == Mapping::Divergent ? "divergent" : "contiguous";
}

bool parse_mapping(const std::string& text, Mapping& out) {
  if (text == "contiguous") {
    out = Mapping::Contiguous;
  } else if (text == "divergent") {
    out = Mapping::Divergent;
  } else {
    return false;
  }
  return true;
}

namespace {

bool uses_coarsening(Variant v) {
  return v == Variant::Coarsened || v == Variant::Hierarchical || v == Variant::Chained ||
         v == Variant::DecoupledLookback;
}

int min_block_dim(Variant v) {
  return v == Variant::WarpShuffle ? 32 : 1;
}
int max_auto_block_dim(Variant v) {
  return uses_coarsening(v) ? 256 : 1024;
}

}  // namespace

int64_t section_size(const Params& p, int block_dim) {
  switch (p.variant) {
    case Variant::BrentKung:
    case Variant::Blelloch:
      return 2 * int64_t{block_dim};
    case Variant::Coarsened:
    case Variant::Hierarchical:
    case Variant::Chained:
    case Variant::DecoupledLookback:
      return int64_t{block_dim} * p.coarsening;
    default:
      return block_dim;
  }
}

int resolve_block_dim(const Params& p, int64_t n) {
  if (p.block_dim > 0) return p.block_dim;
  return auto_block_dim(n, min_block_dim(p.variant), max_auto_block_dim(p.variant),
                        [&](int b) { return section_size(p, b); });
}

void validate(const Params& p, int64_t n, bool teach) {
  const VariantInfo& vi = info(p.variant);
  WS_REQUIRE(!p.race || p.variant == Variant::KoggeStone,
             std::string("the race toggle removes Kogge-Stone's second barrier: it applies to "
                         "kogge-stone (1) only, not ") +
                 vi.id);
  WS_REQUIRE(p.variant != Variant::KoggeStoneExclusive || !p.inclusive,
             "kogge-stone-excl computes the exclusive scan: use --exclusive (or kogge-stone for an "
             "inclusive scan)");
  if (p.block_dim != 0) require_block_dim(p.block_dim, min_block_dim(p.variant), vi.id);
  if (uses_coarsening(p.variant)) {
    WS_REQUIRE(p.coarsening >= 1 && p.coarsening <= 64,
               "coarsening " + std::to_string(p.coarsening) + " is out of range (1..64)");
  }
  if (n <= 0) return;
  if (teach) {
    WS_REQUIRE(n <= kTeachMaxN, "teach mode traces at most " + std::to_string(kTeachMaxN) +
                                    " elements, not " + std::to_string(n) +
                                    ": use fast mode for larger inputs");
    const int b = resolve_block_dim(p, n);
    const int64_t section = section_size(p, b);
    WS_REQUIRE(vi.any_length || n <= section,
               std::string(vi.id) + " scans one section of " + std::to_string(section) +
                   " elements per block (block size " + std::to_string(b) + "), not " +
                   std::to_string(n) +
                   ": use a larger block, or hierarchical / decoupled-lookback for any length");
  }
}

}  // namespace ws::scan
