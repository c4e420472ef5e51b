// The CPU twin of the single-pass scans, variants 8 (chained, PMPP 11.7) and 9 (decoupled
// look-back, Merrill & Garland 2016), and the modelled schedule behind it
// (scan_single_pass_model.h says how blocks are scheduled in the model).
//
// Each block (block_dim threads, `coarsening` elements per thread, section S = block_dim *
// coarsening) runs the kernel of scan_single_pass.cu step by step:
//   load           thread 0 takes the dynamic block index from an atomic counter; every thread
//                  copies `coarsening` elements, coalesced (t, t + B, t + 2B...), into XY; places
//                  past n get the identity
//   thread scan    thread t scans its subsection XY[t*c .. t*c + c-1] serially      (c > 1)
//   section scan   Kogge-Stone over the subsection totals, one step per stride     (B > 1)
//   add back       thread t > 0 adds thread t-1's total to its first c-1 elements  (c > 1, B > 1)
//   chain (8)      thread 0 waits for the predecessor's flag, reads its running total, publishes
//                  its own (total + the block's aggregate) and its flag
//   look-back (9)  thread 0 publishes the aggregate (flag A), looks back over predecessors
//                  adding aggregates until a prefix (flag P), publishes its own prefix (P)
//   store          every thread writes its elements plus the block's exclusive prefix
// The chain / look-back step records only the flag reads that found a value (A or P), as the
// kernel does: spins on Invalid are counted in the timeline, not traced.
#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "../common/error.h"
#include "../common/split_mix.h"
#include "scan_cpu_families.h"
#include "scan_model.h"
#include "scan_single_pass_model.h"

