// Launch geometry and warps (PMPP 3.2, 4.4-4.5): the grid by ceiling division, every block's
// threads linearised into warps (x fastest, then y, then z), each warp classified full, divergent
// (some lanes in range) or idle (none). Work O(blocks + edge blocks x block threads): a block
// wholly inside the data has only full warps and is counted without visiting its lanes.
#include <algorithm>
#include <string>

#include "../common/error.h"
#include "launch.h"

namespace ws::mem {

namespace {

std::string launch_extent_text(const Extent3& e) {
  return std::to_string(e.x) + " x " + std::to_string(e.y) + " x " + std::to_string(e.z);
}

int64_t launch_ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// The lanes of warp `w` (of a block of `bt` threads at block coordinates `bc`) inside the data.
int launch_lanes_in_range(const Launch& l, const Extent3& bc, int w, int bt) {
  const Extent3& b = l.params.block;
  const Extent3& d = l.params.data;
  int in = 0;
  for (int t = w * 32; t < std::min(bt, w * 32 + 32); ++t) {
    const int64_t x = bc.x * b.x + t % b.x;
    const int64_t y = bc.y * b.y + (t / b.x) % b.y;
    const int64_t z = bc.z * b.z + t / (b.x * b.y);
    if (x < d.x && y < d.y && z < d.z) ++in;
  }
  return in;
}

// Classifies the warps of the block at `bc` into l.counts (and l.warps when listed).
void launch_classify_block(Launch& l, const Extent3& bc, bool inside) {
  LaunchCounts& c = l.counts;
  for (int w = 0; w < l.warps_per_block; ++w) {
    WarpInfo info;
    info.block = bc.x + l.grid.x * (bc.y + l.grid.y * bc.z);
    info.block_coord = bc;
    info.warp = w;
    info.lanes = std::min(32, l.block_threads - w * 32);
    info.lanes_in_range = inside ? info.lanes : launch_lanes_in_range(l, bc, w, l.block_threads);
    info.state = info.lanes_in_range == info.lanes ? WarpState::Full
                 : info.lanes_in_range == 0        ? WarpState::Idle
                                                   : WarpState::Divergent;
    c.full_warps += info.state == WarpState::Full;
    c.divergent_warps += info.state == WarpState::Divergent;
    c.idle_warps += info.state == WarpState::Idle;
    if (l.warps_listed) l.warps.push_back(info);
  }
}

}  // namespace

const char* warp_state_name(WarpState s) {
  switch (s) {
    case WarpState::Full:
      return "full";
    case WarpState::Divergent:
      return "divergent";
    default:
      return "idle";
  }
}

void validate(const LaunchParams& p) {
  WS_REQUIRE(p.dims >= 1 && p.dims <= 3, "--dims " + std::to_string(p.dims) + ": accepted 1, 2, 3");
  const Extent3& d = p.data;
  const Extent3& b = p.block;
  WS_REQUIRE(d.x >= 1 && d.y >= 1 && d.z >= 1 && d.x <= (1 << 30) && d.y <= (1 << 30) &&
                 d.z <= (1 << 30) && d.x * d.y * d.z <= (int64_t{1} << 30),
             "--data " + launch_extent_text(d) + ": each extent at least 1, at most 2^30 elements");
  WS_REQUIRE(b.x >= 1 && b.y >= 1 && b.z >= 1 && b.z <= 64,
             "--block " + launch_extent_text(b) + ": each side at least 1, z at most 64");
  WS_REQUIRE(b.x * b.y * b.z <= kMaxBlockThreads,
             "--block " + launch_extent_text(b) + " = " + std::to_string(b.x * b.y * b.z) +
                 " threads: at most " + std::to_string(kMaxBlockThreads) + " per block");
  const Extent3 g{launch_ceil_div(d.x, b.x), launch_ceil_div(d.y, b.y), launch_ceil_div(d.z, b.z)};
  WS_REQUIRE(g.y <= 65535 && g.z <= 65535 && g.x * g.y * g.z <= kMaxLaunchBlocks,
             "--data " + launch_extent_text(d) + " over --block " + launch_extent_text(b) +
                 " makes a grid of " + launch_extent_text(g) +
                 " blocks: at most 65535 in y and z, " + std::to_string(kMaxLaunchBlocks) +
                 " in all; choose larger blocks");
  WS_REQUIRE((p.dims >= 2 || (d.y == 1 && b.y == 1)) && (p.dims >= 3 || (d.z == 1 && b.z == 1)),
             "--dims " + std::to_string(p.dims) + ": data " + launch_extent_text(d) +
                 " and block " + launch_extent_text(b) + " use more dimensions");
}

int thread_linear(const Extent3& block, int64_t tx, int64_t ty, int64_t tz) {
  return static_cast<int>(tx + block.x * (ty + block.y * tz));
}

Launch analyze_launch(const LaunchParams& p) {
  validate(p);
  Launch l;
  l.params = p;
  const Extent3& b = p.block;
  l.grid = {launch_ceil_div(p.data.x, b.x), launch_ceil_div(p.data.y, b.y),
            launch_ceil_div(p.data.z, b.z)};
  l.block_threads = static_cast<int>(b.x * b.y * b.z);
  l.warps_per_block = static_cast<int>(launch_ceil_div(l.block_threads, 32));
  LaunchCounts& c = l.counts;
  c.blocks = l.grid.x * l.grid.y * l.grid.z;
  c.threads = c.blocks * l.block_threads;
  c.threads_in_range = p.data.x * p.data.y * p.data.z;
  c.warps = c.blocks * l.warps_per_block;
  l.warps_listed = c.warps <= kMaxListedWarps;
  for (int64_t bz = 0; bz < l.grid.z; ++bz)
    for (int64_t by = 0; by < l.grid.y; ++by)
      for (int64_t bx = 0; bx < l.grid.x; ++bx) {
        const bool inside =
            (bx + 1) * b.x <= p.data.x && (by + 1) * b.y <= p.data.y && (bz + 1) * b.z <= p.data.z;
        if (inside && !l.warps_listed) {  // every warp full: no lane to look at
          c.full_warps += l.warps_per_block;
          continue;
        }
        launch_classify_block(l, Extent3{bx, by, bz}, inside);
      }
  return l;
}

}  // namespace ws::mem
