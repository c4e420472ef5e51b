// Access patterns (PMPP 6.1; the lecture chapter's map, gather, scatter, stencil, transpose): how
// a warp's 32 addresses become 32-byte sectors and 128-byte lines of global memory, and, for
// corner turning, banks of shared memory. CUDA-free API: the CPU twin (access_cpu.cpp) and the
// CUDA kernels (access.cu, access_timing.cu) sit behind it.
//
// Patterns (one block of `warps` x 32 threads; thread t = warp * 32 + lane; a warp-level
// instruction moves 32 elements; element e of a buffer sits at byte e * elem_bytes):
//    1 row           map: thread t reads a[t]. 32 x 4 B = 4 sectors, 1 line, 100% used.
//    2 column        a column-major walk of a row-major W-wide matrix: lane i of warp w reads
//                    a[i * W + w % W]: every lane in another row, W * elem_bytes apart.
//    3 strided       a[t * stride], stride 1..64: stride 2 doubles the sectors, >= 8 (f32) one
//                    sector per lane.
//    4 misaligned    a[offset + t]: a start off the 128-byte line spills into one more line.
//    5 gather        a[idx[t]], idx seeded and uniform over 32 x threads elements: scattered.
//    6 local-gather  a[idx[t]], idx a seeded permutation within each aligned `window` of
//                    elements: with window 32 the warp's sectors are row's.
//    7 scatter       out[idx[t]] = a[t], idx as gather's: the writes scatter.
//    8 stencil       a[t], a[t + 1], a[t + 2] (the lane's left, centre, right): three
//                    instructions; two of them straddle a sector, the caches serve the reuse.
//    9 transpose     thread t is element (t / W, t % W) of a (threads / W) x W matrix: reads
//                    a[row * W + col] (a row: coalesced), writes out[col * rows + row] (a column).
//   10 corner-turning PMPP Fig. 6.4: a 32 x 32 tile read by rows from global (coalesced) into
//                    shared memory, then used by columns from shared (tile[lane][c]): the
//                    column's bank ways (32 without padding, 1 with tile_pad 1).
// Work: one element per thread per instruction; one step per phase (below).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/trace.h"

