// Parallel scan (prefix sums): variants, parameters, teach-mode traces, the single-pass block
// timeline, and fast-mode timings. CUDA-free API: the CPU twins (scan_cpu*.cpp) and the CUDA
// kernels (scan_kogge_stone.cu, scan_tree.cu, scan_coarsened.cu, scan_warp_shuffle.cu,
// scan_single_pass.cu) sit behind it and produce identical traces.
//
// Variants (n elements; a "section" is what one block scans):
//   1 kogge-stone          PMPP 11.2: in place, a temporary and two barriers per step; one element
//                          per thread. Work n log2 n - (n - 1), steps log2 n. `race` removes the
//                          second barrier: a write-after-read race (the lesson of 11.2).
//   2 kogge-stone-double   PMPP 11.2: ping-pong buffers, one barrier per step. Same work/steps.
//   3 kogge-stone-excl     PMPP 11.2: exclusive by shifting in the identity at load time.
//   4 brent-kung           PMPP 11.4: reduction (up-sweep) tree, then the reverse (distribution)
//                          tree; two elements per thread. Work 2n - 2 - log2 n, steps 2 log2 n - 1.
//                          `mapping` picks the thread-index form: divergent `(t+1) % (2*stride)` or
//                          contiguous threads (index = (t+1)*2*stride - 1).
//   5 blelloch             Blelloch 1990: up-sweep, the root set to the identity, down-sweep with
//                          swaps; exclusive by construction. Work 2(n - 1), steps 2 log2 n.
//   6 coarsened            PMPP 11.5: each thread scans `coarsening` consecutive elements serially,
//                          the block scans the subsection totals (Kogge-Stone), each thread adds
//                          its predecessor's total back. Work ~ 2n + (n/c) log2(n/c), steps 2c +
//                          log2.
//   7 hierarchical         PMPP 11.6: any length. Block scans (coarsened, as 6), the block sums,
//                          a scan of the sums (recursive while they do not fit one block), add
//                          back.
//   8 chained              PMPP 11.7: single pass; blocks take a dynamic index from an atomic
//                          counter and wait for the predecessor's running total (adjacent
//                          synchronisation), then publish their own. Serial chain of n/section.
//   9 decoupled-lookback   Merrill & Garland 2016: single pass; each block publishes its aggregate
//                          at once (flag A), looks back over predecessors' flags, adding aggregates
//                          until it meets an inclusive prefix (flag P), then publishes its own (P).
//  10 warp-shuffle         each warp scans in registers with __shfl_up_sync (Kogge-Stone over 32
//                          lanes), warp totals go through shared memory, are scanned by warp 0 and
//                          added back.
// Operators: sum, product (int32 wraps), min, max; int32 or float32; inclusive or exclusive.
//
// Section variants (1-6, 10) scan one section in teach mode: n must fit one block's section
// (validate() says so and suggests hierarchical). In fast mode they run as the block phase of a
// hierarchical scan (block scans with the variant, scan of the block sums, add back), so every
// variant can be timed at any n.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/binary_op.h"
#include "../common/trace.h"

