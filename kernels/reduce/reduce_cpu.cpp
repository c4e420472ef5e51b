// CPU reference for every reduction variant (the "gold" twin of reduce.cu). It runs the kernels'
// schedule block by block and step by step: within a step every thread reads the state left by
// the previous step and its writes land when the step ends, as a barrier would make them. It emits
// the same trace events, in the same per-thread order, as the instrumented CUDA kernels.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <type_traits>
#include <limits>

#include "../common/error.h"
#include "../common/timing.h"
#include "reduce.h"
#include "reduce_global.h"

namespace ws::reduce {

namespace {

constexpr int kWarp = 32;
const double kUnwritten = std::numeric_limits<double>::quiet_NaN();

// The arrays of one pass, as indices into Trace::buffers.
struct PassBuffers {
  int input = -1, shared = -1, registers = -1, output = -1, counter = -1;
};

template <class T>
class ReduceModel {
 public:
  // With `record` false the model runs the same schedule without keeping a trace (fast mode).
  ReduceModel(const Params& p, Trace& trace, bool record)
      : p_(p), trace_(trace), id_(identity_of<T>(p.op)), record_(record) {}

  T run(const std::vector<T>& values) {
    const int64_t n = static_cast<int64_t>(values.size());
    trace_.op = p_.op;
    trace_.type = std::is_same_v<T, float> ? ValueType::Float32 : ValueType::Int32;
    trace_.serial_ops = n > 0 ? n - 1 : 0;
    int input = add_buffer("input", MemSpace::Global, n, 1,
                           record_ ? to_doubles(values) : std::vector<double>{});
    state_.assign(1, values);
    const int result = add_buffer("result", MemSpace::Global, 1, 1,
                                  {p_.finish == Finish::Atomic ? double(id_) : kUnwritten});
    state_.push_back({id_});
    int counter = -1;
    if (p_.finish == Finish::LastBlock) {
      counter = add_buffer("retirement counter", MemSpace::Global, 1, 1, {0.0});
      trace_.buffers[counter].type = ValueType::Int32;
      trace_.buffers[counter].atomic_op = BinaryOp::Sum;
      state_.push_back({T(0)});
    }

    int64_t count = n;
    const int first_block_dim = resolve_block_dim(p_, n);
    for (int pass = 0;; ++pass) {
      const int block_dim =
          pass == 0 ? first_block_dim : std::min(first_block_dim, resolve_block_dim(p_, count));
      const int64_t grid = grid_dim_for(p_, block_dim, count);
      const bool last_pass = p_.finish != Finish::TwoPass || grid == 1;
      prefix_ = last_pass && pass == 0 ? "" : "pass " + std::to_string(pass + 1) + ": ";
      PassBuffers b;
      b.input = input;
      b.counter = counter;
      b.shared = add_buffer(pass_name("shared", pass), MemSpace::Shared, shared_size(block_dim),
                            static_cast<int32_t>(grid), {});
      b.registers = add_buffer(pass_name("registers", pass), MemSpace::Register,
                               static_cast<int32_t>(grid * block_dim), 1, {});
      if (record_ && p_.variant == Variant::Coarsened)  // `T acc = identity` before the loop
        trace_.buffers[b.registers].initial.assign(grid * block_dim, double(id_));
      state_.resize(trace_.buffers.size());
      state_[b.shared].assign(size_t(shared_size(block_dim)) * grid, id_);
      state_[b.registers].assign(grid * block_dim, id_);
      b.output = last_pass ? result
                           : add_buffer(pass_name("partials", pass), MemSpace::Global,
                                        static_cast<int32_t>(grid), 1, {});
      state_.resize(trace_.buffers.size());
      if (!last_pass) state_[b.output].assign(grid, id_);
      run_pass(b, count, block_dim, static_cast<int>(grid));
      if (last_pass) break;
      input = b.output;
      count = grid;
    }
    return state_[result][0];
  }