namespace ws::mem {

enum class Pattern : uint8_t {
  Row = 1,
  Column = 2,
  Strided = 3,
  Misaligned = 4,
  Gather = 5,
  LocalGather = 6,
  Scatter = 7,
  Stencil = 8,
  Transpose = 9,
  CornerTurning = 10,
};

struct PatternInfo {
  Pattern variant;
  const char* id;       // command-line name: row, column, strided, misaligned, gather,
                        // local-gather, scatter, stencil, transpose, corner-turning
  const char* title;    // e.g. "Strided: a[i * stride]"
  const char* source;   // the kernel file the code panel shows, relative to kernels/memory/
  const char* section;  // "PMPP 6.1" / "lecture: gather"
  const char* lesson;   // one sentence a student should take away
};
const std::vector<PatternInfo>& pattern_infos();  // 1..10 in order
const PatternInfo& info(Pattern p);
bool parse_pattern(const std::string& text, Pattern& out);  // the id or its number 1..10

inline constexpr int kWarpSize = 32;
inline constexpr int kSectorBytes = 32;
inline constexpr int kLineBytes = 128;
inline constexpr int kBankCount = 32;
inline constexpr int kBankBytes = 4;
inline constexpr int kMaxStride = 64;
inline constexpr int kMaxOffset = 128;
inline constexpr int kMaxWarps = 8;
inline constexpr int kMaxWidth = 1024;
inline constexpr int kCornerTile = 32;  // corner turning's tile edge

struct AccessParams {
  Pattern pattern = Pattern::Row;
  int stride = 2;      // strided: 1..kMaxStride
  int offset = 1;      // misaligned: elements, 0..kMaxOffset
  int elem_bytes = 4;  // 1, 2, 4, 8 or 16 (float4)
  int warps = 1;       // 1..kMaxWarps (one block)
  int width = 32;      // W: column, transpose (1..kMaxWidth); corner turning: >= 32
  int window = 32;     // local-gather: 1..kMaxWidth
  int tile_pad = 0;    // corner turning: extra elements per tile row, 0..32
  uint64_t seed = 1;   // gather, local-gather, scatter: the index array
};
// Throws ws::Error naming the option and what it accepts ("--stride 65: 1..64").
void validate(const AccessParams& p);
int threads_of(const AccessParams& p);  // warps * 32

// The index array of gather, local-gather and scatter (threads_of(p) entries; empty otherwise):
// the same seeded numbers on every backend (ws::SplitMix64).
std::vector<int32_t> index_array(const AccessParams& p);

// ---- The cost of one warp-level instruction: the pure function the view and the tests share.
// `byte_addresses`: the first byte of each active lane's element (duplicates allowed), each
// access `elem_bytes` long. Sectors and lines: distinct 32- and 128-byte pieces the bytes fall
// in. Useful bytes: distinct bytes requested; moved: sectors * 32. efficiency = useful / moved
// (1 for an empty access).
struct AccessCost {
  int64_t sectors = 0;
  int64_t lines = 0;
  int64_t useful_bytes = 0;
  int64_t moved_bytes = 0;
  double efficiency = 1;
  std::vector<int64_t> sector_ids;  // ascending: byte / 32
  std::vector<int64_t> line_ids;    // ascending: byte / 128
};
AccessCost access_cost(const std::vector<int64_t>& byte_addresses, int elem_bytes);
// Shared memory: the most distinct 4-byte words one bank holds among the access (1: conflict
// free), as ws::compute_counters counts ways. bank of a byte = (byte / 4) % 32.
int64_t bank_ways(const std::vector<int64_t>& byte_addresses, int elem_bytes);

// ---- Teach mode: one traced run (CPU twin or CUDA kernel; the traces are identical).
// Trace layout (the views rely on it): Trace::type Float32, Trace::elem_bytes = elem_bytes, one
// block (grid_dim 1, block_dim warps * 32). Buffers, always all four, at these indices:
inline constexpr int kBufA = 0;     // "a"    global, the input; a[e] = e (exact in a double)
inline constexpr int kBufIdx = 1;   // "idx"  global int32 (elem_bytes 4); gather/scatter only,
                                    //        size 0 otherwise
inline constexpr int kBufOut = 2;   // "out"  global, the output (scatter: its target)
inline constexpr int kBufTile = 3;  // "tile" shared, 32 x (32 + tile_pad) elements; corner
                                    //        turning only, size 0 otherwise
// Steps, by phase (exactly one step of phase "access" per run: the lesson's instructions):
//   row, column, strided, misaligned:  "access" (the read of a), "store" (out[t] = that value)
//   stencil:       "access" (three reads of a: t, t+1, t+2), "store" (out[t] = their sum)
//   gather, local-gather: "index" (idx[t]), "access" (a[idx[t]]), "store" (out[t])
//   scatter:       "index" (idx[t]), "load" (a[t]), "access" (the write out[idx[t]])
//   transpose:     "access" (read a[row * W + col], write out[col * rows + row])
//   corner-turning: "load" (warp w copies tile rows r = w, w + warps, ... : reads
//                  a[r * W + lane], writes tile[r * pitch + lane]; one barrier), "access" (reads
//                  tile[lane * pitch + c] for columns c = w, w + warps, ...), "store" (writes
//                  out[c * 32 + lane]). pitch = 32 + tile_pad.
// Every buffer's elem_bytes is the run's elem_bytes except idx (4).
inline constexpr const char* kAccessPhase = "access";
struct AccessRun {
  Trace trace;
  AccessParams params;
  std::vector<int32_t> idx;  // index_array(params)
  int access_step = 0;       // the index of the "access" step
};
// Throws ws::Error for bad parameters, or Backend::Cuda without a device (or in a CPU-only build).
AccessRun run_access(const AccessParams& p, Backend backend);

// One warp-level instruction of a step, as compute_counters groups them (the n-th access of a
// buffer, of one kind, of each lane of a warp): what the view draws per warp.
struct WarpInstruction {
  int warp = 0;
  int buffer = 0;
  EventKind kind = EventKind::Read;
  int ordinal = 0;                      // the lane's n-th access of this buffer and kind
  std::vector<int> lanes;               // the active lanes, ascending
  std::vector<int64_t> byte_addresses;  // per lane in `lanes`: element * elem_bytes
  AccessCost cost;                      // global buffers
  int64_t bank_ways = 0;                // shared buffers (0 for global)
};
// Every warp instruction of trace.steps[step] (Read, Write and Atomic events of global and shared
// buffers), ordered by warp, buffer, kind, ordinal. Throws ws::Error for a step out of range.
std::vector<WarpInstruction> warp_instructions(const Trace& trace, int step);

// ---- Timing (CUDA; CPU-only builds and no device: available false with a note). f32 elements;
// `elements` floats in `a`. Effective bandwidth = useful bytes (every thread's 4-byte read and its
// 4-byte write) / time, GB/s = 1e9 B/s, median of `repeats` runs after a warm-up.
//   strided:    elements / stride threads: out[t] = a[t * stride]
//   misaligned: elements - kMaxOffset threads: out[t] = a[t + offset]
//   row / column (W = width, elements / W rows) / gather / local-gather / scatter / stencil
//   / transpose: one thread per element (gather: idx uniform over the elements)
struct PatternTiming {
  bool available = false;
  double ms = 0;
  double gbps = 0;           // effective
  int64_t useful_bytes = 0;  // read + written by the threads
  std::string note;          // why not available
};
// Corner turning is not timed (available false, the note says so). Throws ws::Error for bad
// parameters (elem_bytes and warps are ignored: f32, 256-thread blocks; width may be 1..elements:
// the full-size matrix's row). CPU-only builds: available false, nothing checked.
PatternTiming time_pattern(const AccessParams& p, int64_t elements, int repeats);

struct BandwidthCurve {
  bool available = false;
  std::string note;
  double copy_gbps = 0;  // ws::copy_bandwidth_gbps_at(Cuda, the same bytes): the roof
  std::vector<int> x;    // stride 1..max, or offset 0..max
  std::vector<double> gbps;
};
BandwidthCurve bandwidth_vs_stride(int64_t elements, int max_stride, int repeats);
BandwidthCurve bandwidth_vs_offset(int64_t elements, int max_offset, int repeats);

}  // namespace ws::mem
