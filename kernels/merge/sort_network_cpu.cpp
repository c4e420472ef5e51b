// The network sorts' CPU twin (sort.h has the trace layout; sort_bitonic.cu and sort_odd_even.cu
// the kernels it mirrors): the network's stages launch by launch (network_schedule.h), every
// thread's compare-exchange in thread order, recorded through the trace model.
#include <string>
#include <utility>
#include <vector>

#include "../common/trace_model.h"
#include "network_schedule.h"
#include "network_wiring.h"
#include "sort_teach_cpu.h"

namespace ws::merge {

namespace {

struct NetworkTwin {
  TraceModel& m;
  std::vector<uint32_t>& values;  // by wire (a shared tile holds its block's wires' values)
  int32_t tile, block_dim;

  // Thread t's comparator: Read lo, Read hi, Op, Write lo, Write hi (sort.h).
  void compare_exchange(const Comparator& c, bool shared) {
    const int t = c.thread, buffer = shared ? kSortTile : kSortKeys;
    const int offset = shared ? (t / block_dim) * tile : 0;
    const int lo = c.lo - offset, hi = c.hi - offset;
    const double a = m.read(t, buffer, lo), b = m.read(t, buffer, hi);
    uint32_t& va = values[size_t(c.lo)];
    uint32_t& vb = values[size_t(c.hi)];
    const bool swap = c.ascending ? network_after(a, va, b, vb) : network_after(b, vb, a, va);
    m.op(t, buffer, lo, swap ? b : a);
    m.write(t, buffer, lo, swap ? b : a);
    m.write(t, buffer, hi, swap ? a : b);
    if (swap) std::swap(va, vb);
  }

  // Thread t copies wires l and l + tile/2 of its block between "keys" and the tile.
  void copy_tile(int32_t threads, bool load) {
    for (int t = 0; t < threads; ++t) {
      const int block = t / block_dim, local = t % block_dim;
      for (int half : {0, tile / 2}) {
        const int wire = block * tile + local + half;
        if (load)
          m.write(t, kSortTile, local + half, m.read(t, kSortKeys, wire));
        else
          m.write(t, kSortKeys, wire, m.read(t, kSortTile, local + half));
      }
    }
  }
};

std::string network_stage_label(const NetworkStage& s, bool shared) {
  return s.label() + (shared ? " (shared)" : " (global)");
}

}  // namespace

void teach_network_sort_cpu(SortTeachRun& run) {
  const int32_t n = int32_t(run.input.size());
  const SortShape shape = sort_shape(run.params, n);
  const Network& net = run.network;
  std::vector<double> wires(run.input);
  wires.resize(size_t(net.wires), sort_padding_key(run.params.key_type));
  std::vector<uint32_t> values(run.input_values);
  values.resize(size_t(net.wires), kNetworkPadValue);
  TraceModel m(run.trace);
  m.add_buffer("keys", MemSpace::Global, net.wires, 1, wires);
  m.add_buffer("tile", MemSpace::Shared, shape.tile, shape.grid_dim);
  const std::vector<NetworkLaunch> launches = network_schedule(net.kind, net.wires, shape.tile);
  const int grid = shape.grid_dim, block = shape.block_dim;
  for (const NetworkLaunch& l : launches) {
    if (l.shared) {
      m.add_step("load tile", "load", "@tile-load", grid, block, 1);
      run.step_stage.push_back(-1);
    }
    for (int s = l.first_stage; s < l.first_stage + l.stages; ++s) {
      const NetworkStage& stage = net.stages[size_t(s)];
      m.add_step(network_stage_label(stage, l.shared), l.shared ? "shared" : "global",
                 l.shared ? "@stage-shared" : "@stage-global", grid, block, l.shared ? 1 : 0);
      run.step_stage.push_back(s);
    }
    if (l.shared) {
      m.add_step("store tile", "store", "@tile-store", grid, block, 0);
      run.step_stage.push_back(-1);
    }
  }
  NetworkTwin twin{m, values, shape.tile, shape.block_dim};
  const int32_t threads = net.wires / 2;
  for (const NetworkLaunch& l : launches) {
    int step = l.first_step;
    if (l.shared) {
      m.at(step++);
      twin.copy_tile(threads, true);
    }
    for (int s = l.first_stage; s < l.first_stage + l.stages; ++s) {
      m.at(step++);
      for (const Comparator& c : net.stages[size_t(s)].comparators)
        twin.compare_exchange(c, l.shared);
    }
    if (l.shared) {
      m.at(step++);
      twin.copy_tile(threads, false);
    }
  }
  m.finish();
  const std::vector<double>& sorted = m.state(kSortKeys);
  run.output.assign(sorted.begin(), sorted.begin() + n);
  run.output_values.assign(values.begin(), values.begin() + n);
}

}  // namespace ws::merge
