// The sorting networks as data (network.h): wires, stages, comparators and their threads, the
// formulas the tests check them against, and a plain CPU application.
#include "network.h"

#include <algorithm>
#include <limits>
#include <string>

#include "../common/error.h"
#include "network_schedule.h"
#include "network_wiring.h"

namespace ws::merge {

namespace {

int32_t network_wires_for(int32_t n) {
  int32_t wires = 2;
  while (wires < n) wires *= 2;
  return wires;
}

int32_t log2_exact(int32_t wires) {
  int32_t levels = 0;
  while ((int32_t{1} << levels) < wires) ++levels;
  return levels;
}

}  // namespace

std::string NetworkStage::label() const {
  return "k " + std::to_string(k) + ", j " + std::to_string(j);
}

int64_t Network::comparator_count() const {
  int64_t count = 0;
  for (const NetworkStage& s : stages) count += int64_t(s.comparators.size());
  return count;
}

const char* network_kind_id(NetworkKind kind) {
  return kind == NetworkKind::Bitonic ? "bitonic" : "odd-even";
}

Network network(NetworkKind kind, int32_t n) {
  if (n < 0 || n > kNetworkMaxWires)
    throw Error("networks take 0.." + std::to_string(kNetworkMaxWires) + " keys, not " +
                std::to_string(n));
  Network net;
  net.kind = kind;
  net.n = n;
  net.wires = network_wires_for(n);
  const int32_t threads = net.wires / 2;
  for (int32_t k = 2; k <= net.wires; k *= 2) {
    for (int32_t j = k / 2; j >= 1; j /= 2) {
      NetworkStage stage;
      stage.k = k;
      stage.j = j;
      stage.threads = threads;
      for (int32_t t = 0; t < threads; ++t) {
        const WirePair p =
            kind == NetworkKind::Bitonic ? bitonic_pair(t, k, j) : odd_even_pair(t, k, j);
        if (p.active) stage.comparators.push_back({t, int32_t(p.lo), int32_t(p.hi), p.ascending});
      }
      net.stages.push_back(std::move(stage));
    }
  }
  return net;
}

int64_t network_stage_formula(int32_t wires) {
  const int64_t levels = log2_exact(wires);
  return levels * (levels + 1) / 2;
}

int64_t bitonic_comparator_formula(int32_t wires) {
  const int64_t levels = log2_exact(wires);
  return int64_t(wires / 2) * levels * (levels + 1) / 2;
}

int64_t odd_even_merge_comparator_formula(int32_t wires) {
  const int64_t levels = log2_exact(wires);
  return (levels * levels - levels + 4) * wires / 4 - 1;
}

void apply_network(const Network& network, std::vector<double>& keys) {
  if (int64_t(keys.size()) != network.n)
    throw Error("apply_network: " + std::to_string(keys.size()) + " keys for a network of " +
                std::to_string(network.n));
  std::vector<double> wires(keys);
  wires.resize(size_t(network.wires), std::numeric_limits<double>::infinity());
  for (const NetworkStage& stage : network.stages)
    for (const Comparator& c : stage.comparators) {
      double& lo = wires[size_t(c.lo)];
      double& hi = wires[size_t(c.hi)];
      if (c.ascending ? lo > hi : lo < hi) std::swap(lo, hi);
    }
  std::copy(wires.begin(), wires.begin() + network.n, keys.begin());
}

std::vector<NetworkLaunch> network_schedule(NetworkKind kind, int64_t wires, int32_t tile) {
  int32_t tile_levels = 0;
  while ((int32_t{1} << tile_levels) < tile) ++tile_levels;
  std::vector<NetworkLaunch> launches;
  int32_t stage = 0, step = 0;
  auto add = [&](bool shared, int64_t k, int64_t j, int32_t stages) {
    NetworkLaunch l;
    l.shared = shared;
    l.k = int32_t(k);
    l.j = int32_t(j);
    l.stages = stages;
    l.first_stage = stage;
    l.first_step = step;
    stage += stages;
    step += l.steps();
    launches.push_back(l);
  };
  add(true, 2, 1, tile_levels * (tile_levels + 1) / 2);  // every stage with k <= tile
  for (int64_t k = 2 * int64_t(tile); k <= wires; k *= 2) {
    const int64_t shared_below = kind == NetworkKind::Bitonic ? tile : 1;
    for (int64_t j = k / 2; j >= shared_below; j /= 2) add(false, k, j, 1);
    if (kind == NetworkKind::Bitonic) add(true, k, tile / 2, tile_levels);
  }
  return launches;
}

}  // namespace ws::merge
