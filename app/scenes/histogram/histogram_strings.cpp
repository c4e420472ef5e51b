// The keys of the histogram text made in kernels/histogram (histogram_info.cpp's variant table and
// distribution names, histogram_teach_cpu.cpp's step labels and phases, which the CUDA teach run
// shares), so ws_i18n_catalog lists them; the modes show them with ws::kernel_text. They must stay
// equal to the kernels' literals (tests/scenes/histogram/test_histogram_zh.cpp draws every
// variant's steps in Chinese and finds no English).
#include "i18n/i18n.h"

namespace ws::app {

namespace {

[[maybe_unused]] const char* const kKernelText[] = {
    // histogram_info.cpp: ids, titles, lessons.
    TR_NOOP("sequential"),
    TR_NOOP("global-atomic"),
    TR_NOOP("private-global"),
    TR_NOOP("private-shared"),
    TR_NOOP("coarse-contiguous"),
    TR_NOOP("coarse-interleaved"),
    TR_NOOP("aggregated"),
    TR_NOOP("warp-aggregated"),
    TR_NOOP("Sequential (the reference)"),
    TR_NOOP("One thread per sample, global atomics"),
    TR_NOOP("Private copies per block in global memory"),
    TR_NOOP("Private copies in shared memory"),
    TR_NOOP("Coarsened, contiguous partitioning"),
    TR_NOOP("Coarsened, interleaved partitioning"),
    TR_NOOP("Aggregation of runs"),
    TR_NOOP("Warp aggregation, per-warp sub-histograms"),
    TR_NOOP("One thread and one loop: no conflicts, and no parallelism either."),
    TR_NOOP("Every sample is an atomicAdd on a global counter: samples of the same bin wait for "
            "each other, so a skewed input runs at the speed of its hottest bin."),
    TR_NOOP("A copy of the histogram per block confines the conflicts to one block; the merge "
            "adds every block's copy into the result."),
    TR_NOOP("Shared-memory atomics finish in a few cycles instead of a round trip to L2; the "
            "global counters see one atomic per bin per block."),
    TR_NOOP("Fewer threads, each with a contiguous run of samples, merge fewer private copies, "
            "but neighbouring threads read addresses far apart: uncoalesced."),
    TR_NOOP("Interleaving the samples (thread t takes t, t + p, ...) makes every warp's read one "
            "coalesced access."),
    TR_NOOP("A thread counts a run of samples of one bin itself and adds the run's length in one "
            "atomic: long runs (sorted data, flat image regions) cost one atomic each."),
    TR_NOOP("The lanes of a warp that hit the same bin find each other with __match_any_sync and "
            "their leader adds them in one atomic on the warp's own sub-histogram: contention "
            "drops from 32 lanes to one per bin."),
    // histogram_info.cpp: the distributions.
    TR_NOOP("uniform"),
    TR_NOOP("normal"),
    TR_NOOP("zipf"),
    TR_NOOP("all-equal"),
    TR_NOOP("sorted"),
    // histogram_teach_cpu.cpp (start_run, round_label): step labels and phases.
    TR_NOOP("zero the warp copies"),
    TR_NOOP("zero the shared copy"),
    TR_NOOP("no samples"),
    TR_NOOP("samples {0}-{1} ({2} per step)"),
    TR_NOOP("round {0}"),
    TR_NOOP("round {0}: read counter"),
    TR_NOOP("round {0}: write counter"),
    TR_NOOP("flush the last run"),
    TR_NOOP("flush the last run: read counter"),
    TR_NOOP("flush the last run: write counter"),
    TR_NOOP("merge round {0} (bins {1}-{2})"),
    TR_NOOP("merge round {0} (bins {1}-{2}): read counter"),
    TR_NOOP("merge round {0} (bins {1}-{2}): write counter"),
    TR_NOOP("init"),
    TR_NOOP("count"),
    TR_NOOP("merge"),
};

}  // namespace

}  // namespace ws::app