namespace ws::scan {

enum class Variant : uint8_t {
  KoggeStone = 1,
  KoggeStoneDouble = 2,
  KoggeStoneExclusive = 3,
  BrentKung = 4,
  Blelloch = 5,
  Coarsened = 6,
  Hierarchical = 7,
  Chained = 8,
  DecoupledLookback = 9,
  WarpShuffle = 10,
};

// Brent-Kung's thread-index mapping.
enum class Mapping : uint8_t {
  Contiguous = 0,  // thread t works on index (t + 1) * 2 * stride - 1: active threads contiguous
  Divergent = 1,   // thread t works on index t when (t + 1) % (2 * stride) == 0: warps diverge
};

struct VariantInfo {
  Variant variant;
  const char* id;      // command-line name, e.g. "brent-kung"
  const char* title;   // e.g. "Brent-Kung (work-efficient)"
  const char* pmpp;    // section reference
  const char* lesson;  // one sentence a student should take away
  bool single_pass;    // 8, 9: blocks cooperate through global flags within one launch
  bool any_length;     // 7, 8, 9 scan any n in teach mode; the others one section
};

const std::vector<VariantInfo>& variant_infos();
const VariantInfo& info(Variant v);
bool parse_variant(const std::string& text, Variant& out);  // the id or the number
// The CUDA source of a variant's family (relative to the source tree), which the code panel shows:
// its `// @variant <id>` section and the statements marked with each step's code marker.
const char* kernel_source_file(Variant v);
const char* mapping_name(Mapping m);
bool parse_mapping(const std::string& text, Mapping& out);  // "contiguous" | "divergent"

struct Params {
  Variant variant = Variant::KoggeStone;
  BinaryOp op = BinaryOp::Sum;
  ValueType type = ValueType::Int32;
  bool inclusive = true;                  // variant 3 is exclusive only (validate() says so)
  int block_dim = 0;                      // threads per block; 0 = automatic (resolve_block_dim)
  int coarsening = 4;                     // elements per thread for 6-9 (1..64)
  Mapping mapping = Mapping::Contiguous;  // Brent-Kung only
  bool race = false;  // Kogge-Stone in place (1) only: drop the barrier between read and write
};

// Throws ws::Error naming the problem: an unknown combination (race on a variant other than 1,
// inclusive with variant 3, a block size that is not a power of two in 32..1024 for 10 or 1..1024
// for the others, coarsening out of range), or, when n > 0, an n a teach run cannot take.
void validate(const Params& p, int64_t n, bool teach);

// Elements one block scans: block_dim (1, 2, 3, 10), 2 * block_dim (4, 5), block_dim * coarsening
// (6-9).
int64_t section_size(const Params& p, int block_dim);
// block_dim when set; else the smallest power of two whose section covers n (teach sizes),
// clamped to the variant's minimum (32 for warp-shuffle) and to 1024 (256 for 6-9).
int resolve_block_dim(const Params& p, int64_t n);

// ---------------------------------------------------------------------------------------------
// The single-pass block timeline (variants 8 and 9): who waited on whom. On CUDA it is recorded by
// the kernel with %globaltimer; on the CPU it comes from the twin's modelled schedule (blocks start
// in waves of `resident` blocks; every step of the model takes one time unit).
enum class BlockFlag : uint8_t { Invalid = 0, Aggregate = 1, Prefix = 2 };

struct BlockRecord {
  int32_t block = 0;  // the dynamic block index (the section it scanned)
  int32_t sm = -1;    // streaming multiprocessor (-1 on the CPU model)
  int64_t t_start = 0, t_aggregate = 0, t_prefix = 0, t_end = 0;  // ns from the first start
  int32_t lookback_depth = 0;  // predecessors inspected (8: always 1 for block > 0)
  int32_t polls = 0;           // flag reads, spins on Invalid included
};

struct Poll {  // one read of a predecessor's status flag
  int32_t block = 0, predecessor = 0;
  BlockFlag seen = BlockFlag::Invalid;
  int64_t t = 0;  // ns from the first start
};

struct Timeline {
  std::vector<BlockRecord> blocks;  // by dynamic index
  std::vector<Poll> polls;          // at most kMaxPollsPerBlock per block are kept
  int64_t polls_dropped = 0;
  bool measured = false;  // true: recorded on the GPU; false: the CPU model (time units)
};
constexpr int kMaxPollsPerBlock = 64;

// ---------------------------------------------------------------------------------------------
// Teach mode: the scan of `values` (exact int32 or float32 values) with its full trace.
struct TeachRun {
  std::vector<double> result;  // n values: the inclusive or exclusive scan
  Trace trace;                 // serial_ops = n - 1 (inclusive) or n - 2 (exclusive, n >= 2)
  Timeline timeline;           // variants 8 and 9 only
  // Hierarchical (7): the length of the array scanned at each level: n, its block sums, the sums
  // of those... (the view draws one row per level). Other variants: {n}.
  std::vector<int64_t> level_sizes;
};

constexpr int64_t kTeachMaxN = 4096;

TeachRun teach_cpu(const Params& p, const std::vector<double>& values);

// What position i of a buffer holds after each step, as a range of inputs x_lo..x_hi (symbolic
// replay of the trace: an Op combines the ranges its thread read since its last Op). Used by the
// range table and to flag corruption: a combination that is not of adjacent ranges (a race) gives
// kind Broken. The single-pass chain / look-back step is replayed by the buffers' roles (flags are
// not operands): a published aggregate holds its section, an inclusive prefix (and the flag that
// announces it) x_0 up to the end of its section, the block prefix x_0 up to its section's start,
// whichever predecessors a block's look-back read (scan_ranges.cpp says how).
struct Range {
  enum Kind : uint8_t { Unknown = 0, Identity = 1, Span = 2, Broken = 3 } kind = Unknown;
  int32_t lo = 0, hi = -1;  // inclusive input indices when kind == Span
};
// ranges[s][b][i]: buffer b element i (shared buffers block-major) after step s.
std::vector<std::vector<std::vector<Range>>> replay_ranges(const Trace& trace);

// ---------------------------------------------------------------------------------------------
// Fast mode: the same schedule without a trace, timed (median of `repeats`). `in` points to n
// int32_t or float values per p.type; `out` (may be null) receives the n results.
struct FastRun {
  double median_ms = 0;
  double gbps = 0;  // 8 bytes moved per element (4 read + 4 written) / time
  int64_t n = 0;
};

constexpr int64_t kCpuFastMaxN = int64_t{1} << 26;

FastRun fast_cpu(const Params& p, const void* in, void* out, int64_t n, int repeats);

// The sequential answer in the element type (left to right, as a CPU loop would).
std::vector<double> scan_serial(BinaryOp op, ValueType type, bool inclusive,
                                const std::vector<double>& values);

// A teach run's result against the serial loop (scan_serial): the positions that differ (a float
// sum or product in another order rounds differently: within 1e-4 relative that is not wrong,
// only rounded), and, for an int32 sum or product, the serial prefixes whose true value does not
// fit int32 (they wrapped around, as on the GPU).
struct SerialCheck {
  std::vector<double> reference;  // scan_serial
  std::vector<bool> wrong;        // result[i] differs from reference[i]
  int64_t wrong_count = 0;
  int64_t rounded_count = 0;  // float sum/product: differs from the loop by rounding only
  int64_t wrapped_count = 0;  // int32 sum/product: prefixes whose true value overflows int32
};
SerialCheck check_against_serial(const Params& p, const std::vector<double>& input,
                                 const std::vector<double>& result);

// `base` changed to `variant` in a form the variant accepts for n values: exclusive for
// kogge-stone-excl, no race off Kogge-Stone, its own block size (0) when the chosen one does not
// suit it. For a run beside another variant's, and for the scaling counts.
Params params_for_variant(const Params& base, Variant variant, int64_t n);

}  // namespace ws::scan
