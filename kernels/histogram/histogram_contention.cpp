// The contention model (histogram.h): which atomics each variant issues, on which copy of which
// counter, and how many of them collide in one warp instruction, computed from the samples and the
// variant's schedule without running a kernel (the schedule: hist-helpers-common.md, the same one
// the teach traces and the engines follow).
//
//   1 sequential          no atomics (one thread, plain increments).
//   2 global-atomic       round r: thread t takes sample r*p + t; one global atomic per in-range
//                         sample; lanes of a warp on one bin serialize (chain = their count).
//   3 private-global      mapping of 2, atomics on the block's private copy in global memory, then
//                         the merge: one global atomic per (block, nonzero bin).
//   4 private-shared      mapping of 2, shared atomics, the same merge.
//   5 coarse-contiguous   thread t takes samples t*C .. t*C + C-1: a warp instruction reads 32
//                         samples C apart; shared atomics, the same merge.
//   6 coarse-interleaved  thread t takes t, t + p, ...: a warp instruction reads 32 neighbours.
//   7 aggregated          mapping of 6; a thread adds a run of one bin in one atomic when the run
//                         ends (and a last flush after its loop).
//   8 warp-aggregated     mapping of 6; the lanes of one bin add their count in one atomic on the
//                         warp's own sub-histogram (chain 1); merge per (block, nonzero bin).
//
// Cost: one pass over the samples; a warp instruction's lanes are grouped by bin through flat
// per-bin arrays stamped with the instruction's number (no sort, no map).
// Merge atomics go to distinct bins within a warp instruction (chain 1, no waits).
//
// trace_contention counts the same from a teach trace (the schedule run): the per-element
// contention of common/counters.h on every counter buffer, folded onto the bins, with the same
// totals and hottest bin, so teach mode's run document and the model's agree.
#include <algorithm>
#include <climits>
#include <string>

#include "../common/error.h"
#include "../common/counters.h"
#include "histogram.h"

namespace ws::histogram {
namespace {

constexpr int kWarp = 32;
constexpr int kDefaultCoarsening = 16;
constexpr int kMaxCoarsening = 4096;

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

int blocks_for(int64_t n, int64_t per_block) {
  return int(std::clamp<int64_t>(ceil_div(n, per_block), 1, INT_MAX));
}

// The model's running totals.
struct Tally {
  Contention& c;
  bool shared;  // the sample-phase atomics are on shared memory (4-8) or global (2, 3)
  // Grouping one warp instruction's lanes by counter: seen[bin] == the instruction's number when
  // the bin already has a group, lanes_on[bin] its size (flat arrays: bins go up to 65536).
  std::vector<int64_t> seen;
  std::vector<int32_t> lanes_on;
  int64_t number = 0;

  Tally(Contention& contention, bool shared_copy, int bins)
      : c(contention), shared(shared_copy), seen(size_t(bins), -1), lanes_on(size_t(bins), 0) {}