namespace ws::scan {

// ---------------------------------------------------------------------------------------------
// The modelled schedule.

int local_scan_steps(int block_dim, int coarsening) {
  int steps = 1;                   // load
  if (coarsening > 1) steps += 1;  // thread scan
  for (int stride = 1; stride < block_dim; stride *= 2) steps += 1;
  if (coarsening > 1 && block_dim > 1) steps += 1;  // add back
  return steps;
}

int model_stagger(int64_t block) {
  SplitMix64 rng{static_cast<uint64_t>(block) * 0x9E3779B97F4A7C15ull + 17};
  return static_cast<int>(rng.next() % 3);
}

namespace {

BlockFlag flag_at(const BlockRecord& r, int64_t t, Variant variant) {
  if (r.t_prefix <= t) return BlockFlag::Prefix;
  if (variant == Variant::DecoupledLookback && r.t_aggregate <= t) return BlockFlag::Aggregate;
  return BlockFlag::Invalid;
}

// Keeps the last kMaxPollsPerBlock polls of one block.
struct PollRing {
  std::vector<Poll> kept;
  int64_t total = 0;
  void add(const Poll& p) {
    ++total;
    if (static_cast<int>(kept.size()) == kMaxPollsPerBlock) kept.erase(kept.begin());
    kept.push_back(p);
  }
};

}  // namespace

SinglePassSchedule model_schedule(Variant variant, int64_t blocks, int local_steps, int resident,
                                  bool keep_polls) {
  WS_REQUIRE(variant == Variant::Chained || variant == Variant::DecoupledLookback,
             std::string("the single-pass model schedules chained (8) or decoupled-lookback (9)"));
  WS_REQUIRE(resident >= 1,
             "the model needs at least one resident block, not " + std::to_string(resident));
  SinglePassSchedule s;
  s.timeline.measured = false;
  s.timeline.blocks.resize(static_cast<size_t>(blocks));
  s.prefix_block.assign(static_cast<size_t>(blocks), -1);
  // Slots as (free time, slot): the earliest free slot takes the next block.
  using Slot = std::pair<int64_t, int>;
  std::priority_queue<Slot, std::vector<Slot>, std::greater<Slot>> slots;
  for (int i = 0; i < resident; ++i) slots.push({0, i});
  for (int64_t b = 0; b < blocks; ++b) {
    const auto [free_at, slot] = slots.top();
    slots.pop();
    BlockRecord& r = s.timeline.blocks[static_cast<size_t>(b)];
    r.block = static_cast<int32_t>(b);
    r.t_start = free_at;
    r.t_aggregate = free_at + local_steps + model_stagger(b);
    PollRing ring;
    if (b == 0) {
      r.t_prefix = r.t_aggregate;
    } else {
      int64_t t = variant == Variant::DecoupledLookback ? r.t_aggregate + 1 : r.t_aggregate;
      int64_t pred = b - 1;
      for (;;) {
        const BlockFlag seen = flag_at(s.timeline.blocks[static_cast<size_t>(pred)], t, variant);
        if (keep_polls) ring.add({static_cast<int32_t>(b), static_cast<int32_t>(pred), seen, t});
        ++r.polls;
        ++t;
        if (seen == BlockFlag::Invalid) continue;
        ++r.lookback_depth;
        if (seen == BlockFlag::Prefix) break;
        --pred;  // an aggregate: look one further back
      }
      s.prefix_block[static_cast<size_t>(b)] = static_cast<int32_t>(pred);
      r.t_prefix = t;
    }
    r.t_end = r.t_prefix + 1;
    slots.push({r.t_end, slot});
    if (keep_polls) {
      s.timeline.polls.insert(s.timeline.polls.end(), ring.kept.begin(), ring.kept.end());
      s.timeline.polls_dropped += ring.total - static_cast<int64_t>(ring.kept.size());
    }
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// The twin.

namespace {

struct Shape {
  int block_dim = 1, coarsening = 1;
  int64_t section = 1, blocks = 1;
};

Shape shape_for(const Params& p, int64_t n) {
  Shape s;
  s.block_dim = resolve_block_dim(p, n);
  s.coarsening = p.coarsening;
  s.section = section_size(p, s.block_dim);
  s.blocks = std::max<int64_t>(1, (n + s.section - 1) / s.section);
  return s;
}

struct Buffers {
  int input, output, xy, block_prefix, flags, aggregates, prefixes;
};

template <class T>
TeachRun teach_typed(const Params& p, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  const Shape sh = shape_for(p, n);
  const int B = sh.block_dim, c = sh.coarsening;
  const int G = static_cast<int>(sh.blocks);
  const bool lookback = p.variant == Variant::DecoupledLookback;
  const T id = identity_of<T>(p.op);
  const auto f = [&](T a, T b) { return apply_op<T>(p.op, a, b); };

  TeachRun run;
  Trace& trace = run.trace;
  trace.op = p.op;
  trace.serial_ops = serial_ops_for(n, p.inclusive);
  TraceModel<T> m(trace, true);
  Buffers buf{};
  buf.input =
      m.add_buffer("input", MemSpace::Global, n, 1, std::vector<T>(values.begin(), values.end()));
  buf.output = m.add_buffer("output", MemSpace::Global, n, 1);
  buf.xy = m.add_buffer("XY", MemSpace::Shared, sh.section, G);
  buf.block_prefix = m.add_buffer("block prefix", MemSpace::Shared, 1, G);
  buf.flags = m.add_buffer("flags", MemSpace::Global, G, 1, std::vector<T>(size_t(G), T{0}));
  trace.buffers[size_t(buf.flags)].type = ValueType::Int32;
  if (lookback) {
    buf.aggregates = m.add_buffer("aggregates", MemSpace::Global, G, 1);
    buf.prefixes = m.add_buffer("inclusive prefixes", MemSpace::Global, G, 1);
  } else {
    buf.aggregates = -1;
    buf.prefixes = m.add_buffer("running totals", MemSpace::Global, G, 1);
  }
  const SinglePassSchedule schedule =
      model_schedule(p.variant, G, local_scan_steps(B, c), kModelResidentBlocks, true);
  const auto thread = [&](int b, int t) { return int64_t{b} * B + t; };

  m.begin_step("load " + std::to_string(c) + " per thread (block index from a counter)", "load",
               "@sp-load", G, B, 2);
  for (int b = 0; b < G; ++b)
    for (int t = 0; t < B; ++t)
      for (int k = 0; k < c; ++k) {
        const int64_t idx = int64_t{k} * B + t, g = int64_t{b} * sh.section + idx;
        m.write(thread(b, t), buf.xy, idx, g < n ? m.read(thread(b, t), buf.input, g) : id);
      }
  if (c > 1) {
    m.begin_step("each thread scans its " + std::to_string(c) + " elements", "thread scan",
                 "@sp-thread-scan", G, B, 1);
    for (int b = 0; b < G; ++b)
      for (int t = 0; t < B; ++t)
        for (int k = 1; k < c; ++k) {
          const int64_t j = int64_t{t} * c + k;
          const T left = m.read(thread(b, t), buf.xy, j - 1);
          const T right = m.read(thread(b, t), buf.xy, j);
          m.write(thread(b, t), buf.xy, j, m.op(thread(b, t), buf.xy, j, f(left, right)));
        }
  }
  for (int stride = 1; stride < B; stride *= 2) {
    m.begin_step("totals: stride " + std::to_string(stride), "section scan", "@sp-section-scan", G,
                 B, 2);
    for (int b = 0; b < G; ++b)
      for (int t = stride; t < B; ++t) {
        const int64_t mine = int64_t{t} * c + c - 1, theirs = int64_t{t - stride} * c + c - 1;
        const T left = m.read(thread(b, t), buf.xy, theirs);
        const T right = m.read(thread(b, t), buf.xy, mine);
        m.write(thread(b, t), buf.xy, mine, m.op(thread(b, t), buf.xy, mine, f(left, right)));
      }
  }
  if (c > 1 && B > 1) {
    m.begin_step("add the previous thread's total back", "add back", "@sp-add-back", G, B, 1);
    for (int b = 0; b < G; ++b)
      for (int t = 1; t < B; ++t)
        for (int k = 0; k < c - 1; ++k) {
          const int64_t j = int64_t{t} * c + k;
          const T left = m.read(thread(b, t), buf.xy, int64_t{t - 1} * c + c - 1);
          const T right = m.read(thread(b, t), buf.xy, j);
          m.write(thread(b, t), buf.xy, j, m.op(thread(b, t), buf.xy, j, f(left, right)));
        }
  }

  m.begin_step(lookback ? "publish the aggregate, look back, publish the prefix"
                        : "wait for the predecessor's total, publish ours",
               lookback ? "look-back" : "chain", lookback ? "@sp-lookback" : "@sp-chain", G, B, 1);
  // Blocks in index order; each block's writes land before the next one looks (commit), and a
  // flag read shows the state the modelled schedule says was seen then.
  std::vector<T>& flags = m.mutable_state(buf.flags);
  for (int b = 0; b < G; ++b) {
    const int64_t t0 = thread(b, 0);
    const T aggregate = m.read(t0, buf.xy, sh.section - 1);
    T exclusive = id;
    if (b == 0) {
      m.write(t0, buf.prefixes, 0, aggregate);
      m.write(t0, buf.flags, 0, T(lookback ? 2 : 1));
    } else if (lookback) {
      m.write(t0, buf.aggregates, b, aggregate);
      m.write(t0, buf.flags, b, T(1));
      const int q = schedule.prefix_block[size_t(b)];
      for (int pred = b - 1; pred >= q; --pred) {
        const bool prefix = pred == q;
        const T final_flag = flags[size_t(pred)];
        flags[size_t(pred)] = T(prefix ? 2 : 1);  // what the poll saw
        m.read(t0, buf.flags, pred);
        flags[size_t(pred)] = final_flag;
        const T value = m.read(t0, prefix ? buf.prefixes : buf.aggregates, pred);
        exclusive = pred == b - 1 ? value : m.op(t0, buf.block_prefix, 0, f(value, exclusive));
      }
      m.write(t0, buf.prefixes, b, m.op(t0, buf.prefixes, b, f(exclusive, aggregate)));
      m.write(t0, buf.flags, b, T(2));
    } else {
      m.read(t0, buf.flags, b - 1);
      exclusive = m.read(t0, buf.prefixes, b - 1);
      m.write(t0, buf.prefixes, b, m.op(t0, buf.prefixes, b, f(exclusive, aggregate)));
      m.write(t0, buf.flags, b, T(1));
    }
    m.write(t0, buf.block_prefix, 0, exclusive);
    m.commit();
  }

  m.begin_step("add the block's prefix, store", "store", "@sp-store", G, B, 0);
  for (int b = 0; b < G; ++b)
    for (int t = 0; t < B; ++t)
      for (int k = 0; k < c; ++k) {
        const int64_t idx = int64_t{k} * B + t, g = int64_t{b} * sh.section + idx;
        if (g >= n) continue;
        const int64_t me = thread(b, t);
        if (!p.inclusive && idx == 0) {
          m.write(me, buf.output, g, m.read(me, buf.block_prefix, 0));
          continue;
        }
        const int64_t from = p.inclusive ? idx : idx - 1;
        if (b == 0) {
          m.write(me, buf.output, g, m.read(me, buf.xy, from));
          continue;
        }
        const T prefix = m.read(me, buf.block_prefix, 0);
        const T local = m.read(me, buf.xy, from);
        m.write(me, buf.output, g, m.op(me, buf.output, g, f(prefix, local)));
      }
  m.finish();

  const std::vector<T>& out = m.state(buf.output);
  run.result.assign(out.begin(), out.end());
  run.timeline = schedule.timeline;
  run.level_sizes = {n};
  return run;
}

// Fast mode: the same schedule with plain loops, section after section (the blocks' look-back
// paths come from the model, so float results equal the twin's bit for bit).
template <class T>
void compute_typed(const Params& p, const T* in, T* out, int64_t n) {
  WS_REQUIRE(n >= 1, std::string("a scan needs at least one element"));
  const Shape sh = shape_for(p, n);
  const int B = sh.block_dim, c = sh.coarsening;
  const T id = identity_of<T>(p.op);
  const auto f = [&](T a, T b) { return apply_op<T>(p.op, a, b); };
  const bool lookback = p.variant == Variant::DecoupledLookback;
  std::vector<int32_t> prefix_block;
  if (lookback) {
    prefix_block =
        model_schedule(p.variant, sh.blocks, local_scan_steps(B, c), kModelResidentBlocks, false)
            .prefix_block;
  }
  std::vector<T> xy(static_cast<size_t>(sh.section)), totals(static_cast<size_t>(B));
  std::vector<T> aggregates(static_cast<size_t>(sh.blocks)), prefixes(aggregates.size());
  for (int64_t b = 0; b < sh.blocks; ++b) {
    const int64_t base = b * sh.section;
    for (int64_t i = 0; i < sh.section; ++i) xy[size_t(i)] = base + i < n ? in[base + i] : id;
    for (int t = 0; t < B; ++t)
      for (int k = 1; k < c; ++k) {
        const size_t j = size_t(t) * c + k;
        xy[j] = f(xy[j - 1], xy[j]);
      }
    for (int stride = 1; stride < B; stride *= 2) {  // Kogge-Stone: reads before writes
      for (int t = 0; t < B; ++t) totals[size_t(t)] = xy[size_t(t) * c + c - 1];
      for (int t = stride; t < B; ++t)
        xy[size_t(t) * c + c - 1] = f(totals[size_t(t - stride)], totals[size_t(t)]);
    }
    for (int t = 1; t < B; ++t)
      for (int k = 0; k < c - 1; ++k) {
        const size_t j = size_t(t) * c + k;
        xy[j] = f(xy[size_t(t - 1) * c + c - 1], xy[j]);
      }
    const T aggregate = xy[size_t(sh.section - 1)];
    T exclusive = id;
    if (b > 0 && lookback) {
      const int64_t q = prefix_block[size_t(b)];
      for (int64_t pred = b - 1; pred >= q; --pred) {
        const T value = pred == q ? prefixes[size_t(pred)] : aggregates[size_t(pred)];
        exclusive = pred == b - 1 ? value : f(value, exclusive);
      }
    } else if (b > 0) {
      exclusive = prefixes[size_t(b - 1)];
    }
    aggregates[size_t(b)] = aggregate;
    prefixes[size_t(b)] = b == 0 ? aggregate : f(exclusive, aggregate);
    const int64_t end = std::min(n - base, sh.section);
    for (int64_t i = 0; i < end; ++i) {
      if (!p.inclusive && i == 0) {
        out[base] = exclusive;
        continue;
      }
      const T local = xy[size_t(p.inclusive ? i : i - 1)];
      out[base + i] = b == 0 ? local : f(exclusive, local);
    }
  }
}

}  // namespace

TeachRun teach_cpu_single_pass(const Params& p, const std::vector<double>& values) {
  validate(p, static_cast<int64_t>(values.size()), true);
  WS_REQUIRE(info(p.variant).single_pass,
             std::string("the single-pass twin runs chained or decoupled-lookback, not ") +
                 info(p.variant).id);
  WS_REQUIRE(!values.empty(), std::string("a scan needs at least one element"));
  return p.type == ValueType::Int32 ? teach_typed<int32_t>(p, values)
                                    : teach_typed<float>(p, values);
}

void compute_cpu_single_pass(const Params& p, const int32_t* in, int32_t* out, int64_t n) {
  compute_typed(p, in, out, n);
}
void compute_cpu_single_pass(const Params& p, const float* in, float* out, int64_t n) {
  compute_typed(p, in, out, n);
}

Timeline timeline_cpu(const Params& p, const void* in, int64_t n) {
  validate(p, n, false);
  WS_REQUIRE(in != nullptr && n >= 1, std::string("the timeline needs input data"));
  const Shape sh = shape_for(p, n);
  return model_schedule(p.variant, sh.blocks, local_scan_steps(sh.block_dim, sh.coarsening))
      .timeline;
}

}  // namespace ws::scan
