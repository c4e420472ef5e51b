// The reduction in lecture mode: what each step of each variant does and why (the teaching point
// of that step: the divergent branch of interleaved addressing, the bank conflicts of the strided
// index, sequential addressing's packed warps, the first add during the load, the unrolled last
// warp, shuffles, coarsening, and the three ways across blocks), followed by the trace's facts.
// Also the catalog keys of the text kernels/reduce makes (variant titles and lessons, step labels,
// buffer names, the float orders), translated where they are shown.
#include <cstdlib>

#include "i18n/i18n.h"
#include "reduce_teach_mode.h"
#include "scene_kit/step_caption.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

// kernels/reduce/reduce_info.cpp: the variants' titles and lessons, the finishes.
[[maybe_unused]] const char* const kVariantText[] = {
    TR_NOOP("Interleaved addressing, divergent branch"),
    TR_NOOP("Only every (2*stride)-th owner works, so nearly every warp diverges at every level."),
    TR_NOOP("Interleaved addressing, strided index"),
    TR_NOOP("Active threads are contiguous (no divergence) but their shared-memory accesses pile "
            "up in few banks."),
    TR_NOOP("Sequential addressing (convergent)"),
    TR_NOOP("Halving the stride keeps the active threads in the fewest warps and the accesses "
            "conflict free."),
    TR_NOOP("Shared memory, first add during load"),
    TR_NOOP("Adding two inputs while loading halves the shared memory and drops the idle first "
            "level."),
    TR_NOOP("Last warp unrolled (warp-synchronous)"),
    TR_NOOP("Inside one warp __syncwarp is enough: the last six levels need no block barrier."),
    TR_NOOP("Warp shuffle (__shfl_down_sync)"),
    TR_NOOP("Registers exchange values directly: no shared memory until the warp totals."),
    TR_NOOP("Thread coarsening, grid-stride loop, vector loads"),
    TR_NOOP("Each thread first sums many inputs serially: fewer blocks, fewer levels, full "
            "bandwidth."),
    TR_NOOP("two-pass"),
    TR_NOOP("atomic"),
    TR_NOOP("last-block"),
};

// kernels/reduce/reduce_cpu.cpp (and reduce.cu): step labels, with the "pass N: " prefix of a
// two-pass run and the "last block: " prefix of the last block's shuffles.
[[maybe_unused]] const char* const kStepLabels[] = {
    TR_NOOP("load"),
    TR_NOOP("load + first add"),
    TR_NOOP("stride {0}"),
    TR_NOOP("warp offset {0}"),
    TR_NOOP("grid-stride {0}"),
    TR_NOOP("warp shuffle {0}"),
    TR_NOOP("warp totals to shared"),
    TR_NOOP("first warp loads totals"),
    TR_NOOP("first warp shuffle {0}"),
    TR_NOOP("atomic combine"),
    TR_NOOP("store result"),
    TR_NOOP("store block result"),
    TR_NOOP("take a ticket"),
    TR_NOOP("last block gathers partials"),
    TR_NOOP("last block writes result"),
    TR_NOOP("last block: warp shuffle {0}"),
    TR_NOOP("last block: warp totals to shared"),
    TR_NOOP("last block: first warp loads totals"),
    TR_NOOP("last block: first warp shuffle {0}"),
    TR_NOOP("pass {0}: load"),
    TR_NOOP("pass {0}: load + first add"),
    TR_NOOP("pass {0}: stride {1}"),
    TR_NOOP("pass {0}: warp offset {1}"),
    TR_NOOP("pass {0}: grid-stride {1}"),
    TR_NOOP("pass {0}: warp shuffle {1}"),
    TR_NOOP("pass {0}: warp totals to shared"),
    TR_NOOP("pass {0}: first warp loads totals"),
    TR_NOOP("pass {0}: first warp shuffle {1}"),
    TR_NOOP("pass {0}: store result"),
    TR_NOOP("pass {0}: store block result"),
    // Buffer names (rows and hover text); "shared 2": the second pass's.
    TR_NOOP("input"),
    TR_NOOP("result"),
    TR_NOOP("retirement counter"),
    TR_NOOP("shared"),
    TR_NOOP("registers"),
    TR_NOOP("partials"),
    TR_NOOP("shared {0}"),
    TR_NOOP("registers {0}"),
    TR_NOOP("partials {0}"),
    // kernels/reduce/float_orders.cpp: the float lesson's orders and how each adds.
    TR_NOOP("serial"),
    TR_NOOP("tree"),
    TR_NOOP("kahan"),
    TR_NOOP("left to right, one running float sum"),
    TR_NOOP("pairwise halves (a generic tree; 'this run' is the variant's own order)"),
    TR_NOOP("block trees, then atomicAdd in arrival order"),
    TR_NOOP("serial with Kahan compensation"),
    // reduce_scene.cpp: the twin check's note on a last-block run; bench rows that fail.
    TR_NOOP("the block that drew the last ticket is compared as the twin's last block"),
    TR_NOOP("returned {0}, expected {1}"),
};