  // One warp instruction: bins[i] is the counter lane i updates. The lanes on one counter
  // serialize (chain = their number); with one_atomic_per_group (variant 8) their leader adds
  // them in a single atomic.
  void instruction(const int* bins, int lanes, bool one_atomic_per_group) {
    if (lanes == 0) return;
    ++number;
    int groups[kWarp], group_count = 0;
    for (int i = 0; i < lanes; ++i) {
      const size_t k = size_t(bins[i]);
      if (seen[k] != number) {
        seen[k] = number;
        lanes_on[k] = 0;
        groups[group_count++] = bins[i];
      }
      ++lanes_on[k];
    }
    for (int g = 0; g < group_count; ++g) {
      const size_t k = size_t(groups[g]);
      const int issued = one_atomic_per_group ? 1 : lanes_on[k];
      c.atomics[k] += issued;
      c.chain[k] = std::max(c.chain[k], issued);
      c.waits[k] += issued - 1;
      (shared ? c.shared_atomics : c.global_atomics) += issued;
    }
  }
  // The merge of one block: one global atomic per bin the block counted.
  void merge(int bin) {
    c.atomics[size_t(bin)] += 1;
    c.chain[size_t(bin)] = std::max(c.chain[size_t(bin)], 1);
    c.global_atomics += 1;
  }
};

// The run's longest chain and hottest bin from the per-bin arrays.
void finish_contention(Contention& c) {
  // The hottest bin: the most waits, then the most atomics (variant 8 never waits); -1 when no
  // atomic was issued at all.
  c.longest_chain = 0;
  c.hottest_bin = -1;
  for (int k = 0; k < static_cast<int>(c.chain.size()); ++k) {
    c.longest_chain = std::max(c.longest_chain, c.chain[size_t(k)]);
    if (c.atomics[size_t(k)] == 0) continue;
    if (c.hottest_bin < 0 || c.waits[size_t(k)] > c.waits[size_t(c.hottest_bin)] ||
        (c.waits[size_t(k)] == c.waits[size_t(c.hottest_bin)] &&
         c.atomics[size_t(k)] > c.atomics[size_t(c.hottest_bin)]))
      c.hottest_bin = k;
  }
}

template <typename BinOf>
void model(Variant v, int64_t n, const BinSpec& b, const LaunchShape& l, const BinOf& bin_at,
           Contention& c) {
  const int64_t bd = l.block_dim, p = bd * int64_t(l.grid_dim), C = l.coarsening;
  Tally tally(c, v != Variant::GlobalAtomic && v != Variant::PrivateGlobal, b.count);
  const bool merges = v != Variant::GlobalAtomic;
  // stamp[bin] == block + 1: the block already counted that bin (its merge adds it once).
  std::vector<int32_t> stamp(merges ? size_t(b.count) : 0, 0);
  std::vector<int32_t> prev(static_cast<size_t>(bd)),
      acc(static_cast<size_t>(bd));  // variant 7, per thread of the block
  int lane_bins[kWarp];
  const int warps = int(bd / kWarp);

  for (int64_t block = 0; block < l.grid_dim; ++block) {
    const int64_t first_thread = block * bd;
    if (v == Variant::CoarseContiguous ? first_thread * C >= n : first_thread >= n) break;
    const auto note_bin = [&](int bin) {
      if (merges && stamp[size_t(bin)] != int32_t(block + 1)) {
        stamp[size_t(bin)] = int32_t(block + 1);
        tally.merge(bin);
      }
    };
    if (v == Variant::CoarseContiguous) {
      for (int w = 0; w < warps; ++w) {
        const int64_t t0 = first_thread + int64_t(w) * kWarp;
        if (t0 * C >= n) break;
        for (int64_t r = 0; r < C; ++r) {
          int lanes = 0;
          for (int lane = 0; lane < kWarp; ++lane) {
            const int64_t i = (t0 + lane) * C + r;
            if (i >= n) break;
            const int bin = bin_at(i);
            if (bin >= 0) {
              lane_bins[lanes++] = bin;
              note_bin(bin);
            }
          }
          tally.instruction(lane_bins, lanes, false);
        }
      }
      continue;
    }
    // Interleaved mappings (2-4, 6-8): round r of warp w reads samples r*p + t0 .. + 31.
    if (v == Variant::Aggregated) {
      std::fill(prev.begin(), prev.end(), -1);
      std::fill(acc.begin(), acc.end(), 0);
    }
    for (int64_t r = 0; r * p + first_thread < n; ++r) {
      for (int w = 0; w < warps; ++w) {
        const int64_t base = r * p + first_thread + int64_t(w) * kWarp;
        if (base >= n) break;
        const int lanes_here = int(std::min<int64_t>(kWarp, n - base));
        int lanes = 0;
        for (int lane = 0; lane < lanes_here; ++lane) {
          const int bin = bin_at(base + lane);
          if (bin < 0) continue;
          note_bin(bin);
          if (v == Variant::Aggregated) {
            const size_t t = size_t(w * kWarp + lane);
            if (bin == prev[t]) {
              ++acc[t];
              continue;
            }
            if (acc[t] > 0) lane_bins[lanes++] = prev[t];  // the flush of the finished run
            prev[t] = bin;
            acc[t] = 1;
          } else {
            lane_bins[lanes++] = bin;
          }
        }
        tally.instruction(lane_bins, lanes, v == Variant::WarpAggregated);
      }
    }
    if (v == Variant::Aggregated) {  // after the loop: each warp flushes its lanes' last runs
      for (int w = 0; w < warps; ++w) {
        int lanes = 0;
        for (int lane = 0; lane < kWarp; ++lane) {
          const size_t t = size_t(w * kWarp + lane);
          if (acc[t] > 0) lane_bins[lanes++] = prev[t];
        }
        tally.instruction(lane_bins, lanes, false);
      }
    }
  }
}

}  // namespace

LaunchShape resolve_launch(Variant v, int64_t n, const LaunchShape& requested) {
  if (int(v) < 1 || int(v) > 8)
    throw Error("variant: expected 1..8, got " + std::to_string(int(v)));
  if (n < 0) throw Error("samples: expected 0 or more, got " + std::to_string(n));
  const int block_dim = requested.block_dim;
  if (block_dim < kWarp || block_dim > 1024 || block_dim % kWarp != 0)
    throw Error("block_dim: expected a multiple of 32 from 32 to 1024, got " +
                std::to_string(block_dim));
  if (requested.grid_dim < 0)
    throw Error("grid_dim: expected 0 (as many blocks as the samples need) or at least 1, got " +
                std::to_string(requested.grid_dim));
  if (requested.coarsening < 0 || requested.coarsening > kMaxCoarsening)
    throw Error("coarsening: expected 1.." + std::to_string(kMaxCoarsening) +
                " samples per thread (0 for the default " + std::to_string(kDefaultCoarsening) +
                "), got " + std::to_string(requested.coarsening));
  LaunchShape l;
  switch (v) {
    case Variant::Sequential:
      return LaunchShape{1, 1, 1};  // one block of one thread
    case Variant::GlobalAtomic:
    case Variant::PrivateGlobal:
    case Variant::PrivateShared:
      l.block_dim = block_dim;
      l.coarsening = 1;
      l.grid_dim = requested.grid_dim > 0 ? requested.grid_dim : blocks_for(n, block_dim);
      return l;
    default:
      l.block_dim = block_dim;
      l.coarsening = requested.coarsening > 0 ? requested.coarsening : kDefaultCoarsening;
      l.grid_dim = requested.grid_dim > 0 ? requested.grid_dim
                                          : blocks_for(n, int64_t(block_dim) * l.coarsening);
      if (v == Variant::CoarseContiguous) {
        // Contiguous runs of C cover only p*C samples: a grid given too small takes longer runs.
        const int64_t p = int64_t(l.block_dim) * l.grid_dim;
        if (p * l.coarsening < n) l.coarsening = int(ceil_div(n, p));
      }
      return l;
  }
}

Contention contention_model(Variant v, const Samples& s, const BinSpec& b, const LaunchShape& l) {
  validate(b);
  const int64_t n = s.size();
  const LaunchShape launch = resolve_launch(v, n, l);
  Contention c;
  c.atomics.assign(size_t(b.count), 0);
  c.chain.assign(size_t(b.count), 0);
  c.waits.assign(size_t(b.count), 0);
  if (v != Variant::Sequential) {
    if (s.type == SampleType::U8) {
      int bin[256];
      for (int x = 0; x < 256; ++x) bin[x] = bin_of(float(x), b);
      const uint8_t* data = s.u8.data();
      model(
          v, n, b, launch, [&](int64_t i) { return bin[data[i]]; }, c);
    } else {
      const float* data = s.f32.data();
      model(
          v, n, b, launch, [&](int64_t i) { return bin_of(data[i], b); }, c);
    }
  }
  finish_contention(c);
  return c;
}

Contention trace_contention(const Trace& trace, int bins) {
  WS_REQUIRE(bins >= 1, "trace_contention: expected at least one bin, got " + std::to_string(bins));
  Contention c;
  c.atomics.assign(size_t(bins), 0);
  c.chain.assign(size_t(bins), 0);
  c.waits.assign(size_t(bins), 0);
  for (int buffer = 1; buffer < static_cast<int>(trace.buffers.size()); ++buffer) {
    if (!is_counter_buffer(trace, buffer)) continue;
    const bool shared = trace.buffers[size_t(buffer)].space == MemSpace::Shared;
    const std::vector<AddressContention> per_element = atomic_contention(trace, buffer);
    for (size_t e = 0; e < per_element.size(); ++e) {
      const AddressContention& a = per_element[e];
      const size_t bin = e % size_t(bins);
      c.atomics[bin] += a.atomics;
      c.chain[bin] = std::max(c.chain[bin], int32_t(a.longest_chain));
      c.waits[bin] += a.waits;
      (shared ? c.shared_atomics : c.global_atomics) += a.atomics;
    }
  }
  finish_contention(c);
  return c;
}

}  // namespace ws::histogram
