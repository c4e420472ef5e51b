// The merge scene's kernel-made texts (the merge variants' titles, references and lessons, the
// steps' labels and phases), listed so the catalog has them; tr_text translates them where they
// are shown. S2 adds the tiled steps and the sorts' texts in the block marked for them.
#include "merge_strings.h"

#include <iterator>

#include "i18n/i18n.h"

namespace ws::app {

namespace {

const char* const kMergeKernelTexts[] = {
    // kernels/merge/merge_info.cpp: the merge variants' titles, references and lessons.
    TR_NOOP("Sequential merge"),
    TR_NOOP("PMPP 12.2 (Fig. 12.2)"),
    TR_NOOP("One thread takes the smaller front key m + n times: simple, stable (A[i] <= B[j] "
            "takes A's first) and entirely serial."),
    TR_NOOP("Basic parallel merge: one co-rank per thread"),
    TR_NOOP("PMPP 12.4-12.5 (Figs. 12.5, 12.9)"),
    TR_NOOP("A thread cannot know its inputs until it searches for them: the co-rank turns output "
            "positions into input positions by a binary search along the merge path's "
            "diagonal."),
    TR_NOOP("Tiled merge: shared tiles of A and B"),
    TR_NOOP("PMPP 12.6 (Figs. 12.11-12.13)"),
    TR_NOOP("Loading tiles of A and B together makes the loads coalesced, but each tile of t "
            "outputs reloads 2t keys: half the traffic is thrown away."),
    TR_NOOP("Circular-buffer tiled merge"),
    TR_NOOP("PMPP 12.7 (Figs. 12.14-12.16)"),
    TR_NOOP("Refilling only the consumed slots of a circular tile loads every key once; the price "
            "is wrapped indices in the co-rank and the sequential merge."),
    TR_NOOP("Thread coarsening: merge path in registers"),
    TR_NOOP("PMPP 12.8 (thread coarsening); Green et al., GPU Merge Path"),
    TR_NOOP("Each thread merges a fixed number of outputs from its merge-path co-rank with its "
            "keys in registers; the teach trace shows the partitioning, the full-size kernel "
            "also stages each block's tile in shared memory with coalesced loads and stores."),
    // kernels/merge/merge_info.cpp: where path mode's kernels depart from the book.
    TR_NOOP("The book writes elementsPerThread = ceil((m+n)/(blockDim.x*gridDim.x)) on ints: the "
            "division truncates before ceil sees it, so the last outputs would have no thread. "
            "Here (m + n + p - 1) / p, and k_curr is clamped to m + n for threads past the end."),
    TR_NOOP("Not in the book's figures: the teach kernel is the basic merge with a fixed ITEMS "
            "outputs a thread (the grid grows with the input); merge_fast.cu is the full-size "
            "kernel."),
    // kernels/merge/merge_basic_cpu.cpp, merge_sequential_cpu.cpp: the steps' labels and phases.
    TR_NOOP("co-rank k_curr, iteration {0}"),
    TR_NOOP("co-rank k_next, iteration {0}"),
    TR_NOOP("merge output {0}"),
    TR_NOOP("merge C[{0}..{1}]"),
    TR_NOOP("merge (nothing to merge)"),
    TR_NOOP("corank"),
    TR_NOOP("merge"),
    // tiled, networks and sort modes (S2). kernels/merge/sort_info.cpp: the sorts' titles,
    // references and lessons.
    TR_NOOP("Merge sort from parallel merges"),
    TR_NOOP("Sorting is merging, log2 n times: each pass doubles the sorted runs, and every pass "
            "is one parallel merge per pair of runs, partitioned by co-rank."),
    TR_NOOP("Bitonic sorting network"),
    TR_NOOP("A network fixes every comparison in advance: no data-dependent branches, every "
            "thread one compare-exchange a stage, O(n log^2 n) work in log n (log n + 1) / 2 "
            "stages; short distances run in shared memory."),
    TR_NOOP("Batcher's odd-even merge sort"),
    TR_NOOP("Fewer comparators than bitonic sort, but not every thread has one in every stage: "
            "the saved work shows up as idle lanes."),
    TR_NOOP("Fastest int32 sort (merge path, registers)"),
    TR_NOOP("PMPP 13; Green et al., GPU Merge Path"),
    TR_NOOP("The fastest sort this project makes, timed against CUB's merge and radix sorts; its "
            "passes are taught as merge sort's (the runs it keeps in registers do not show in a "
            "trace)."),
    // The references and the book notes (where the kernels depart from the book) of the tiled
    // merges and the sorts.
    TR_NOOP(
        "The book finds A_consumed with co_rank(tile_size, A_S, tile_size, B_S, tile_size): once "
        "fewer than tile_size keys of A or B are left, that search reads tile slots holding stale "
        "or never-written keys. Here it searches the outputs made, min(tile_size, C left), in the "
        "keys really loaded, min(tile_size, A left) and min(tile_size, B left). The block's "
        "co-ranks sit in a shared int pair, not A_S[0..1] (a float tile cannot hold an index above "
        "2^24); the ceil on ints is fixed as in the basic merge."),
    TR_NOOP(
        "The same departures as the tiled merge (block co-ranks in a shared int pair, the ceil on "
        "ints). The refill writes the consumed slots after the kept keys: A[A_curr + A_consumed + "
        "kept + x] into A_S[(A_S_start + kept + x) % tile_size], kept = tile_size - A_S_consumed."),
    TR_NOOP("PMPP 13.7 (parallel merge sort), 12.5 (the basic parallel merge)"),
    TR_NOOP("The book sorts small sections first and merges them with the tiled merges; here every "
            "pass, from runs of one key, is the basic merge, so each pass shows its co-rank "
            "searches (and a thread whose outputs cross two merges does a piece of each)."),
    TR_NOOP("PMPP 13.8; Batcher 1968; cuda-samples sortingNetworks (bitonicSort)"),
    TR_NOOP("The book only names sorting networks; the kernels follow the CUDA sample: short "
            "distances in a shared tile, long ones one global launch a stage."),
    TR_NOOP("PMPP 13.8; Batcher 1968; Knuth TAOCP 5.3.4; cuda-samples oddEvenMergeSort"),
    TR_NOOP("Only the stages with k <= tile run in shared memory: later stages pair wires across "
            "tile boundaries, so, as in the CUDA sample, they run on global memory."),
    TR_NOOP("Taught as merge sort: the trace shows the passes, not the fast kernel's register "
            "block sort and tiles."),
    // merge_tiled_cpu.cpp, sort_merge_cpu.cpp, sort_network_cpu.cpp: the steps' labels, phases.
    TR_NOOP("block co-rank"),
    TR_NOOP("load tiles, iteration {0}"),
    TR_NOOP("thread co-rank, iteration {0}"),
    TR_NOOP("merge, iteration {0}"),
    TR_NOOP("consume, iteration {0}"),
    TR_NOOP("consume"),
    TR_NOOP("pass {0}: width {1}, co-rank"),
    TR_NOOP("pass {0}: width {1}, merge"),
    TR_NOOP("load tile"),
    TR_NOOP("store tile"),
    TR_NOOP("k {0}, j {1} (shared)"),
    TR_NOOP("k {0}, j {1} (global)"),
};

}  // namespace

const std::vector<const char*>& merge_kernel_text_keys() {
  static const std::vector<const char*> keys(std::begin(kMergeKernelTexts),
                                             std::end(kMergeKernelTexts));
  return keys;
}

}  // namespace ws::app