 private:
  struct Pending {
    int buffer;
    size_t index;
    T value;
    bool atomic;
  };
  // ----- trace bookkeeping -----
  int add_buffer(const std::string& name, MemSpace space, int64_t size, int32_t blocks,
                 std::vector<double> initial) {
    TraceBuffer b;
    b.name = name;
    b.space = space;
    b.size = static_cast<int32_t>(size);
    b.blocks = blocks;
    b.type = trace_.type;
    b.atomic_op = p_.op;
    if (record_)
      b.initial = initial.empty() ? std::vector<double>(size * blocks, kUnwritten) : initial;
    trace_.buffers.push_back(std::move(b));
    return static_cast<int>(trace_.buffers.size()) - 1;
  }
  static std::string pass_name(const char* base, int pass) {
    return pass == 0 ? base : std::string(base) + " " + std::to_string(pass + 1);
  }
  static std::vector<double> to_doubles(const std::vector<T>& v) {
    return std::vector<double>(v.begin(), v.end());
  }
  int shared_size(int block_dim) const {
    switch (p_.variant) {
      case Variant::InterleavedDivergent:
      case Variant::InterleavedStrided:
      case Variant::Sequential:
        return 2 * block_dim;
      case Variant::FirstAddDuringLoad:
      case Variant::UnrollLastWarp:
        return block_dim;
      default:
        return std::max(1, block_dim / kWarp);  // one slot per warp total
    }
  }

  void begin_step(const std::string& label, const char* phase, const char* marker, int barriers) {
    apply_pending();
    if (!record_) return;
    TraceStep s;
    s.label = prefix_ + label;
    s.phase = phase;
    s.code_marker = marker;
    s.grid_dim = grid_;
    s.block_dim = block_dim_;
    s.barriers = barriers;
    trace_.steps.push_back(std::move(s));
  }
  void emit(int32_t thread, int buffer, EventKind kind, int64_t address, T value, int part = 0) {
    if (!record_) return;
    TraceEvent e{};
    e.step = static_cast<int32_t>(trace_.steps.size()) - 1;
    e.thread = thread;
    e.address = static_cast<int32_t>(address);
    e.buffer = static_cast<int16_t>(buffer);
    e.kind = kind;
    e.vector_part = static_cast<uint8_t>(part);
    e.value = static_cast<double>(value);
    trace_.steps.back().events.push_back(e);
  }

  // ----- memory with barrier semantics: reads see the previous step, writes land at its end -----
  size_t flat(int buffer, int block, int64_t address) const {
    const TraceBuffer& b = trace_.buffers[buffer];
    return (b.space == MemSpace::Shared ? size_t(block) * b.size : 0) + size_t(address);
  }
  T read(int thread, int buffer, int64_t address, int part = 0) {
    const T v = state_[buffer][flat(buffer, thread / block_dim_, address)];
    emit(thread, buffer, EventKind::Read, address, v, part);
    return v;
  }
  void write(int thread, int buffer, int64_t address, T value) {
    emit(thread, buffer, EventKind::Write, address, value);
    land({buffer, flat(buffer, thread / block_dim_, address), value, false});
  }
  void atomic(int thread, int buffer, int64_t address, T operand) {
    emit(thread, buffer, EventKind::Atomic, address, operand);
    land({buffer, flat(buffer, 0, address), operand, true});
  }
  // Teach mode keeps a step's writes until the step ends (barrier semantics, checked by the
  // traces). Fast mode applies them at once: threads run in ascending order and no variant reads,
  // within a step, a location that a lower-numbered thread writes (a lane reads s[t + offset] or
  // the register of lane + offset), so the result is the same without holding a copy of every
  // write (the tests compare fast and teach results for every variant).
  void land(const Pending& w) {
    if (record_) {
      pending_.push_back(w);
      return;
    }
    T& slot = state_[w.buffer][w.index];
    slot = w.atomic ? apply_op<T>(trace_.buffers[w.buffer].atomic_op, slot, w.value) : w.value;
  }
  T op(int thread, int buffer, int64_t dest, T a, T b) {
    const T r = apply_op<T>(p_.op, a, b);
    emit(thread, buffer, EventKind::Op, dest, r);
    return r;
  }
  void apply_pending() {
    for (const Pending& w : pending_) {
      T& slot = state_[w.buffer][w.index];
      slot = w.atomic ? apply_op<T>(trace_.buffers[w.buffer].atomic_op, slot, w.value) : w.value;
    }
    pending_.clear();
  }

  // ----- one pass: load + block reduction + finish -----
  void run_pass(const PassBuffers& b, int64_t n, int block_dim, int grid) {
    block_dim_ = block_dim;
    grid_ = grid;
    n_ = n;
    switch (p_.variant) {
      case Variant::InterleavedDivergent:
      case Variant::InterleavedStrided:
      case Variant::Sequential:
        load_two_per_thread(b);
        tree_in_shared(b);
        break;
      case Variant::FirstAddDuringLoad:
        load_with_first_add(b, b.shared);
        tree_in_shared(b);
        break;
      case Variant::UnrollLastWarp:
        load_with_first_add(b, b.shared);
        tree_in_shared(b);
        last_warp_unrolled(b);
        break;
      case Variant::WarpShuffle:
        load_with_first_add(b, b.registers);
        block_reduce_shuffle(b, "", all_blocks());
        break;
      case Variant::Coarsened:
        grid_stride_accumulate(b);
        block_reduce_shuffle(b, "", all_blocks());
        break;
      default:  // variants 8-10 run in reduce_global_cpu.cpp
        throw Error(std::string("not a shared-memory reduction variant: ") + info(p_.variant).id);
    }
    finish(b);
    apply_pending();
  }

