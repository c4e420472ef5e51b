// Lecture-mode captions of the scan mode: for every variant and every kind of step (keyed by the
// step's phase, its code marker and the numbers in its label), one or two sentences on what the
// step does and why this variant does it that way, then the trace's facts of the step.
#include <cctype>
#include <cstdlib>

#include "i18n/i18n.h"
#include "scan_variants_run.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

// The section kernels' phase "scan" (TraceStep::phase), translated where shown with tr_text; the
// other phases are listed in views/scan/scan_text.cpp (a scene's id stays inside its folder).
[[maybe_unused]] static const char* const kScanPhase = TR_NOOP("scan");

namespace {

using scan::Variant;

// Sentences follow each other with a space in English, with none in Chinese.
const char* sentence_gap() {
  return i18n::language() == i18n::Language::Chinese ? "" : " ";
}

// The last number in a label ("level 1: stride 4" -> 4); 0 when it has none.
int64_t last_number(const std::string& label) {
  size_t end = label.size();
  while (end > 0 && !std::isdigit(static_cast<unsigned char>(label[end - 1]))) --end;
  size_t start = end;
  while (start > 0 && std::isdigit(static_cast<unsigned char>(label[start - 1]))) --start;
  return start < end ? std::atoll(label.substr(start, end - start).c_str()) : 0;
}

// The level of a hierarchical step ("level 1: load" -> 1); 0 without one.
int64_t level_of(const std::string& label) {
  return label.rfind("level ", 0) == 0 ? std::atoll(label.c_str() + 6) : 0;
}

// Kogge-Stone, in place (1), double-buffered (2) or on the shifted input (3).
std::string kogge_stone_why(const scan::Params& p, const TraceStep& s) {
  const int64_t stride = last_number(s.label);
  const bool shifted = p.variant == Variant::KoggeStoneExclusive;
  if (s.phase == "load") {
    if (shifted)
      return tr(
          "Each thread i loads x(i-1), thread 0 the identity: shifting the input right by "
          "one turns the inclusive Kogge-Stone network into an exclusive scan.");
    if (p.variant == Variant::KoggeStoneDouble)
      return tr(
          "Each thread loads its element into buffer XY A; the next step reads this buffer "
          "and writes the other one.");
    return tr(
        "Each thread copies its element into the shared array XY; the barrier after the "
        "load makes every element visible before any thread reads a neighbour's.");
  }
  if (s.phase == "scan") {
    if (p.variant == Variant::KoggeStoneDouble)
      return trf(
          "Each thread reads XY[i-{0}] and XY[i] from one buffer and writes their sum to "
          "the other, so position i now covers up to {1} inputs. Reads and writes never "
          "touch the same array: no write-after-read race, and one barrier per step is "
          "enough (double buffering).",
          stride, 2 * stride);
    if (p.race)
      return trf(
          "The second barrier is removed: a warp writes XY[i] as soon as it has read, "
          "while a later warp may still need the old XY[i] at distance {0}. That is the "
          "write-after-read race: positions that read an already updated value now hold a "
          "wrong range.",
          stride);
    if (shifted)
      return trf(
          "The same stride-doubling step as the inclusive scan, on the shifted input: "
          "position i now covers up to {0} inputs before x_i.",
          2 * stride);
    return trf(
        "Each thread i >= {0} combines XY[i-{0}] into XY[i], so position i now covers up "
        "to {1} inputs: the stride doubles every step, log2 n steps in all. The second "
        "barrier, between the reads and the writes, keeps any thread from overwriting a "
        "value another thread has yet to read (the write-after-read race).",
        stride, 2 * stride);
  }
  if (shifted)
    return tr(
        "Each thread writes its XY[i]: position i holds x0..x(i-1), the exclusive scan, "
        "with no extra pass.");
  if (!p.inclusive)
    return tr(
        "Each thread writes its XY[i] one place to the right, and thread 0 the identity: "
        "the inclusive result shifted right is the exclusive scan.");
  if (p.variant == Variant::KoggeStoneDouble)
    return tr(
        "Each thread writes its result from the buffer the last step wrote: double "
        "buffering traded twice the shared memory for one barrier per step.");
  return tr(
      "Each thread writes its prefix to global memory. Kogge-Stone took only log2 n steps "
      "but about n log2 n operations, more than the serial loop's n - 1: fast, not "
      "work-efficient.");
}

// Brent-Kung (4) and Blelloch (5): a reduction tree up, its mirror down.
std::string tree_why(const scan::Params& p, const TraceStep& s) {
  const int64_t stride = last_number(s.label);
  const bool blelloch = p.variant == Variant::Blelloch;
  if (s.phase == "load")
    return trf(
        "Each thread loads two elements, i and i + {0}: a block of {0} threads scans a "
        "section of {1}, because the tree's first level has half as many pairs as "
        "elements.",
        s.block_dim, 2 * int64_t{s.block_dim});
  if (s.phase == "up-sweep") {
    std::string why =
        blelloch ? trf("As in a reduction tree, every position i with i + 1 a multiple of {1} "
                       "adds the partial sum XY[i-{0}] to its left; at the top the last position "
                       "holds the section's total.",
                       stride, 2 * stride)
                 : trf("A reduction tree: every position i with i + 1 a multiple of {1} adds the "
                       "partial sum XY[i-{0}] to its left. Each level halves the number of "
                       "threads at work.",
                       stride, 2 * stride);
    if (p.variant == Variant::BrentKung)
      why += sentence_gap() +
             std::string(p.mapping == scan::Mapping::Divergent
                             ? tr("With the divergent mapping (t+1) % (2*stride) the working "
                                  "threads are spread out: every warp keeps a few active "
                                  "lanes and diverges.")
                             : tr("The contiguous mapping gives this work to threads 0, 1, "
                                  "2...: the working threads are packed into the first warps, "
                                  "so whole warps idle instead of diverging and at most one "
                                  "warp diverges."));
    return why;
  }
  if (s.phase == "root")
    return tr(
        "The root, the section's total, is replaced by the identity: the down-sweep then "
        "passes identity-started prefixes down the tree, which makes the result exclusive.");
  if (s.phase == "down-sweep") {
    if (blelloch)
      return trf(
          "The exclusive down-sweep: each node XY[i] hands its value to its left child "
          "XY[i-{0}] and takes that value combined with the left child's old sum, a swap and "
          "an add. Each position ends with the total of everything to its left.",
          stride);
    return trf(
        "The mirrored tree: each partial sum XY[i] is added into XY[i+{0}], a position the "
        "up-sweep left incomplete. The two trees together take about 2n operations, "
        "work-efficient, for about twice Kogge-Stone's steps.",
        stride);
  }
  if (blelloch)
    return p.inclusive
               ? tr("Each thread adds its own input x_i to its exclusive prefix and writes the "
                    "inclusive scan.")
               : tr("Each thread writes its two results: the down-sweep already produced the "
                    "exclusive scan, because the root started from the identity.");
  return p.inclusive ? tr("Each thread writes its two results. Brent-Kung needed about 2n - 2 - "
                          "log2 n operations against Kogge-Stone's n log2 n: work-efficient.")
                     : tr("Each thread writes its two results one place to the right, and thread 0 "
                          "the identity: the inclusive tree's result shifted is the exclusive "
                          "scan.");
}

// The three phases inside a block of the coarsened kernel (6) and of every level of the
// hierarchical scan (7), whose labels name the level ("level 1: stride 2").
std::string three_phase_why(const scan::Params& p, const TraceStep& s, const ScanRun& r) {
  const bool hierarchical = p.variant == Variant::Hierarchical;
  const int64_t level = level_of(s.label);
  const int64_t stride = last_number(s.label);
  const int64_t levels = static_cast<int64_t>(r.run.level_sizes.size());
  if (s.code_marker == "@add-sums")
    return trf(
        "The add-back kernel at level {0}: every block b >= 1 combines the scanned sum of "
        "the blocks before it into each of its elements, turning block-local scans into "
        "the scan of the whole array.",
        level);
  std::string why;
  if (s.phase == "load") {
    if (!hierarchical)
      return trf(
          "The block loads its section of {0} elements into shared memory with coalesced "
          "accesses: consecutive threads read consecutive addresses.",
          int64_t{s.block_dim} * p.coarsening);
    return level == 0 ? tr("Level 0, the first kernel: every block loads its own section of the "
                           "input, independently of the other blocks.")
                      : trf("Level {0}: the block sums of level {1} are the array to scan now; the "
                            "blocks load them like any input.",
                            level, level - 1);
  }
  if (s.phase == "thread scan")
    why =
        trf("Phase 1: each thread scans its own {0} consecutive elements sequentially. Serial "
            "work inside a thread is work-efficient and needs no barrier.",
            p.coarsening);
  else if (s.phase == "section scan")
    why =
        trf("Phase 2: a Kogge-Stone scan over only the threads' last elements (the subsection "
            "totals), stride {0}: the parallel, less work-efficient part is {1} times smaller "
            "than the section.",
            stride, p.coarsening);
  else if (s.phase == "add back")
    why =
        tr("Phase 3: each thread adds the previous thread's total to its other elements, which "
           "completes the scan of the section.");
  else if (!hierarchical)
    return tr(
        "The block writes its scanned section back to global memory, coalesced. Thread "
        "coarsening brought the work close to the serial loop's while keeping the "
        "parallel part short.");
  else if (levels == 1)
    return tr(
        "Level 0: the whole input fits one block, so the block's scan is the result; no "
        "block sums, no further level.");
  else if (level + 1 < levels)
    return trf(
        "Level {0}: each block writes its scanned section and, from its last element, its "
        "block sum; the block sums form the next, much shorter array to scan.",
        level);
  else
    return trf(
        "Level {0}: the block sums fit one block, so this scan is complete; no further "
        "level is needed, and the add-back kernels follow.",
        level);
  return hierarchical ? trf("Level {0}. {1}", level, why) : why;
}

// The single-pass variants: chained (8) and decoupled look-back (9).
std::string single_pass_why(const scan::Params& p, const TraceStep& s) {
  const bool lookback = p.variant == Variant::DecoupledLookback;
  if (s.phase == "load")
    return trf(
        "Each block first takes its index from a global counter (dynamic block indices): "
        "indices follow the order in which blocks start, so a block's predecessor is "
        "always running and waiting for it cannot deadlock. Then each thread loads {0} "
        "elements.",
        p.coarsening);
  if (s.phase == "thread scan")
    return trf(
        "The block scans its own section as the coarsened kernel does. Phase 1: each "
        "thread scans its {0} elements sequentially.",
        p.coarsening);
  if (s.phase == "section scan")
    return trf("Phase 2 inside the block: Kogge-Stone over the threads' totals, stride {0}.",
               last_number(s.label));
  if (s.phase == "add back")
    return tr(
        "Phase 3: each thread adds the previous thread's total back; the section is "
        "scanned, and its last element is the block's total.");
  if (s.phase == "chain")
    return tr(
        "Adjacent synchronisation: each block waits until its predecessor's flag is set, "
        "reads its running total, combines it with its own and publishes the result for its "
        "successor. The blocks form a serial chain, but all within one pass over the data.");
  if (s.phase == "look-back")
    return tr(
        "Decoupled look-back: each block publishes its own aggregate at once (flag A), then "
        "looks back over its predecessors, combining their aggregates until it finds a "
        "published inclusive prefix (flag P), and publishes its own prefix. A slow "
        "predecessor no longer holds up every block behind it.");
  return lookback ? tr("Each thread combines the block's exclusive prefix with its elements and "
                       "writes them: one read and one write per element, so the single-pass scan "
                       "moves about as much memory as a copy.")
                  : tr("Each thread combines the prefix the chain delivered with its elements and "
                       "writes them: the input is read once and the output written once, one pass "
                       "instead of the hierarchical scan's three kernels.");
}

// The warp-shuffle scan (10): registers within a warp, shared memory only for the warp totals.
std::string warp_shuffle_why(const TraceStep& s) {
  const int64_t offset = last_number(s.label);
  if (s.code_marker == "@shuffle")
    return trf(
        "Each lane i >= {0} takes the value of lane i - {0} with __shfl_up_sync and "
        "combines it with its own: a Kogge-Stone step on registers, with no shared memory "
        "and no barrier, since the lanes of a warp exchange values directly.",
        offset);
  if (s.code_marker == "@warp-total")
    return tr(
        "Lane 31 of every warp writes the warp's total to shared memory; a barrier then "
        "makes the totals visible to warp 0.");
  if (s.code_marker == "@totals-load")
    return tr("Warp 0 loads the warp totals into its registers, one total per lane.");
  if (s.code_marker == "@totals-shuffle")
    return trf("Warp 0 scans the warp totals with the same shuffles, offset {0}.", offset);
  if (s.code_marker == "@totals-store")
    return tr(
        "Warp 0 writes the scanned totals back to shared memory, and a barrier publishes "
        "them to every warp.");
  if (s.phase == "add back")
    return tr(
        "Each warp after the first adds the scanned total of the warps before it to all its "
        "lanes.");
  if (s.phase == "load")
    return tr(
        "Each thread loads its element into a register: the scan inside a warp never "
        "touches shared memory.");
  return tr(
      "Each thread writes its register to the output: shuffles did the scan within each "
      "warp, and shared memory carried only one total per warp.");
}

std::string why_of(const ScanRun& r, const TraceStep& s) {
  const scan::Params& p = r.run.params;
  switch (p.variant) {
    case Variant::KoggeStone:
    case Variant::KoggeStoneDouble:
    case Variant::KoggeStoneExclusive:
      return kogge_stone_why(p, s);
    case Variant::BrentKung:
    case Variant::Blelloch:
      return tree_why(p, s);
    case Variant::Coarsened:
    case Variant::Hierarchical:
      return three_phase_why(p, s, r);
    case Variant::Chained:
    case Variant::DecoupledLookback:
      return single_pass_why(p, s);
    default:
      return warp_shuffle_why(s);
  }
}

}  // namespace

std::string scan_variants_caption(const ScanVariantsSettings& settings, const ScanRun* primary,
                                  int step) {
  if (resolve_scan_view(settings.view, settings.params.variant) == ScanView::Scaling)
    return tr(
        "Steps and operations of every variant for N = 4 to 1024, counted from CPU-twin "
        "traces on log axes: Kogge-Stone's steps grow as log2 n but its operations as "
        "n log2 n; Brent-Kung and Blelloch stay near 2n operations for about twice the "
        "steps.");
  if (!primary) return "";
  const ScanRun& r = *primary;
  const Trace& trace = r.run.trace;
  if (trace.steps.empty()) return "";
  const int current = std::min(step, static_cast<int>(trace.steps.size()) - 1);
  const TraceStep& s = trace.steps[current];
  return compose_caption(s.label, why_of(r, s),
                         step_facts(trace, r.traced.counters, current, &r.traced.snapshots));
}

}  // namespace ws::app
