#include "common/error.h"
#include "i18n/i18n.h"
#include "memory_warps_run.h"
#include "scenes/memory/memory_presets.h"

namespace ws::app {

WarpsRun compute_warps(const MemorySettings& s, Backend backend) {
  WarpsRun r;
  r.launch = mem::analyze_launch(s.launch);
  if (const MemoryPreset* preset = preset_of(s.launch)) {
    r.preset = preset->id;
    for (const mem::BookCount& b : mem::book_warp_counts())
      if (b.example == preset->example) r.book.push_back(b);
  }
  r.device = mem::named_device(s.device);
  if (backend == Backend::Cuda) {
    try {
      r.device = mem::cuda_device_limits();
      r.device_measured = true;
    } catch (const Error&) {
      // No device after all: the named entry stays, and the figure says which it is.
    }
  }
  r.input = s.occupancy;
  r.occupancy = mem::occupancy(r.device, r.input);
  r.cliff = mem::occupancy_vs_registers(r.device, r.input.block_threads, r.input.smem_per_block);
  return r;
}

std::string limiter_text(mem::Limiter l) {
  switch (l) {
    case mem::Limiter::Threads:
      return tr("threads");
    case mem::Limiter::Blocks:
      return tr("blocks");
    case mem::Limiter::Registers:
      return tr("registers");
    case mem::Limiter::SharedMemory:
      return tr("shared memory");
  }
  return "";
}

std::string warps_caption(const WarpsRun& r) {
  const mem::LaunchCounts& n = r.launch.counts;
  std::string text =
      trf("{0} blocks of {1} threads: {2} warps, {3} divergent at the edges, {4} idle.", n.blocks,
          r.launch.block_threads, n.warps, n.divergent_warps, n.idle_warps);
  text += " " + trf("Threads are linearised x first, then y, then z; every 32 consecutive "
                    "threads form a warp (PMPP 4.4).");
  text +=
      " " + trf("{0} blocks per SM ({1}% occupancy), limited by {2}.", r.occupancy.blocks_per_sm,
                int(r.occupancy.occupancy * 100 + 0.5), limiter_text(r.occupancy.limiter));
  return text;
}

}  // namespace ws::app
