// The catalog keys of the text the scan family's kernels make (read from kernels/scan,
// kernels/compact, kernels/radix_sort and kernels/segmented_scan: every begin_step label, phase,
// buffer name, variant title and lesson).
#include "scan_text.h"

#include "i18n/i18n.h"

namespace ws::app {

const std::vector<const char*>& scan_kernel_text_keys() {
  static const std::vector<const char*> keys = {
      // Step labels (TraceStep::label) of the scan variants.
      TR_NOOP("load"),
      TR_NOOP("store"),
      TR_NOOP("stride {0}"),
      TR_NOOP("up-sweep: stride {0}"),
      TR_NOOP("down-sweep: stride {0}"),
      TR_NOOP("root"),
      TR_NOOP("store: + x_i"),
      TR_NOOP("thread scan"),
      TR_NOOP("add back"),
      TR_NOOP("level {0}: load"),
      TR_NOOP("level {0}: thread scan"),
      TR_NOOP("level {0}: stride {1}"),
      TR_NOOP("level {0}: add back"),
      TR_NOOP("level {0}: store"),
      TR_NOOP("level {0}: add block sums"),
      TR_NOOP("load {0} per thread (block index from a counter)"),
      TR_NOOP("each thread scans its {0} elements"),
      TR_NOOP("totals: stride {0}"),
      TR_NOOP("add the previous thread's total back"),
      TR_NOOP("publish the aggregate, look back, publish the prefix"),
      TR_NOOP("wait for the predecessor's total, publish ours"),
      TR_NOOP("add the block's prefix, store"),
      TR_NOOP("offset {0}"),
      TR_NOOP("warp totals"),
      TR_NOOP("load totals"),
      TR_NOOP("totals offset {0}"),
      TR_NOOP("store totals"),
      // Phases (TraceStep::phase).
      TR_NOOP("up-sweep"),
      TR_NOOP("down-sweep"),
      TR_NOOP("section scan"),
      TR_NOOP("block sums"),
      TR_NOOP("chain"),
      TR_NOOP("look-back"),
      TR_NOOP("warp scan"),
      TR_NOOP("predicate"),
      TR_NOOP("scatter"),
      // Buffer names (TraceBuffer::name); XY, XY A and XY B are the kernels' identifiers.
      TR_NOOP("input"),
      TR_NOOP("output"),
      TR_NOOP("XY (level {0})"),
      TR_NOOP("block sums {0}"),
      TR_NOOP("block sums (scanned)"),
      TR_NOOP("block sums {0} (scanned)"),
      TR_NOOP("registers"),
      TR_NOOP("warp 0 registers"),
      TR_NOOP("block prefix"),
      TR_NOOP("flags"),
      TR_NOOP("aggregates"),
      TR_NOOP("inclusive prefixes"),
      TR_NOOP("running totals"),
      TR_NOOP("positions"),
      TR_NOOP("block offsets"),
      TR_NOOP("heads"),
      TR_NOOP("values"),
      // Stream compaction's steps and predicates (compact::describe).
      TR_NOOP("flag = x > {0}"),
      TR_NOOP("flag = x < {0}"),
      TR_NOOP("flag = x != 0"),
      TR_NOOP("flag = x is even"),
      TR_NOOP("flag = x is odd"),
      TR_NOOP("x is even"),
      TR_NOOP("x is odd"),
      TR_NOOP("greater"),
      TR_NOOP("less"),
      TR_NOOP("even"),
      TR_NOOP("odd"),
      TR_NOOP("nonzero"),
      TR_NOOP("load XY[t] = flags[i - 1] (0 at t = 0)"),
      TR_NOOP("positions[i] = XY[t]; last thread: block sum"),
      TR_NOOP("scan of the block sums (one thread)"),
      TR_NOOP("positions[i] += block offset"),
      TR_NOOP("output[positions[i]] = input[i] where flags[i]"),
      TR_NOOP("add"),
      // The segmented scan's load steps.
      TR_NOOP("load values and head flags"),
      TR_NOOP("load: the identity at a head, else the previous value"),
      // Operators and inputs (kernels/common) as the figures name them.
      TR_NOOP("sum"),
      TR_NOOP("product"),
      TR_NOOP("min"),
      TR_NOOP("max"),
      TR_NOOP("typed values"),
      TR_NOOP("uniform random, seed {0}"),
      TR_NOOP("equal random, seed {0}"),
      TR_NOOP("sorted random, seed {0}"),
      TR_NOOP("few-huge random, seed {0}"),
      TR_NOOP("{0} {1} averaged to {2}"),  // "camera.png 512×512 averaged to 64×64"
      // The scan variants' ids (the names the scaling plot and the counters show), titles,
      // references and lessons (kernels/scan/scan_info.cpp); the Brent-Kung thread mappings.
      TR_NOOP("kogge-stone"),
      TR_NOOP("kogge-stone-double"),
      TR_NOOP("kogge-stone-excl"),
      TR_NOOP("brent-kung"),
      TR_NOOP("blelloch"),
      TR_NOOP("coarsened"),
      TR_NOOP("hierarchical"),
      TR_NOOP("chained"),
      TR_NOOP("decoupled-lookback"),
      TR_NOOP("warp-shuffle"),
      TR_NOOP("contiguous"),
      TR_NOOP("divergent"),
      TR_NOOP("Kogge-Stone (in place, two barriers)"),
      TR_NOOP("Kogge-Stone (double-buffered)"),
      TR_NOOP("Kogge-Stone exclusive"),
      TR_NOOP("Brent-Kung (work-efficient)"),
      TR_NOOP("Blelloch (exclusive, down-sweep with swaps)"),
      TR_NOOP("Coarsened three-phase"),
      TR_NOOP("Hierarchical (any length)"),
      TR_NOOP("Single-pass chained (adjacent synchronisation)"),
      TR_NOOP("Single-pass decoupled look-back"),
      TR_NOOP("Warp-shuffle scan"),
      TR_NOOP("CUDA guide, shuffle"),
      TR_NOOP("Every step doubles the range each position holds: log2 n steps, but n log2 n work; "
              "reading and writing the same array needs a second barrier."),
      TR_NOOP("Reading one buffer and writing the other removes the write-after-read hazard: one "
              "barrier per step."),
      TR_NOOP("An exclusive scan is an inclusive scan of the input shifted right by one, with the "
              "identity shifted in."),
      TR_NOOP(
          "A reduction tree then its mirror: 2n work instead of n log2 n, for twice the steps."),
      TR_NOOP("Setting the root to the identity and swapping on the way down turns the reduction "
              "tree into an exclusive scan."),
      TR_NOOP("Serial scans inside a thread are work-efficient; only the subsection totals need "
              "the parallel scan."),
      TR_NOOP("Scan blocks, scan their sums, add the sums back: three kernels, and recursion when "
              "the sums do not fit one block."),
      TR_NOOP("One kernel: each block waits for its predecessor's running total, so the blocks "
              "form a serial chain; dynamic block indices keep it deadlock-free."),
      TR_NOOP("Publishing the block's own total at once lets successors look back past a slow "
              "predecessor: the chain's latency mostly disappears."),
      TR_NOOP("Lanes of a warp exchange registers with __shfl_up_sync: no shared memory and no "
              "barrier inside a warp."),
  };
  return keys;
}

}  // namespace ws::app