  std::vector<int> all_blocks() const {
    std::vector<int> blocks(grid_);
    for (int i = 0; i < grid_; ++i) blocks[i] = i;
    return blocks;
  }
  int thread_id(int block, int t) const { return block * block_dim_ + t; }
  bool result_in_registers() const {
    return p_.variant == Variant::WarpShuffle || p_.variant == Variant::Coarsened;
  }

  void load_two_per_thread(const PassBuffers& b) {
    begin_step("load", "load", "@load", 1);
    const int64_t span = 2 * int64_t{block_dim_};
    for (int block = 0; block < grid_; ++block)
      for (int t = 0; t < block_dim_; ++t) {
        const int tid = thread_id(block, t);
        for (int64_t j : {int64_t{t}, int64_t{t} + block_dim_}) {
          const int64_t g = block * span + j;
          write(tid, b.shared, j, g < n_ ? read(tid, b.input, g) : id_);
        }
      }
  }

  void load_with_first_add(const PassBuffers& b, int dest) {
    begin_step("load + first add", "load", "@load", dest == b.shared ? 1 : 0);
    const int64_t span = 2 * int64_t{block_dim_};
    for (int block = 0; block < grid_; ++block)
      for (int t = 0; t < block_dim_; ++t) {
        const int tid = thread_id(block, t);
        const int64_t g = block * span + t;
        const T lo = g < n_ ? read(tid, b.input, g) : id_;
        const T hi = g + block_dim_ < n_ ? read(tid, b.input, g + block_dim_) : id_;
        const int64_t slot = dest == b.shared ? t : tid;
        write(tid, dest, slot, op(tid, dest, slot, lo, hi));
      }
  }

  // Tree levels with a block barrier after each (variants 1-5; variant 5 stops at 64).
  void tree_in_shared(const PassBuffers& b) {
    const int B = block_dim_;
    switch (p_.variant) {
      case Variant::InterleavedDivergent:
        for (int stride = 1; stride <= B; stride *= 2) {
          begin_step("stride " + std::to_string(stride), "tree", "@tree", 1);
          for (int block = 0; block < grid_; ++block)
            for (int t = 0; t < B; ++t)
              if (t % stride == 0) combine(b, thread_id(block, t), 2 * t, 2 * t + stride);
        }
        break;
      case Variant::InterleavedStrided:
        for (int stride = 1; stride <= B; stride *= 2) {
          begin_step("stride " + std::to_string(stride), "tree", "@tree", 1);
          for (int block = 0; block < grid_; ++block)
            for (int t = 0; t < B; ++t) {
              const int64_t index = 2 * int64_t{stride} * t;
              if (index < 2 * B) combine(b, thread_id(block, t), index, index + stride);
            }
        }
        break;
      case Variant::Sequential:
        for (int stride = B; stride >= 1; stride /= 2) tree_level(b, stride);
        break;
      case Variant::FirstAddDuringLoad:
        for (int stride = B / 2; stride >= 1; stride /= 2) tree_level(b, stride);
        break;
      default:  // UnrollLastWarp: the block-wide levels above one warp's reach
        for (int stride = B / 2; stride > kWarp; stride /= 2) tree_level(b, stride);
        break;
    }
  }
  void tree_level(const PassBuffers& b, int stride) {
    begin_step("stride " + std::to_string(stride), "tree", "@tree", 1);
    for (int block = 0; block < grid_; ++block)
      for (int t = 0; t < stride; ++t) combine(b, thread_id(block, t), t, t + stride);
  }
  void combine(const PassBuffers& b, int tid, int64_t dst, int64_t src) {
    const T x = read(tid, b.shared, dst);
    const T y = read(tid, b.shared, src);
    write(tid, b.shared, dst, op(tid, b.shared, dst, x, y));
  }

  // Variant 5: warp 0 finishes the last six levels. Each lane keeps its running value in a
  // register; __syncwarp separates every read from the next write (independent thread scheduling).
  void last_warp_unrolled(const PassBuffers& b) {
    std::vector<T> v(size_t(grid_) * kWarp);
    for (int offset = kWarp; offset >= 1; offset /= 2) {
      begin_step("warp offset " + std::to_string(offset), "warp", "@warp", 0);
      for (int block = 0; block < grid_; ++block)
        for (int t = 0; t < kWarp; ++t) {
          const int tid = thread_id(block, t);
          T& mine = v[size_t(block) * kWarp + t];
          if (offset == kWarp) mine = read(tid, b.shared, t);
          mine = op(tid, b.shared, t, mine, read(tid, b.shared, t + offset));
          write(tid, b.shared, t, mine);
        }
    }
  }

