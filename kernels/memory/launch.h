// Launch geometry, warps and occupancy (PMPP 3.2, 4.4-4.7): a 1D, 2D or 3D grid over data of
// extent (nx, ny, nz), its threads linearised into warps (x fastest, then y, then z), the warps at
// the edges that diverge (some lanes in range, some not) or idle (no lane in range), and how many
// blocks fit on an SM given threads, registers and shared memory per block. CUDA-free API: the
// arithmetic is CPU code (launch_*.cpp); the occupancy cross-check runs the CUDA occupancy API on
// small kernels of launch_occupancy.cu (launch_occupancy_none.cpp in CPU-only builds).
//
// Work: blocks x block threads to classify every warp (O(warps x 32)); occupancy O(1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/backend.h"

namespace ws::mem {

struct Extent3 {
  int64_t x = 1, y = 1, z = 1;
};

inline constexpr int kMaxBlockThreads = 1024;
inline constexpr int64_t kMaxListedWarps = 1 << 16;   // Launch::warps lists at most these
inline constexpr int64_t kMaxLaunchBlocks = 1 << 26;  // analyze_launch takes grids up to this

struct LaunchParams {
  int dims = 1;   // 1, 2 or 3 (unused dimensions must be 1)
  Extent3 data;   // elements in x (width), y (height), z (depth), each >= 1
  Extent3 block;  // threads per block in x, y, z; product 1..1024, z <= 64
};
// Throws ws::Error naming the option ("block 32 x 32 x 2 = 2048 threads: at most 1024 per block").
void validate(const LaunchParams& p);

enum class WarpState : uint8_t { Full = 0, Divergent = 1, Idle = 2 };
const char* warp_state_name(WarpState s);  // "full", "divergent", "idle"

struct WarpInfo {
  int64_t block = 0;       // linear block index: bx + gx * (by + gy * bz)
  Extent3 block_coord;     // blockIdx
  int warp = 0;            // warp index within the block
  int lanes = 0;           // threads of the block in this warp (the last warp may be partial)
  int lanes_in_range = 0;  // lanes whose (x, y, z) lies inside the data
  WarpState state = WarpState::Full;  // Divergent: 0 < in range < lanes; Idle: none in range
};

struct LaunchCounts {
  int64_t blocks = 0;
  int64_t threads = 0;           // blocks x threads per block
  int64_t threads_in_range = 0;  // = data x * y * z
  int64_t warps = 0;
  int64_t full_warps = 0;
  int64_t divergent_warps = 0;
  int64_t idle_warps = 0;
};

struct Launch {
  LaunchParams params;
  Extent3 grid;             // ceil(data / block) per dimension
  int block_threads = 0;    // bx * by * bz
  int warps_per_block = 0;  // ceil(block_threads / 32)
  LaunchCounts counts;
  std::vector<WarpInfo> warps;  // block-major, then warp; empty beyond kMaxListedWarps
  bool warps_listed = true;
};
// Throws ws::Error for bad parameters (validate).
Launch analyze_launch(const LaunchParams& p);
// Where thread (tx, ty, tz) of a block goes (PMPP 4.4): linear t = tx + bx (ty + by tz); warp
// t / 32, lane t % 32.
int thread_linear(const Extent3& block, int64_t tx, int64_t ty, int64_t tz);

// The book's warp counts, each computed here from its launch: "book says / launch gives / why".
struct BookCount {
  std::string example;   // "1003 elements, 64-thread blocks"
  std::string quantity;  // "warps", "divergent warps", "blocks"
  LaunchParams launch;
  int64_t book = 0;      // what PMPP prints
  int64_t computed = 0;  // what analyze_launch gives
  std::string why;       // "" when they agree; else the reason
};
// 1003/64: 16 blocks, 32 warps, 1 divergent; 62x76 (76 wide, 62 high), 16x16: 160 warps, 31
// divergent; 200x150 (200 wide, 150 high), 16x16: 1040 warps, the book's 80 divergent against the
// launch's 75 (the corner block's last 5 warps lie wholly below the image: idle, not divergent).
std::vector<BookCount> book_warp_counts();

// ---- Occupancy (PMPP 4.7): the CUDA occupancy calculator's rules.
struct DeviceLimits {
  std::string name;
  int sm_count = 0;
  int cc_major = 0, cc_minor = 0;
  int warp_size = 32;
  int max_threads_per_sm = 2048;
  int max_blocks_per_sm = 32;
  int max_threads_per_block = 1024;
  int regs_per_sm = 65536;
  int regs_per_block = 65536;  // the most one block may hold
  int reg_alloc_unit = 256;    // registers are given to a warp in units of this many
  int max_regs_per_thread = 255;
  int reg_sub_partitions = 4;        // the register file's partitions (warps are placed in them)
  int64_t smem_per_sm = 0;           // bytes usable by blocks, with their reserved bytes
  int64_t smem_per_block = 0;        // the default per-block limit (48 KiB)
  int64_t smem_per_block_optin = 0;  // the most a block may opt in to
  int smem_alloc_unit = 128;         // shared memory is given in units of this many bytes
  int smem_reserved_per_block = 0;   // cudaDevAttrReservedSharedMemoryPerBlock (1 KiB on sm_80+)
};
// "H100 SXM", "H200", "A100", "RTX 4090", "PMPP 4.7 example" (the book's device: 2048 threads,
// 32 blocks and 64K registers per SM).
const std::vector<DeviceLimits>& named_devices();
// By name (case as listed); throws ws::Error listing the names.
const DeviceLimits& named_device(const std::string& name);
// The current CUDA device from cudaGetDeviceProperties (+ the reserved shared memory); throws
// ws::Error without a device or in a CPU-only build.
DeviceLimits cuda_device_limits();

struct OccupancyInput {
  int block_threads = 256;
  int regs_per_thread = 32;
  int64_t smem_per_block = 0;  // static + dynamic bytes
};
enum class Limiter : uint8_t { Threads = 0, Blocks = 1, Registers = 2, SharedMemory = 3 };
const char* limiter_name(Limiter l);  // "threads", "blocks", "registers", "shared memory"

struct Occupancy {
  int blocks_per_sm = 0;
  int warps_per_sm = 0;                // blocks x warps per block
  int threads_per_sm = 0;              // blocks x block threads
  double occupancy = 0;                // warps_per_sm / (max threads per SM / 32), 0..1
  Limiter limiter = Limiter::Threads;  // the smallest of the four limits (ties: this order)
  int by_threads = 0;                  // blocks the thread (warp) slots allow
  int by_blocks = 0;                   // the block slots
  int by_registers = 0;                // the register file
  int by_shared = 0;           // shared memory (INT32 max-like large when the block uses none)
  int regs_per_warp = 0;       // regs x 32 rounded up to reg_alloc_unit
  int64_t smem_allocated = 0;  // (smem + reserved) rounded up to smem_alloc_unit
  std::string note;            // why 0 blocks fit ("512 threads x 129 registers = 66048 > 65536
                               // registers per block"), else ""
};
// Throws ws::Error for a block of more than max_threads_per_block threads ("block of 2048
// threads: at most 1024") or < 1, registers outside 1..max_regs_per_thread, negative shared
// memory or more than smem_per_block_optin.
Occupancy occupancy(const DeviceLimits& d, const OccupancyInput& in);

// The cliff plots: occupancy against registers per thread (1..max_regs_per_thread) and against
// shared memory per block (0..smem_per_block_optin in steps of `step` bytes), the other inputs
// fixed.
struct OccupancyPoint {
  int64_t x = 0;  // registers per thread, or shared bytes per block
  int blocks_per_sm = 0;
  double occupancy = 0;
  Limiter limiter = Limiter::Threads;
};
std::vector<OccupancyPoint> occupancy_vs_registers(const DeviceLimits& d, int block_threads,
                                                   int64_t smem_per_block);
std::vector<OccupancyPoint> occupancy_vs_shared(const DeviceLimits& d, int block_threads,
                                                int regs_per_thread, int64_t step);

// ---- The GPU cross-check: small kernels of launch_occupancy.cu (different register pressure
// and static shared memory) at block sizes 32..1024 (steps of 32) and a few dynamic shared sizes:
// occupancy() from cudaFuncGetAttributes' numRegs and sharedSizeBytes against
// cudaOccupancyMaxActiveBlocksPerMultiprocessor. Throws ws::Error without a device.
struct OccupancyCheck {
  std::string kernel;
  int block_threads = 0;
  int64_t dynamic_smem = 0;
  int regs_per_thread = 0;  // numRegs
  int64_t static_smem = 0;  // sharedSizeBytes
  int ours = 0;             // occupancy(cuda_device_limits(), ...).blocks_per_sm
  int cuda = 0;             // the occupancy API
};
std::vector<OccupancyCheck> occupancy_cross_check();

}  // namespace ws::mem
