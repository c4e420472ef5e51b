// Occupancy (PMPP 4.7): how many blocks of a kernel fit on one SM, by the rules of CUDA's
// occupancy calculator (cuda_occupancy.h): warp slots, block slots, registers given to warps in
// units of 256 inside the register file's 4 partitions, shared memory given to blocks in units of
// 128 bytes with each block's reserved bytes. O(1) per query; the curves O(range).
#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "../common/error.h"
#include "launch.h"

namespace ws::mem {

namespace {

DeviceLimits launch_device(std::string name, int sms, int major, int minor, int threads_per_sm,
                           int blocks_per_sm, int64_t smem_sm, int64_t smem_optin, int reserved) {
  DeviceLimits d;
  d.name = std::move(name);
  d.sm_count = sms;
  d.cc_major = major;
  d.cc_minor = minor;
  d.max_threads_per_sm = threads_per_sm;
  d.max_blocks_per_sm = blocks_per_sm;
  d.smem_per_sm = smem_sm;
  d.smem_per_block = 48 * 1024;
  d.smem_per_block_optin = smem_optin;
  d.smem_reserved_per_block = reserved;
  return d;
}

int64_t launch_round_up(int64_t v, int64_t unit) {
  return (v + unit - 1) / unit * unit;
}

}  // namespace

const std::vector<DeviceLimits>& named_devices() {
  static const std::vector<DeviceLimits> devices = [] {
    std::vector<DeviceLimits> d = {
        launch_device("H100 SXM", 132, 9, 0, 2048, 32, 233472, 232448, 1024),
        launch_device("H200", 132, 9, 0, 2048, 32, 233472, 232448, 1024),
        launch_device("A100", 108, 8, 0, 2048, 32, 167936, 166912, 1024),
        launch_device("RTX 4090", 128, 8, 9, 1536, 24, 102400, 101376, 1024),
        // The book's device: 2048 threads, 32 blocks, 64K registers and 164 KiB of shared memory
        // per SM; its arithmetic neither reserves nor rounds shared memory.
        launch_device("PMPP 4.7 example", 108, 8, 0, 2048, 32, 167936, 167936, 0),
    };
    d.back().smem_alloc_unit = 1;
    return d;
  }();
  return devices;
}

const DeviceLimits& named_device(const std::string& name) {
  std::string names;
  for (const DeviceLimits& d : named_devices()) {
    if (d.name == name) return d;
    names += (names.empty() ? "" : ", ") + d.name;
  }
  throw Error("--device '" + name + "': accepted " + names);
}

const char* limiter_name(Limiter l) {
  switch (l) {
    case Limiter::Threads:
      return "threads";
    case Limiter::Blocks:
      return "blocks";
    case Limiter::Registers:
      return "registers";
    default:
      return "shared memory";
  }
}

Occupancy occupancy(const DeviceLimits& d, const OccupancyInput& in) {
  const int bt = in.block_threads;
  WS_REQUIRE(bt >= 1 && bt <= d.max_threads_per_block,
             "a block of " + std::to_string(bt) + " threads: " + d.name + " takes 1.." +
                 std::to_string(d.max_threads_per_block) + " threads per block");
  WS_REQUIRE(in.regs_per_thread >= 0 && in.regs_per_thread <= d.max_regs_per_thread,
             "--registers " + std::to_string(in.regs_per_thread) + ": accepted 0.." +
                 std::to_string(d.max_regs_per_thread) + " per thread");
  WS_REQUIRE(in.smem_per_block >= 0 && in.smem_per_block <= d.smem_per_block_optin,
             "--shared " + std::to_string(in.smem_per_block) + " bytes: accepted 0.." +
                 std::to_string(d.smem_per_block_optin) + " per block on " + d.name);
  Occupancy o;
  const int warps_per_block = (bt + d.warp_size - 1) / d.warp_size;
  const int max_warps = d.max_threads_per_sm / d.warp_size;
  o.by_threads = max_warps / warps_per_block;
  o.by_blocks = d.max_blocks_per_sm;
  // Registers: each warp gets regs x 32 rounded up to the allocation unit, inside one of the
  // register file's partitions; a block must also fit the per-block limit.
  o.regs_per_warp = static_cast<int>(
      launch_round_up(int64_t{in.regs_per_thread} * d.warp_size, d.reg_alloc_unit));
  const int64_t block_regs = int64_t{o.regs_per_warp} * warps_per_block;
  const int64_t block_regs_checked =
      int64_t{o.regs_per_warp} * launch_round_up(warps_per_block, d.reg_sub_partitions);
  if (o.regs_per_warp == 0) {
    o.by_registers = INT_MAX;
  } else if (block_regs > d.regs_per_block || block_regs_checked > d.regs_per_block) {
    o.by_registers = 0;
    o.note = std::to_string(bt) + " threads x " + std::to_string(in.regs_per_thread) +
             " registers need " + std::to_string(std::max(block_regs, block_regs_checked)) +
             " registers, more than the " + std::to_string(d.regs_per_block) + " a block may hold";
  } else {
    const int per_partition = d.regs_per_sm / d.reg_sub_partitions / o.regs_per_warp;
    o.by_registers = per_partition * d.reg_sub_partitions / warps_per_block;
  }
  // Shared memory: the block's bytes plus its reserved bytes, rounded up to the unit.
  o.smem_allocated = launch_round_up(in.smem_per_block + d.smem_reserved_per_block,
                                     std::max(1, d.smem_alloc_unit));
  o.by_shared = o.smem_allocated > 0 ? static_cast<int>(d.smem_per_sm / o.smem_allocated) : INT_MAX;
  const int limits[] = {o.by_threads, o.by_blocks, o.by_registers, o.by_shared};
  int which = 0;
  for (int i = 1; i < 4; ++i)
    if (limits[i] < limits[which]) which = i;
  o.limiter = static_cast<Limiter>(which);
  o.blocks_per_sm = limits[which];
  o.warps_per_sm = o.blocks_per_sm * warps_per_block;
  o.threads_per_sm = o.blocks_per_sm * bt;
  o.occupancy = double(o.warps_per_sm) / double(max_warps);
  if (o.blocks_per_sm == 0 && o.note.empty())
    o.note = "no block fits: " + std::string(limiter_name(o.limiter)) + " allow none";
  return o;
}

std::vector<OccupancyPoint> occupancy_vs_registers(const DeviceLimits& d, int block_threads,
                                                   int64_t smem_per_block) {
  std::vector<OccupancyPoint> curve;
  for (int r = 1; r <= d.max_regs_per_thread; ++r) {
    const Occupancy o = occupancy(d, {block_threads, r, smem_per_block});
    curve.push_back({r, o.blocks_per_sm, o.occupancy, o.limiter});
  }
  return curve;
}

std::vector<OccupancyPoint> occupancy_vs_shared(const DeviceLimits& d, int block_threads,
                                                int regs_per_thread, int64_t step) {
  WS_REQUIRE(step >= 1,
             "the shared-memory step must be at least 1 byte, not " + std::to_string(step));
  std::vector<OccupancyPoint> curve;
  for (int64_t s = 0; s <= d.smem_per_block_optin; s += step) {
    const Occupancy o = occupancy(d, {block_threads, regs_per_thread, s});
    curve.push_back({s, o.blocks_per_sm, o.occupancy, o.limiter});
  }
  return curve;
}

}  // namespace ws::mem
