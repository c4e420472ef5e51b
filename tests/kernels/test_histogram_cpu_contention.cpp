// The contention model: hand-worked examples of the schedule (chains, waits, merges), and over
// seeded inputs, launches and bin counts the totals the schedule implies, counted here from the
// sample-to-thread mapping without the model's code: atomics per bin, the merge's (block, bin)
// pairs, the runs of variant 7 and the warp groups of variant 8.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <set>
#include <string>

#include "common/error.h"
#include "histogram/histogram.h"

namespace ws::histogram {
namespace {

Samples floats(std::vector<float> values) {
  Samples s;
  s.f32 = std::move(values);
  return s;
}

int64_t sum(const std::vector<int64_t>& v) {
  return std::accumulate(v.begin(), v.end(), int64_t{0});
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(HistogramContention, SixtyFourSamplesOfOneBinSerializeThirtyTwoAtATime) {
  const BinSpec b = make_bins(7, 0, 7);
  const Samples s = floats(std::vector<float>(64, 3.5f));
  const LaunchShape block32{32, 0, 0};

  const Contention global = contention_model(Variant::GlobalAtomic, s, b, block32);
  EXPECT_EQ(global.atomics[3], 64);
  EXPECT_EQ(global.chain[3], 32);
  EXPECT_EQ(global.waits[3], 2 * 31);  // two warp instructions, 31 waits each
  EXPECT_EQ(global.global_atomics, 64);
  EXPECT_EQ(global.shared_atomics, 0);
  EXPECT_EQ(global.longest_chain, 32);
  EXPECT_EQ(global.hottest_bin, 3);
  EXPECT_EQ(sum(global.atomics), 64);  // no other bin touched

  // Private copies: the same chains on the block's copy (two blocks), then one merge atomic each.
  const Contention in_global = contention_model(Variant::PrivateGlobal, s, b, block32);
  EXPECT_EQ(in_global.atomics[3], 66);
  EXPECT_EQ(in_global.global_atomics, 66);
  EXPECT_EQ(in_global.shared_atomics, 0);
  EXPECT_EQ(in_global.waits[3], 62);
  const Contention in_shared = contention_model(Variant::PrivateShared, s, b, block32);
  EXPECT_EQ(in_shared.shared_atomics, 64);
  EXPECT_EQ(in_shared.global_atomics, 2);
  EXPECT_EQ(in_shared.chain[3], 32);

  // Warp aggregation: one block of 32 threads (16 samples each by default), two rounds, each one
  // atomic of 32 by the group's leader, then one merge atomic.
  const Contention warp = contention_model(Variant::WarpAggregated, s, b, block32);
  EXPECT_EQ(warp.chain[3], 1);
  EXPECT_EQ(warp.waits[3], 0);
  EXPECT_EQ(warp.shared_atomics, 2);
  EXPECT_EQ(warp.global_atomics, 1);
  EXPECT_EQ(warp.atomics[3], 3);
  EXPECT_EQ(warp.longest_chain, 1);
  EXPECT_EQ(warp.hottest_bin, 3);

  const Contention sequential = contention_model(Variant::Sequential, s, b, block32);
  EXPECT_EQ(sum(sequential.atomics), 0);
  EXPECT_EQ(sequential.longest_chain, 0);
  EXPECT_EQ(sequential.hottest_bin, -1);
}

TEST(HistogramContention, ContiguousAndInterleavedMappingsMeetDifferentNeighbours) {
  // Samples 0..63 in 32 bins of width 2, one block of 32 threads, 2 samples each.
  std::vector<float> values(64);
  std::iota(values.begin(), values.end(), 0.0f);
  const Samples s = floats(values);
  const BinSpec b = make_bins(32, 0, 64);
  const LaunchShape shape{32, 0, 2};
  ASSERT_EQ(resolve_launch(Variant::CoarseContiguous, 64, shape).grid_dim, 1);
  // Contiguous: lane t reads 2t + r, bin t: 32 different bins per instruction.
  const Contention contiguous = contention_model(Variant::CoarseContiguous, s, b, shape);
  EXPECT_EQ(contiguous.longest_chain, 1);
  EXPECT_EQ(sum(contiguous.waits), 0);
  EXPECT_EQ(contiguous.shared_atomics, 64);
  EXPECT_EQ(contiguous.global_atomics, 32);
  // Interleaved: lanes t and t + 1 read neighbours of one bin: 16 pairs per instruction.
  const Contention interleaved = contention_model(Variant::CoarseInterleaved, s, b, shape);
  EXPECT_EQ(interleaved.longest_chain, 2);
  EXPECT_EQ(sum(interleaved.waits), 32);
  for (int k = 0; k < 32; ++k) EXPECT_EQ(interleaved.atomics[size_t(k)], 3) << k;
  // Aggregated: thread t reads bins t/2 then 16 + t/2: the first run flushes in round 1 and the
  // second after the loop, 16 pairs of lanes each time.
  const Contention aggregated = contention_model(Variant::Aggregated, s, b, shape);
  EXPECT_EQ(aggregated.shared_atomics, 64);
  EXPECT_EQ(aggregated.longest_chain, 2);
  EXPECT_EQ(sum(aggregated.waits), 32);
}

TEST(HistogramContention, AggregationTurnsSortedRunsIntoOneAtomicEach) {
  // 1024 sorted samples in 4 bins, one block of 32 threads with 32 samples each: a thread's
  // samples t, t + 32, ... cross a bin edge every 8 rounds, so it issues 4 atomics instead of 32.
  std::vector<float> values(1024);
  for (int i = 0; i < 1024; ++i) values[size_t(i)] = float(i / 256);
  const Samples s = floats(values);
  const BinSpec b = make_bins(4, 0, 4);
  const LaunchShape shape{32, 0, 32};
  const Contention interleaved = contention_model(Variant::CoarseInterleaved, s, b, shape);
  const Contention aggregated = contention_model(Variant::Aggregated, s, b, shape);
  EXPECT_EQ(interleaved.shared_atomics, 1024);
  EXPECT_EQ(aggregated.shared_atomics, 4 * 32);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(aggregated.atomics[size_t(k)], 32 + 1);  // 32 flushes and the merge
    EXPECT_EQ(aggregated.chain[size_t(k)], 32);        // every lane flushes in the same round
  }
  // Sorted synthetic data with one block of 32 threads: a thread's samples are 32 apart, a bin's
  // run is about 390 samples long, so most of a thread's samples continue its run. (With the
  // full-size launch the stride p is wider than a run, and aggregation finds nothing to merge.)
  const BinSpec bins = make_bins(256, 0, 256);
  const Samples sorted = synthetic(Dist::Sorted, 0, 100000, 1, bins);
  const LaunchShape one_block{32, 1, 0};
  EXPECT_LT(
      contention_model(Variant::Aggregated, sorted, bins, one_block).shared_atomics,
      contention_model(Variant::CoarseInterleaved, sorted, bins, one_block).shared_atomics / 4);
}

// What the schedule implies, counted from the mapping of samples to threads.
struct Expected {
  std::vector<int64_t> counts;  // per bin, in-range samples
  std::vector<int64_t> merge;   // per bin, blocks that counted it
  int64_t in_range = 0, merge_pairs = 0;
  int64_t distinct_per_instruction = 0;  // summed over interleaved warp instructions (32-chunks)
  int32_t longest = 0;                   // most lanes of one bin in an interleaved 32-chunk
  int64_t runs = 0;                      // variant 7: runs of one bin per thread
};

Expected expected_for(Variant v, const Samples& s, const BinSpec& b, const LaunchShape& l) {
  const int64_t n = s.size(), bd = l.block_dim, p = bd * l.grid_dim, C = l.coarsening;
  Expected e;
  e.counts.assign(size_t(b.count), 0);
  e.merge.assign(size_t(b.count), 0);
  std::set<std::pair<int64_t, int>> pairs;
  for (int64_t i = 0; i < n; ++i) {
    const int bin = bin_of(s.at(i), b);
    if (bin < 0) continue;
    ++e.counts[size_t(bin)];
    const int64_t thread = v == Variant::CoarseContiguous ? i / C : i % p;
    pairs.insert({thread / bd, bin});
  }
  for (const auto& [block, bin] : pairs) ++e.merge[size_t(bin)];
  e.merge_pairs = int64_t(pairs.size());
  e.in_range = std::accumulate(e.counts.begin(), e.counts.end(), int64_t{0});
  for (int64_t base = 0; base < n; base += 32) {
    std::vector<int> bins;
    for (int64_t i = base; i < std::min(n, base + 32); ++i)
      if (bin_of(s.at(i), b) >= 0) bins.push_back(bin_of(s.at(i), b));
    std::sort(bins.begin(), bins.end());
    for (size_t i = 0; i < bins.size();) {
      size_t j = i;
      while (j < bins.size() && bins[j] == bins[i]) ++j;
      e.longest = std::max(e.longest, int32_t(j - i));
      ++e.distinct_per_instruction;
      i = j;
    }
  }
  for (int64_t t = 0; t < p; ++t) {
    int previous = -1;
    for (int64_t i = t; i < n; i += p) {
      const int bin = bin_of(s.at(i), b);
      if (bin >= 0 && bin != previous) {
        ++e.runs;
        previous = bin;
      }
    }
  }
  return e;
}

TEST(HistogramContention, AtomicsAddUpToWhatTheScheduleImplies) {
  std::vector<int64_t> sizes = {0, 1, 2, 31, 32, 33, 255, 257, 1023, 4097};
  const LaunchShape launches[] = {{}, {32, 0, 1}, {64, 3, 2}, {96, 0, 5}};
  for (int count : {1, 7, 256, 4096, 65536})
    for (Dist d : {Dist::Uniform, Dist::Zipf, Dist::AllEqual, Dist::Sorted, Dist::Normal})
      for (int64_t n : sizes) {
        // Many bins cost time per call, not per sample: fewer cases there.
        const bool wide = count >= 4096;
        if (wide && ((n != 0 && n != 33 && n != 4097) || d == Dist::Normal || d == Dist::Sorted))
          continue;
        const Samples s = synthetic(d, 1.3, n, uint64_t(n * 7 + count), make_bins(count, -1, 1));
        const BinSpec b = make_bins(count, -0.9, 0.95);  // some samples fall outside
        for (const LaunchShape& requested : launches)
          for (int vi = 1; vi <= 8; ++vi) {
            const Variant v = Variant(vi);
            const LaunchShape l = resolve_launch(v, n, requested);
            const Contention c = contention_model(v, s, b, requested);
            const Expected e = expected_for(v, s, b, l);
            const std::string where = std::string(info(v).id) + " " + dist_name(d) + " n " +
                                      std::to_string(n) + " bins " + std::to_string(count) +
                                      " block " + std::to_string(l.block_dim) + " grid " +
                                      std::to_string(l.grid_dim);
            ASSERT_EQ(int(c.atomics.size()), count) << where;
            ASSERT_EQ(sum(c.atomics), c.global_atomics + c.shared_atomics) << where;
            for (int k = 0; k < count; ++k) {
              ASSERT_LE(c.chain[size_t(k)], 32) << where;
              ASSERT_GE(c.waits[size_t(k)], 0) << where;
              int64_t atomics = c.atomics[size_t(k)];  // what the schedule implies for 1-6
              if (v == Variant::Sequential) atomics = 0;
              if (v == Variant::GlobalAtomic) atomics = e.counts[size_t(k)];
              if (v >= Variant::PrivateGlobal && v <= Variant::CoarseInterleaved)
                atomics = e.counts[size_t(k)] + e.merge[size_t(k)];
              ASSERT_EQ(c.atomics[size_t(k)], atomics) << where << " bin " << k;
              if (v == Variant::WarpAggregated) {
                ASSERT_LE(c.chain[size_t(k)], 1) << where;
              }
            }
            switch (v) {
              case Variant::Sequential:
                EXPECT_EQ(c.global_atomics + c.shared_atomics, 0) << where;
                EXPECT_EQ(c.hottest_bin, -1) << where;
                break;
              case Variant::GlobalAtomic:
                EXPECT_EQ(c.global_atomics, e.in_range) << where;
                EXPECT_EQ(c.shared_atomics, 0) << where;
                break;
              case Variant::PrivateGlobal:
                EXPECT_EQ(c.global_atomics, e.in_range + e.merge_pairs) << where;
                EXPECT_EQ(c.shared_atomics, 0) << where;
                break;
              case Variant::Aggregated:
                EXPECT_EQ(c.shared_atomics, e.runs) << where;
                EXPECT_EQ(c.global_atomics, e.merge_pairs) << where;
                break;
              case Variant::WarpAggregated:
                EXPECT_EQ(c.shared_atomics, e.distinct_per_instruction) << where;
                EXPECT_EQ(c.global_atomics, e.merge_pairs) << where;
                EXPECT_EQ(sum(c.waits), 0) << where;
                break;
              default:  // 4-6: one shared atomic per in-range sample, the merge on global
                EXPECT_EQ(c.shared_atomics, e.in_range) << where;
                EXPECT_EQ(c.global_atomics, e.merge_pairs) << where;
            }
            // The interleaved mappings read 32 neighbours per warp instruction: the waits are
            // the lanes beyond the first of each bin, the longest chain the largest such group.
            if (v == Variant::GlobalAtomic || v == Variant::PrivateGlobal ||
                v == Variant::PrivateShared || v == Variant::CoarseInterleaved) {
              EXPECT_EQ(sum(c.waits), e.in_range - e.distinct_per_instruction) << where;
              EXPECT_EQ(c.longest_chain, e.longest) << where;
            }
            if (c.hottest_bin >= 0) {
              EXPECT_EQ(c.waits[size_t(c.hottest_bin)],
                        *std::max_element(c.waits.begin(), c.waits.end()))
                  << where;
            }
          }
      }
}

TEST(HistogramContention, BytesAndTheSameFloatsGiveTheSameModel) {
  Samples bytes, same;
  bytes.type = SampleType::U8;
  for (int i = 0; i < 5000; ++i) {
    bytes.u8.push_back(uint8_t((i * 37) % 251 < 200 ? 17 : (i * 13) % 256));
    same.f32.push_back(float(bytes.u8.back()));
  }
  const BinSpec b = make_bins(256, 0, 256);
  for (int vi = 1; vi <= 8; ++vi) {
    const Contention x = contention_model(Variant(vi), bytes, b, {}),
                     y = contention_model(Variant(vi), same, b, {});
    EXPECT_EQ(x.atomics, y.atomics);
    EXPECT_EQ(x.chain, y.chain);
    EXPECT_EQ(x.waits, y.waits);
    EXPECT_EQ(x.hottest_bin, y.hottest_bin);
  }
}

TEST(HistogramContention, LaunchesResolveToTheVariantsDefaults) {
  const LaunchShape seq = resolve_launch(Variant::Sequential, 1000, {});
  EXPECT_EQ(seq.block_dim, 1);
  EXPECT_EQ(seq.grid_dim, 1);
  const LaunchShape global = resolve_launch(Variant::GlobalAtomic, 1000, {});
  EXPECT_EQ(global.block_dim, 256);
  EXPECT_EQ(global.grid_dim, 4);
  EXPECT_EQ(resolve_launch(Variant::PrivateShared, 0, {}).grid_dim, 1);
  EXPECT_EQ(resolve_launch(Variant::PrivateShared, 1000, {128, 0, 0}).grid_dim, 8);
  for (Variant v : {Variant::CoarseContiguous, Variant::CoarseInterleaved, Variant::Aggregated,
                    Variant::WarpAggregated}) {
    const LaunchShape l = resolve_launch(v, int64_t{1} << 20, {});
    EXPECT_EQ(l.coarsening, 16);
    EXPECT_EQ(l.grid_dim, 256);
    EXPECT_EQ(resolve_launch(v, (int64_t{1} << 20) + 1, {}).grid_dim, 257);
    EXPECT_EQ(resolve_launch(v, int64_t{1} << 20, {256, 0, 4}).grid_dim, 1024);
    EXPECT_EQ(resolve_launch(v, 5, {}).grid_dim, 1);
    EXPECT_EQ(resolve_launch(v, kMaxSamples, {1024, 0, 4096}).grid_dim, 64);
  }
  // A contiguous grid given too small for n takes longer runs, so every sample is read.
  EXPECT_EQ(resolve_launch(Variant::CoarseContiguous, 10000, {32, 2, 4}).coarsening, 157);
  EXPECT_EQ(resolve_launch(Variant::CoarseInterleaved, 10000, {32, 2, 4}).coarsening, 4);
  EXPECT_NE(error_of([] {
              resolve_launch(Variant::GlobalAtomic, 10, {33, 0, 0});
            }).find("block_dim"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              resolve_launch(Variant::GlobalAtomic, 10, {16, 0, 0});
            }).find("got 16"),
            std::string::npos);
  EXPECT_THROW(resolve_launch(Variant::GlobalAtomic, 10, {2048, 0, 0}), Error);
  EXPECT_NE(error_of([] {
              resolve_launch(Variant::Aggregated, 10, {256, 0, 5000});
            }).find("coarsening"),
            std::string::npos);
  EXPECT_THROW(resolve_launch(Variant::Aggregated, 10, {256, 0, -1}), Error);
  EXPECT_NE(error_of([] {
              resolve_launch(Variant::Aggregated, 10, {256, -1, 0});
            }).find("grid_dim"),
            std::string::npos);
}

TEST(HistogramContention, LargeInputsTakeOnePass) {
  // 2^20 skewed samples over 65536 bins, every variant: the scene models full-size inputs.
  const BinSpec b = make_bins(65536, 0, 1);
  const Samples s = synthetic(Dist::Zipf, 1.1, int64_t{1} << 20, 5, b);
  const int64_t inside = in_range(histogram_reference(s, b));
  for (int vi = 2; vi <= 8; ++vi) {
    const Contention c = contention_model(Variant(vi), s, b, {});
    EXPECT_GE(c.global_atomics + c.shared_atomics, vi == 7 || vi == 8 ? 1 : inside);
    EXPECT_EQ(c.hottest_bin, 0);  // Zipf's bin 0 is the hot one
  }
}

}  // namespace
}  // namespace ws::histogram