  // Variant 7: thread (block, t) starts at vector index block*B + t and strides by the grid.
  void grid_stride_accumulate(const PassBuffers& b) {
    const int64_t stride = int64_t{grid_} * block_dim_ * 4;
    const int64_t iterations = std::max<int64_t>(1, (n_ + stride - 1) / stride);
    for (int64_t k = 0; k < iterations; ++k) {
      begin_step("grid-stride " + std::to_string(k + 1), "load", "@gridstride", 0);
      for (int block = 0; block < grid_; ++block)
        for (int t = 0; t < block_dim_; ++t) {
          const int tid = thread_id(block, t);
          const int64_t i = int64_t{tid} * 4 + k * stride;
          if (i >= n_) continue;
          T acc = state_[b.registers][tid];
          const bool whole_vector = i + 3 < n_;
          T x[4];
          int count = 0;
          for (int e = 0; e < 4 && i + e < n_; ++e, ++count)
            x[e] = read(tid, b.input, i + e, whole_vector ? e : 0);
          for (int e = 0; e < count; ++e) acc = op(tid, b.registers, tid, acc, x[e]);
          write(tid, b.registers, tid, acc);
        }
    }
  }

  // Warp shuffles, warp totals through shared memory, then the first warp shuffles again. Used by
  // variants 6 and 7 and by the last block of the LastBlock finish. The value of block `block`
  // ends in registers[thread_id(block, 0)].
  void block_reduce_shuffle(const PassBuffers& b, const std::string& label_prefix,
                            const std::vector<int>& blocks) {
    shuffle_levels(b, label_prefix + "warp shuffle", blocks, block_dim_);
    if (block_dim_ <= kWarp) return;
    begin_step(label_prefix + "warp totals to shared", "warp", "@totals", 1);
    for (int block : blocks)
      for (int w = 0; w < block_dim_ / kWarp; ++w) {
        const int tid = thread_id(block, w * kWarp);
        write(tid, b.shared, w, state_[b.registers][tid]);
      }
    begin_step(label_prefix + "first warp loads totals", "warp", "@final-load", 0);
    for (int block : blocks)
      for (int t = 0; t < kWarp; ++t) {
        const int tid = thread_id(block, t);
        write(tid, b.registers, tid, t < block_dim_ / kWarp ? read(tid, b.shared, t) : id_);
      }
    shuffle_levels(b, label_prefix + "first warp shuffle", blocks, kWarp);
  }
  // v = op(v, __shfl_down_sync(full, v, offset)) for offsets 16..1 in the first `threads` threads.
  // Lanes whose source lies past the warp receive their own value, exactly as the hardware does.
  void shuffle_levels(const PassBuffers& b, const std::string& label,
                      const std::vector<int>& blocks, int threads) {
    for (int offset = kWarp / 2; offset >= 1; offset /= 2) {
      begin_step(label + " " + std::to_string(offset), "warp", "@shuffle", 0);
      for (int block : blocks)
        for (int t = 0; t < threads; ++t) {
          const int tid = thread_id(block, t);
          const int source = (t % kWarp) + offset < kWarp ? tid + offset : tid;
          const T mine = state_[b.registers][tid];
          const T theirs = read(tid, b.registers, source);
          write(tid, b.registers, tid, op(tid, b.registers, tid, mine, theirs));
        }
    }
  }

  // Thread 0 of each block reads the block's value (shared memory or its register).
  T block_value(const PassBuffers& b, int block) {
    const int tid = thread_id(block, 0);
    return result_in_registers() ? state_[b.registers][tid] : read(tid, b.shared, 0);
  }

  void finish(const PassBuffers& b) {
    if (p_.finish == Finish::Atomic) {
      begin_step("atomic combine", "finish", "@atomic", 0);
      for (int block = 0; block < grid_; ++block)
        atomic(thread_id(block, 0), b.output, 0, block_value(b, block));
      return;
    }
    const int partials = p_.finish == Finish::TwoPass ? b.output : add_partials_for_last_block();
    begin_step(partials == b.output && grid_ == 1 ? "store result" : "store block result", "finish",
               "@store", 0);
    for (int block = 0; block < grid_; ++block)
      write(thread_id(block, 0), partials, block, block_value(b, block));
    if (p_.finish == Finish::LastBlock) last_block_finish(b, partials);
  }