// A step label taken apart: "pass 2: last block: warp shuffle 8" -> pass 2, last block, base
// "warp shuffle", number 8.
struct StepName {
  int pass = 0;  // 0: no "pass N: " prefix
  bool last_block = false;
  std::string base;
  int number = 0;  // the trailing number (stride, offset, iteration); 0 when none
};

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

StepName parse_label(std::string label) {
  StepName n;
  if (starts_with(label, "pass ")) {
    const size_t colon = label.find(": ");
    if (colon != std::string::npos) {
      n.pass = std::atoi(label.c_str() + 5);
      label = label.substr(colon + 2);
    }
  }
  if (starts_with(label, "last block: ")) {
    n.last_block = true;
    label = label.substr(12);
  }
  const size_t space = label.rfind(' ');
  if (space != std::string::npos && space + 1 < label.size() &&
      label.find_first_not_of("0123456789", space + 1) == std::string::npos) {
    n.number = std::atoi(label.c_str() + space + 1);
    label = label.substr(0, space);
  }
  n.base = label;
  return n;
}

using reduce::Finish;
using reduce::Variant;

// Why variants 1-5 combine at this stride (tree levels in shared memory with a block barrier);
// `block_dim` threads per block, `warp` lanes per warp.
std::string tree_why(Variant v, int stride, int block_dim, int warp) {
  switch (v) {
    case Variant::InterleavedDivergent:
      if (stride == 1)
        return tr(
            "Stride 1: t % 1 == 0 holds for every thread, so all of them add s[2t + 1] into "
            "s[2t]. From the next level on, the same test leaves idle lanes scattered "
            "through every warp.");
      return trf(
          "Thread t works only when t % {0} == 0, adding s[2t + {0}] into s[2t]: the working lanes "
          "lie {0} apart, so every warp with work diverges and still pays for all its 32 lanes.",
          stride);
    case Variant::InterleavedStrided:
      if (block_dim / stride < warp)
        return trf(
            "Thread t adds s[i + {0}] into s[i] with i = 2·{0}·t: the busy threads are the first "
            "ones (fewer than a warp now, so only that warp diverges), and neighbouring lanes "
            "touch words {1} apart, which fall in the same banks and are served one after "
            "another (bank conflicts).",
            stride, 2 * stride);
      return trf(
          "Thread t adds s[i + {0}] into s[i] with i = 2·{0}·t: the busy threads are the first "
          "ones, so no warp diverges, but neighbouring lanes touch words {1} apart, which fall in "
          "the same banks and are served one after another (bank conflicts).",
          stride, 2 * stride);
    case Variant::FirstAddDuringLoad:
      if (stride < warp)
        return trf(
            "Down to {0} per block, fewer than a warp: each block's last busy warp diverges for "
            "the remaining levels, each still with a block barrier (variant 5 unrolls them).",
            count_text(stride, "thread"));
      return trf(
          "Sequential addressing on the half-size array the load left: thread t adds s[t + {0}] "
          "into s[t]; the {0} busy threads of each block fill whole warps, so no warp diverges "
          "and no bank conflicts.",
          stride);
    case Variant::UnrollLastWarp:
      return trf(
          "A block-wide level: thread t adds s[t + {0}] into s[t] and the block waits at a "
          "barrier; these levels stop once one warp can finish alone.",
          stride);
    case Variant::SimpleGlobal:
    case Variant::ConvergentGlobal:
    case Variant::ReduceGlobal:
      return global_tree_why(v, stride, warp);
    default:  // sequential
      if (stride < warp)
        return trf(
            "Down to {0} per block, fewer than a warp: thread t adds s[t + {1}] into s[t]; each "
            "block's last busy warp diverges from here on, and every level still waits at a "
            "block barrier.",
            count_text(stride, "thread"), stride);
      return trf(
          "Halving the stride: thread t adds s[t + {0}] into s[t]. The {0} busy threads of each "
          "block are its first ones, packed into whole warps that retire together, and "
          "neighbouring lanes read neighbouring words: no divergence, no bank conflicts.",
          stride);
  }
}

// Why the shuffle steps (variants 6 and 7, and the last block of a last-block finish).
std::string shuffle_why(Variant v, const StepName& n) {
  if (n.base == "warp shuffle") {
    if (v == Variant::Coarsened)
      return trf(
          "The coarsened partial sums meet in warp shuffles: lane t adds the register of lane "
          "t + {0}. With far fewer blocks than variant 6, this tree is a small part of the work.",
          n.number);
    return trf(
        "Each lane adds the value of lane + {0} of its own warp, passed register to register by "
        "__shfl_down_sync: no shared memory, no barrier, no bank conflicts.",
        n.number);
  }
  if (n.base == "warp totals to shared")
    return tr(
        "Lane 0 of every warp writes its warp's total to shared memory, one word per warp: "
        "the only shared-memory traffic, before the block's one barrier.");
  if (n.base == "first warp loads totals")
    return tr(
        "The first warp reads the warp totals back into registers (lanes past the last warp "
        "take the identity), so one more round of shuffles finishes the block.");
  if (n.base == "first warp shuffle")
    return trf(
        "The first warp shuffles the warp totals down by {0}; after offset 1, lane 0 holds "
        "the block's total.",
        n.number);
  return "";
}

