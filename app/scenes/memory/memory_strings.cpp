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
    // kernels/memory/transpose_teach_cpu.cpp, matmul_teach_cpu.cpp: the steps' labels.
    TR_NOOP("load phase {0}"),
    TR_NOOP("compute phase {0}"),
    TR_NOOP("load phase {0}, output {1}"),
    TR_NOOP("compute phase {0}, output {1}"),
    TR_NOOP("store P"),
    TR_NOOP("k {0}..{1}"),
    TR_NOOP("load the tile by rows"),
    TR_NOOP("store the tile by columns"),
    TR_NOOP("copy in to out"),
    // kernels/memory/transpose_info.cpp, matmul_info.cpp: the variants' titles, references and
    // lessons.
    TR_NOOP("Naive: coalesced reads, strided writes"),
    TR_NOOP("cuda-samples transposeNaive; PMPP 6.1"),
    TR_NOOP("A warp reads 32 neighbours of a row (4 sectors) but writes 32 elements of a column, "
            "one sector each: the writes waste 7 of every 8 bytes moved."),
    TR_NOOP("Naive: strided reads, coalesced writes"),
    TR_NOOP("PMPP 6.1 (corner turning)"),
    TR_NOOP("Turning the threads around moves the waste to the reads: one side of a transpose is "
            "always a column, so a plain one-thread-per-element kernel cannot coalesce both."),
    TR_NOOP("Shared tile (32-way bank conflicts)"),
    TR_NOOP("cuda-samples transposeCoalesced; lecture: tiled transpose"),
    TR_NOOP(
        "Stage a tile in shared memory: load it by rows and store it by rows, so both global sides "
        "coalesce; the turn happens in the tile, whose column read hits one bank T times."),
    TR_NOOP("Shared tile padded to T+1 (no bank conflicts)"),
    TR_NOOP("cuda-samples transposeNoBankConflicts"),
    TR_NOOP("One unused float per tile row shifts each row by one bank, so a column of the tile "
            "falls on 32 different banks: the conflicts vanish for the price of T floats."),
    TR_NOOP("Padded tile, diagonal block order"),
    TR_NOOP("cuda-samples transposeDiagonal (partition camping)"),
    TR_NOOP("Renumbering the blocks along diagonals spread old GPUs' traffic over the DRAM "
            "partitions; modern GPUs hash addresses over them, so it barely changes the time."),
    TR_NOOP("Fast: several elements per thread, float4 rows"),
    TR_NOOP("cuda-samples TILE_DIM 32 / BLOCK_ROWS 8; vector loads"),
    TR_NOOP("Fewer threads each moving several elements (and 16 bytes per load) keep more bytes in "
            "flight per thread: the transpose runs at nearly the speed of a plain copy."),
    TR_NOOP("Naive: one thread per output"),
    TR_NOOP("Every multiply-add loads one element of M and one of N from global memory: 0.25 OP/B, "
            "far below what the GPU computes per byte it can load."),
    TR_NOOP("Tiled in shared memory (Mds, Nds)"),
    TR_NOOP("A block loads a tile of M and of N once into shared memory and every thread reuses it "
            "TILE_WIDTH times: the global traffic falls by TILE_WIDTH."),
    TR_NOOP("Thread coarsening: several outputs per thread"),
    TR_NOOP("One thread computing COARSE_FACTOR outputs loads its Mds element once for all of "
            "them: less redundant loading and fewer blocks."),
    TR_NOOP("Register tiling: a TM x TN block of outputs per thread"),
    TR_NOOP("Values read from shared memory are reused from registers TM or TN times, so the "
            "shared loads per multiply-add fall as well as the global ones."),
    TR_NOOP("Vectorized: float4 loads, transposed Mds, double buffering"),
    TR_NOOP("Wider loads move the same bytes in fewer instructions, and a second shared buffer "
            "lets the next tile load while this one is used: one barrier a phase."),
    TR_NOOP("Fast SGEMM: warp tiling, register prefetch"),
    TR_NOOP("Warp tiles, 128 x 256 block tiles (128 x 64 for small outputs), 8 x 4 outputs per "
            "lane and prefetched tiles bring FP32 matrix multiplication close to cuBLAS."),
};

}  // namespace

const std::vector<const char*>& memory_kernel_text_keys() {
  static const std::vector<const char*> keys(std::begin(kMemoryKernelTexts),
                                             std::end(kMemoryKernelTexts));
  return keys;
}

}  // namespace ws::app
