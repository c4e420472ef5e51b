// The sorting networks as data (kernels/merge/network.h): comparator and stage counts against the
// book's and Knuth's formulas, thread ownership, padding, and the zero-one principle (a network
// that sorts every 0-1 input sorts every input: Knuth 5.3.4, exercise 36).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "common/error.h"
#include "merge/network.h"
#include "merge/network_schedule.h"

namespace ws::merge {
namespace {

// Counts written out by hand from the formulas for small N (not computed by the code under
// test): bitonic (N/2) L (L+1)/2, odd-even (L^2 - L + 4) N/4 - 1, stages L (L+1)/2.
TEST(NetworkCounts, FormulasMatchHandWorkedValues) {
  EXPECT_EQ(bitonic_comparator_formula(2), 1);
  EXPECT_EQ(bitonic_comparator_formula(4), 6);
  EXPECT_EQ(bitonic_comparator_formula(8), 24);
  EXPECT_EQ(bitonic_comparator_formula(16), 80);
  EXPECT_EQ(odd_even_merge_comparator_formula(2), 1);
  EXPECT_EQ(odd_even_merge_comparator_formula(4), 5);
  EXPECT_EQ(odd_even_merge_comparator_formula(8), 19);   // Knuth's figure for n = 8
  EXPECT_EQ(odd_even_merge_comparator_formula(16), 63);  // Knuth: 63 comparators for n = 16
  EXPECT_EQ(network_stage_formula(8), 6);
  EXPECT_EQ(network_stage_formula(1024), 55);
}

TEST(NetworkCounts, ComparatorsAndStagesMatchTheFormulasUpTo1024) {
  for (int32_t wires = 2; wires <= 1024; wires *= 2) {
    const Network bitonic = network(NetworkKind::Bitonic, wires);
    const Network odd_even = network(NetworkKind::OddEvenMerge, wires);
    EXPECT_EQ(bitonic.comparator_count(), bitonic_comparator_formula(wires)) << wires;
    EXPECT_EQ(odd_even.comparator_count(), odd_even_merge_comparator_formula(wires)) << wires;
    EXPECT_EQ(int64_t(bitonic.stages.size()), network_stage_formula(wires)) << wires;
    EXPECT_EQ(int64_t(odd_even.stages.size()), network_stage_formula(wires)) << wires;
  }
}

TEST(NetworkCounts, EveryStageTouchesEachWireAtMostOnceAndThreadsOwnOneComparator) {
  for (NetworkKind kind : {NetworkKind::Bitonic, NetworkKind::OddEvenMerge})
    for (int32_t wires = 2; wires <= 256; wires *= 2) {
      const Network net = network(kind, wires);
      for (const NetworkStage& s : net.stages) {
        EXPECT_EQ(s.threads, wires / 2);
        std::vector<int> touched(static_cast<size_t>(wires), 0);
        int32_t last_thread = -1;
        for (const Comparator& c : s.comparators) {
          ASSERT_LT(c.lo, c.hi);
          ASSERT_LT(c.hi, wires);
          EXPECT_EQ(c.hi - c.lo, s.j);
          EXPECT_GT(c.thread, last_thread);  // ascending by thread, one each
          last_thread = c.thread;
          ++touched[size_t(c.lo)];
          ++touched[size_t(c.hi)];
        }
        for (int count : touched) EXPECT_LE(count, 1) << s.label();
        if (kind == NetworkKind::Bitonic) {
          EXPECT_EQ(int32_t(s.comparators.size()), wires / 2);  // no idle lane in bitonic
        }
      }
    }
}

// The book's bitonic stage (k 4, j 2) on 8 wires, worked by hand: thread t joins
// lo = 2t - (t & 1), hi = lo + 2, ascending where bit 4 of lo is clear.
TEST(NetworkCounts, BitonicStageK4J2ByHand) {
  const Network net = network(NetworkKind::Bitonic, 8);
  const NetworkStage& s = net.stages[1];  // stages: (2,1), (4,2), (4,1), (8,4), (8,2), (8,1)
  ASSERT_EQ(s.k, 4);
  ASSERT_EQ(s.j, 2);
  const std::vector<std::pair<int, int>> pairs = {{0, 2}, {1, 3}, {4, 6}, {5, 7}};
  const std::vector<bool> ascending = {true, true, false, false};
  ASSERT_EQ(s.comparators.size(), 4u);
  for (size_t t = 0; t < 4; ++t) {
    EXPECT_EQ(s.comparators[t].lo, pairs[t].first);
    EXPECT_EQ(s.comparators[t].hi, pairs[t].second);
    EXPECT_EQ(s.comparators[t].ascending, ascending[t]);
  }
}

// Batcher's odd-even merge sort as Knuth and Wikipedia write it (p, k loops), an independent
// description: the same comparators, stage by stage.
TEST(NetworkCounts, OddEvenMatchesTheTextbookLoops) {
  for (int32_t n = 2; n <= 64; n *= 2) {
    const Network net = network(NetworkKind::OddEvenMerge, n);
    size_t stage = 0;
    for (int32_t p = 1; p < n; p += p)
      for (int32_t k = p; k >= 1; k /= 2, ++stage) {
        std::set<std::pair<int, int>> expected, got;
        for (int32_t j = k % p; j <= n - 1 - k; j += 2 * k)
          for (int32_t i = 0; i <= std::min(k - 1, n - j - k - 1); ++i)
            if ((i + j) / (p * 2) == (i + j + k) / (p * 2)) expected.insert({i + j, i + j + k});
        ASSERT_LT(stage, net.stages.size());
        for (const Comparator& c : net.stages[stage].comparators) got.insert({c.lo, c.hi});
        EXPECT_EQ(got, expected) << "n " << n << " p " << p << " k " << k;
      }
    EXPECT_EQ(stage, net.stages.size());
  }
}

TEST(NetworkCounts, ZeroOnePrincipleEveryBinaryInputUpTo12Wires) {
  for (NetworkKind kind : {NetworkKind::Bitonic, NetworkKind::OddEvenMerge})
    for (int32_t n = 0; n <= 12; ++n) {
      const Network net = network(kind, n);
      for (uint32_t bits = 0; bits < (1u << n); ++bits) {
        std::vector<double> keys(static_cast<size_t>(n));
        for (int32_t w = 0; w < n; ++w) keys[size_t(w)] = (bits >> w) & 1u;
        apply_network(net, keys);
        ASSERT_TRUE(std::is_sorted(keys.begin(), keys.end()))
            << network_kind_id(kind) << " n " << n << " input " << bits;
        const auto ones = std::count(keys.begin(), keys.end(), 1.0);
        ASSERT_EQ(ones, __builtin_popcount(bits));
      }
    }
}

TEST(NetworkCounts, PaddingIsMarkedAndTheWiresRoundUp) {
  const Network net = network(NetworkKind::Bitonic, 5);
  EXPECT_EQ(net.wires, 8);
  EXPECT_FALSE(net.is_padding(4));
  EXPECT_TRUE(net.is_padding(5));
  EXPECT_EQ(network(NetworkKind::OddEvenMerge, 0).wires, 2);
  EXPECT_EQ(network(NetworkKind::OddEvenMerge, 1).wires, 2);
  EXPECT_EQ(network(NetworkKind::OddEvenMerge, 1024).wires, 1024);
  EXPECT_EQ(network(NetworkKind::OddEvenMerge, 1025).wires, 2048);
  EXPECT_THROW(network(NetworkKind::Bitonic, -1), Error);
}

// The launches cover the stages in order, and a shared launch's comparators never leave the tile
// of the block that owns them (thread t is in block t / (tile / 2), its tile the wires
// [b tile, (b + 1) tile)): what lets a block do them in shared memory. Checked for the teach tiles
// and the full-size one (1024).
TEST(NetworkCounts, SharedLaunchesStayInTheirBlocksTile) {
  for (NetworkKind kind : {NetworkKind::Bitonic, NetworkKind::OddEvenMerge})
    for (int32_t wires = 2; wires <= 4096; wires *= 2)
      for (int32_t tile : {2, 4, 8, 64, 1024}) {
        if (tile > wires) continue;
        const Network net = network(kind, wires);
        int32_t next_stage = 0, next_step = 0;
        for (const NetworkLaunch& l : network_schedule(kind, wires, tile)) {
          ASSERT_EQ(l.first_stage, next_stage);
          ASSERT_EQ(l.first_step, next_step);
          ASSERT_EQ(net.stages[size_t(l.first_stage)].k, l.k);
          ASSERT_EQ(net.stages[size_t(l.first_stage)].j, l.j);
          next_stage += l.stages;
          next_step += l.steps();
          if (!l.shared) {
            ASSERT_EQ(l.stages, 1);
            continue;
          }
          for (int32_t s = l.first_stage; s < next_stage; ++s)
            for (const Comparator& c : net.stages[size_t(s)].comparators) {
              const int32_t block = c.thread / (tile / 2);
              ASSERT_EQ(c.lo / tile, block) << network_kind_id(kind) << " tile " << tile;
              ASSERT_EQ(c.hi / tile, block) << network_kind_id(kind) << " tile " << tile;
            }
        }
        EXPECT_EQ(next_stage, int32_t(net.stages.size()));
      }
}

}  // namespace
}  // namespace ws::merge
