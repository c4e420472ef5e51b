// The global-memory scene's kernel-made texts (the patterns' titles, sections and lessons, the
// steps' phases, warp states, occupancy limiters, the book's examples and why a count differs),
// listed so the catalog has them; tr_text translates them where they are shown.
#include "memory_strings.h"

#include "i18n/i18n.h"

namespace ws::app {

namespace {

const char* const kMemoryKernelTexts[] = {
    // kernels/memory/access_info.cpp: the patterns' titles, sections and lessons.
    TR_NOOP("Row (map): a[i]"),
    TR_NOOP("PMPP 6.1; lecture: map"),
    TR_NOOP("Consecutive lanes on consecutive elements: a warp's 128 bytes come in 4 sectors, one "
            "line, every byte used."),
    TR_NOOP("Column walk: a[i * W + c]"),
    TR_NOOP("PMPP 6.1"),
    TR_NOOP("Walking a row-major matrix down a column puts every lane in another row: one sector "
            "per lane, an eighth of each used."),
    TR_NOOP("Strided: a[i * stride]"),
    TR_NOOP("A stride of s spreads the warp over s times the memory: the sectors grow with the "
            "stride until each lane has one of its own."),
    TR_NOOP("Misaligned: a[offset + i]"),
    TR_NOOP("A start off the line boundary costs one more sector and one more line, not a warp's "
            "worth: misalignment is cheap, scattering is not."),
    TR_NOOP("Gather: a[idx[i]]"),
    TR_NOOP("lecture: gather"),
    TR_NOOP("Indices spread over memory give every lane a sector of its own: the index array "
            "decides the cost, not the code."),
    TR_NOOP("Local gather: a[idx[i]], idx within a window"),
    TR_NOOP("A permutation inside the warp's own 128 bytes costs what a row costs: coalescing is "
            "about which sectors, not which order."),
    TR_NOOP("Scatter: out[idx[i]] = a[i]"),
    TR_NOOP("lecture: scatter"),
    TR_NOOP("Scattered writes cost a sector per lane, as scattered reads do, and may collide."),
    TR_NOOP("Stencil: a[i], a[i+1], a[i+2]"),
    TR_NOOP("lecture: stencil"),
    TR_NOOP("Three shifted reads are three instructions; the shifted ones straddle a sector and "
            "the caches serve the reuse between neighbours."),
    TR_NOOP("Transpose: read a row, write a column"),
    TR_NOOP("lecture: transpose"),
    TR_NOOP("A naive transpose reads coalesced and writes with a stride of the matrix height: one "
            "of the two sides always walks a column."),
    TR_NOOP("Corner turning: rows into shared, columns out"),
    TR_NOOP("PMPP 6.1 (Fig. 6.4)"),
    TR_NOOP("Load the tile by rows (coalesced) and use it by columns from shared memory, where a "
            "column costs bank ways, not sectors: pad the row to spread it over the banks."),
    // kernels/memory/access_layout.cpp: the phases of a step.
    TR_NOOP("index"),
    TR_NOOP("load"),
    TR_NOOP("access"),
    TR_NOOP("store"),
    // kernels/memory/launch_geometry.cpp, launch_limits.cpp: warp states and limiters.
    TR_NOOP("full"),
    TR_NOOP("divergent"),
    TR_NOOP("idle"),
    TR_NOOP("shared memory"),
    // kernels/memory/launch_book.cpp: the book's examples, quantities and the reason they differ.
    TR_NOOP("1003 elements, 64-thread blocks"),
    TR_NOOP("62x76 image (76 wide, 62 high), 16x16 blocks"),
    TR_NOOP("200x150 image (200 wide, 150 high), 16x16 blocks"),
    TR_NOOP("divergent warps"),
    TR_NOOP("the book counts all 8 warps of each of the 10 blocks on the right edge; the "
            "bottom-right block covers rows 144-159 of an image 150 high, so its warps 3-7 (rows "
            "150-159) have no lane inside the image: they are idle, not divergent ({0} idle warps "
            "in all, counting the bottom row's)"),
    TR_NOOP("the launch gives another count than the book prints"),
};

}  // namespace

const std::vector<const char*>& memory_kernel_text_keys() {
  static const std::vector<const char*> keys(std::begin(kMemoryKernelTexts),
                                             std::end(kMemoryKernelTexts));
  return keys;
}

}  // namespace ws::app
