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
    TR_NOOP("Sequential merge"), TR_NOOP("PMPP 12.2 (Fig. 12.2)"),
    TR_NOOP("One thread takes the smaller front key m + n times: simple, stable (A[i] <= B[j] "
            "takes A's first) and entirely serial."),
    TR_NOOP("Basic parallel merge: one co-rank per thread"),
    TR_NOOP("PMPP 12.4-12.5 (Figs. 12.5, 12.9)"),
    TR_NOOP("A thread cannot know its inputs until it searches for them: the co-rank turns output "
            "positions into input positions by a binary search along the merge path's "
            "diagonal."),
    TR_NOOP("Tiled merge: shared tiles of A and B"), TR_NOOP("PMPP 12.6 (Figs. 12.11-12.13)"),
    TR_NOOP("Loading tiles of A and B together makes the loads coalesced, but each tile of t "
            "outputs reloads 2t keys: half the traffic is thrown away."),
    TR_NOOP("Circular-buffer tiled merge"), TR_NOOP("PMPP 12.7 (Figs. 12.14-12.16)"),
    TR_NOOP("Refilling only the consumed slots of a circular tile loads every key once; the price "
            "is wrapped indices in the co-rank and the sequential merge."),
    TR_NOOP("Thread coarsening: merge path in registers"),
    TR_NOOP("PMPP 12.8 (thread coarsening); Green et al., GPU Merge Path"),
    TR_NOOP("Each thread merges a fixed number of outputs from its merge-path co-rank with its "
            "keys in registers; the teach trace shows the partitioning, the full-size kernel "
            "adds a register sorting network."),
    // kernels/merge/merge_info.cpp: where path mode's kernels depart from the book.
    TR_NOOP("The book writes elementsPerThread = ceil((m+n)/(blockDim.x*gridDim.x)) on ints: the "
            "division truncates before ceil sees it, so the last outputs would have no thread. "
            "Here (m + n + p - 1) / p, and k_curr is clamped to m + n for threads past the end."),
    TR_NOOP("Not in the book's figures: the teach kernel is the basic merge with a fixed ITEMS "
            "outputs a thread (the grid grows with the input); merge_fast.cu is the full-size "
            "kernel."),
    // kernels/merge/merge_basic_cpu.cpp, merge_sequential_cpu.cpp: the steps' labels and phases.
    TR_NOOP("co-rank k_curr, iteration {0}"), TR_NOOP("co-rank k_next, iteration {0}"),
    TR_NOOP("merge output {0}"), TR_NOOP("merge C[{0}..{1}]"), TR_NOOP("merge (nothing to merge)"),
    TR_NOOP("corank"), TR_NOOP("merge"),
    // tiled, networks and sort modes (S2)
};

}  // namespace

const std::vector<const char*>& merge_kernel_text_keys() {
  static const std::vector<const char*> keys(std::begin(kMergeKernelTexts),
                                             std::end(kMergeKernelTexts));
  return keys;
}

}  // namespace ws::app