  int add_partials_for_last_block() {
    const int id = add_buffer("partials", MemSpace::Global, grid_, 1, {});
    state_.resize(trace_.buffers.size());
    state_[id].assign(grid_, id_);
    return id;
  }

  // __threadfence, then each block takes a ticket; the block that draws grid-1 knows every partial
  // is visible and reduces them. The model lets block grid-1 finish last.
  void last_block_finish(const PassBuffers& b, int partials) {
    begin_step("take a ticket", "finish", "@ticket", 1);
    for (int block = 0; block < grid_; ++block) atomic(thread_id(block, 0), b.counter, 0, T(1));
    const int last = grid_ - 1;
    begin_step("last block gathers partials", "finish", "@last-gather", 0);
    for (int t = 0; t < block_dim_; ++t) {
      const int tid = thread_id(last, t);
      T acc = id_;
      for (int64_t j = t; j < grid_; j += block_dim_)
        acc = op(tid, b.registers, tid, acc, read(tid, partials, j));
      write(tid, b.registers, tid, acc);
    }
    block_reduce_shuffle(b, "last block: ", {last});
    begin_step("last block writes result", "finish", "@last-write", 0);
    const int tid = thread_id(last, 0);
    write(tid, b.output, 0, state_[b.registers][tid]);
    write(tid, b.counter, 0, T(0));  // reset for the next launch
  }

  const Params& p_;
  Trace& trace_;
  const T id_;
  const bool record_;
  std::vector<std::vector<T>> state_;
  std::vector<Pending> pending_;
  std::string prefix_;
  int block_dim_ = 1, grid_ = 1;
  int64_t n_ = 0;
};

template <class T>
TeachRun teach_typed(const Params& p, const std::vector<double>& values) {
  std::vector<T> typed(values.size());
  for (size_t i = 0; i < values.size(); ++i) typed[i] = static_cast<T>(values[i]);
  TeachRun run;
  ReduceModel<T> model(p, run.trace, true);
  run.result = static_cast<double>(model.run(typed));
  return run;
}

template <class T>
FastRun fast_typed(const Params& p, const T* data, int64_t n, int repeats) {
  const std::vector<T> values(data, data + n);
  std::vector<double> times;
  FastRun run;
  run.n = n;
  for (int r = 0; r < std::max(1, repeats); ++r) {
    Trace unused;
    ReduceModel<T> model(p, unused, false);
    const auto start = std::chrono::steady_clock::now();
    run.result = static_cast<double>(model.run(values));
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    times.push_back(elapsed.count());
  }
  run.median_ms = median(std::move(times));
  run.gbps = static_cast<double>(n) * sizeof(T) / (run.median_ms * 1e6);
  return run;
}

}  // namespace

FastRun fast_cpu(const Params& p, const void* data, int64_t n, int repeats) {
  WS_REQUIRE(n >= 1, std::string("a reduction needs at least one value"));
  WS_REQUIRE(n <= kCpuFastMaxN, "the CPU backend runs at most " + std::to_string(kCpuFastMaxN) +
                                    " values in fast mode, got " + std::to_string(n));
  if (is_global_variant(p.variant)) return fast_global_cpu(p, data, n, repeats);
  return p.type == ValueType::Int32 ? fast_typed(p, static_cast<const int32_t*>(data), n, repeats)
                                    : fast_typed(p, static_cast<const float*>(data), n, repeats);
}

TeachRun teach_cpu(const Params& p, const std::vector<double>& values) {
  WS_REQUIRE(!values.empty(), std::string("a reduction needs at least one value"));
  WS_REQUIRE(static_cast<int64_t>(values.size()) <= kTeachMaxN,
             "teach mode shows at most " + std::to_string(kTeachMaxN) + " values, got " +
                 std::to_string(values.size()));
  if (is_global_variant(p.variant)) return teach_global_cpu(p, values);
  return p.type == ValueType::Int32 ? teach_typed<int32_t>(p, values)
                                    : teach_typed<float>(p, values);
}

double reduce_serial(BinaryOp op, ValueType type, const std::vector<double>& values) {
  if (type == ValueType::Int32) {
    int32_t acc = identity_of<int32_t>(op);
    for (double v : values) acc = apply_op<int32_t>(op, acc, static_cast<int32_t>(v));
    return acc;
  }
  float acc = identity_of<float>(op);
  for (double v : values) acc = apply_op<float>(op, acc, static_cast<float>(v));
  return acc;
}

}  // namespace ws::reduce