std::string load_why(Variant v, const std::string& base) {
  if (base == "load") {
    switch (v) {
      case Variant::InterleavedDivergent:
        return tr(
            "Each thread copies two inputs, s[t] and s[t + blockDim], into shared memory. "
            "The tree then combines neighbours in place (interleaved addressing); the "
            "barrier makes every value visible first.");
      case Variant::InterleavedStrided:
        return tr(
            "Each thread copies two inputs into shared memory, as in variant 1; this time "
            "the tree hands the work to the first threads through a strided index.");
      default:
        return tr(
            "Each thread copies two inputs into shared memory; sequential addressing then "
            "folds the upper half of the array onto the lower half, level after level.");
    }
  }
  if (base == "load + first add") {
    switch (v) {
      case Variant::WarpShuffle:
        return tr(
            "Each thread adds its two inputs while loading and keeps the sum in a register: "
            "the shuffles that follow work on registers, without shared memory or "
            "barriers.");
      case Variant::UnrollLastWarp:
        return tr(
            "The first add happens during the load, as in variant 4; the levels above one "
            "warp will need the block barrier, the last six will not.");
      default:
        return tr(
            "Each thread adds two inputs while loading them (the tree's first level): the "
            "block covers 2·blockDim inputs with blockDim words of shared memory, and no "
            "level leaves half the threads idle from the start.");
    }
  }
  if (base == "grid-stride") return "";  // handled with its iteration number
  return "";
}

// Why the finish steps (how the blocks' results become one value).
std::string finish_why(Finish finish, const StepName& n, int grid) {
  if (n.base == "atomic combine")
    return tr(
        "Thread 0 of every block adds the block's total into the result with one atomic "
        "operation: no second launch, but the atomics on the one address queue behind each "
        "other.");
  if (n.base == "store result")
    return tr(
        "Thread 0 writes the block's total to global memory: with one block left, this is "
        "the answer.");
  if (n.base == "store block result") {
    if (finish == Finish::LastBlock)
      return tr(
          "Thread 0 of each block writes its partial result to global memory; next it "
          "makes the write visible (__threadfence) and takes a ticket.");
    return trf(
        "Thread 0 of each of the {0} blocks writes its partial result to global memory; "
        "the same kernel is then launched again on these partials (two-pass) until one "
        "value is left.",
        grid);
  }
  if (n.base == "take a ticket")
    return tr(
        "Each block fences its partial (__threadfence) and takes a ticket with atomicAdd on "
        "the retirement counter: the block that draws the last ticket knows that every "
        "partial is visible.");
  if (n.base == "last block gathers partials")
    return tr(
        "Only the block that drew the last ticket goes on: its threads read the partials "
        "of all blocks from global memory, so no second launch is needed.");
  if (n.base == "last block writes result")
    return tr(
        "The last block writes the answer and resets the retirement counter to 0, ready "
        "for the next launch.");
  return "";
}

const char* sentence_gap() {
  return i18n::language() == i18n::Language::Chinese ? "" : " ";
}

}  // namespace

std::string reduce_step_why(const reduce::Params& params, const TraceStep& step, int warp) {
  const StepName n = parse_label(step.label);
  const Variant v = params.variant;
  std::string why;
  if (n.last_block) {
    why = tr("The last block alone reduces the gathered partials with warp shuffles.");
    const std::string more = shuffle_why(Variant::WarpShuffle, n);
    if (!more.empty()) why += sentence_gap() + more;
  } else if (n.base == "stride") {
    why = tree_why(v, n.number, step.block_dim, warp);
  } else if (n.base == "warp offset") {
    why =
        trf("Warp 0 alone finishes: lane t adds s[t + {0}] into its register and writes it "
            "back, with __syncwarp between the read and the write instead of a block barrier, "
            "so no other warp waits for the last levels.",
            n.number);
  } else if (n.base == "grid-stride") {
    why =
        trf("Thread coarsening, pass {0} of the grid-stride loop: each thread reads four "
            "consecutive inputs with one vector load and adds them into its register. Serial "
            "work needs no synchronization, and neighbouring threads read neighbouring 16-byte "
            "chunks (coalesced).",
            n.number);
  } else if (step.phase == "warp") {
    why = shuffle_why(v, n);
  } else if (step.phase == "load") {
    why = load_why(v, n.base);
  } else if (step.phase == "finish") {
    why = finish_why(params.finish, n, step.grid_dim);
  }
  if (n.pass >= 2)
    why = trf("Launch {0} of the two-pass finish: the previous launch's partials are its input.",
              n.pass) +
          sentence_gap() + why;
  return why;
}

std::string ReduceTeachMode::caption() const {
  const TraceStep* s = shown_step();
  if (!s) return "";
  const Taught<ReduceRun>& t = *taught();
  const std::string facts = step_facts(t.run.trace, t.traced.counters, step(), &t.traced.snapshots);
  return compose_caption(s->label, reduce_step_why(t.run.params, *s, t.run.trace.warp_size), facts);
}

}  // namespace ws::app
