// Launch plans of the global-memory variants (8-10) and the books' request count.
#include <algorithm>
#include <string>

#include "../common/block_dim.h"
#include "../common/error.h"
#include "reduce_global.h"

namespace ws::reduce {

namespace {

constexpr int kBookMaxN = 2 * kMaxBlockDim;  // one block of N/2 threads
constexpr int kFastDefaultBlock = kMaxBlockDim;
constexpr int kTeachDefaultBlock = 256;

int64_t next_power_of_two(int64_t x) {
  int64_t p = 1;
  while (p < x) p *= 2;
  return p;
}

bool is_book_variant(Variant v) {
  return v == Variant::SimpleGlobal || v == Variant::ConvergentGlobal;
}

// Threads per block of a pass over `count` inputs when the first pass may use `block`.
int pass_block_dim(Variant v, int block, int64_t count) {
  const int64_t cover = next_power_of_two(count);
  const int64_t wanted = is_book_variant(v) ? std::max<int64_t>(1, cover / 2) : cover;
  return static_cast<int>(std::min<int64_t>(block, wanted));
}

void require_two_pass(const Params& p) {
  WS_REQUIRE(p.finish == Finish::TwoPass,
             std::string("--finish ") + finish_name(p.finish) + " for variant '" +
                 info(p.variant).id +
                 "': its thread 0 writes the block's value and a second launch combines them "
                 "(only two-pass)");
}

void require_teach_size(const Params& p, int64_t n) {
  const std::string id = info(p.variant).id;
  if (is_book_variant(p.variant)) {
    WS_REQUIRE(is_power_of_two(n) && n >= 2 && n <= kBookMaxN,
               "--n " + std::to_string(n) + " for variant '" + id +
                   "': the book's kernel runs one block of N/2 threads without bounds checks, so "
                   "N must be a power of two from 2 to " +
                   std::to_string(kBookMaxN));
    WS_REQUIRE(p.block_dim == 0 || p.block_dim == n / 2,
               "--block " + std::to_string(p.block_dim) + " for variant '" + id +
                   "': the book's kernel runs one block of N/2 = " + std::to_string(n / 2) +
                   " threads (leave --block out)");
    return;
  }
  WS_REQUIRE(is_power_of_two(n),
             "--n " + std::to_string(n) + " for variant '" + id +
                 "': CS344's reduce_global has no bounds check and reduces "
                 "exactly blocks * threads inputs, so N must be a power of two");
  if (p.block_dim != 0) require_block_dim(p.block_dim, 1, "variant '" + id + "'");
}

}  // namespace

int global_teach_block_dim(const Params& p, int64_t n) {
  require_two_pass(p);
  require_teach_size(p, n);
  if (is_book_variant(p.variant)) return static_cast<int>(n / 2);
  return pass_block_dim(p.variant, p.block_dim != 0 ? p.block_dim : kTeachDefaultBlock, n);
}

std::vector<GlobalPass> plan_global_passes(const Params& p, int64_t n, bool teach) {
  WS_REQUIRE(is_global_variant(p.variant),
             std::string("not a global-memory reduction variant: ") + info(p.variant).id);
  WS_REQUIRE(n >= 1, std::string("a reduction needs at least one value"));
  require_two_pass(p);
  int block = 0;
  if (teach) {
    block = global_teach_block_dim(p, n);
  } else {
    if (p.block_dim != 0)
      require_block_dim(p.block_dim, 1, std::string("variant '") + info(p.variant).id + "'");
    block = p.block_dim != 0 ? p.block_dim : kFastDefaultBlock;
  }
  std::vector<GlobalPass> passes;
  for (int64_t count = n;;) {
    GlobalPass s;
    s.block_dim = pass_block_dim(p.variant, block, count);
    s.span = is_book_variant(p.variant) ? 2 * int64_t{s.block_dim} : s.block_dim;
    const int64_t grid = (count + s.span - 1) / s.span;
    WS_REQUIRE(grid <= (int64_t{1} << 31) - 1,
               std::to_string(count) + " values need more blocks than a launch allows");
    s.grid_dim = static_cast<int>(grid);
    s.n = grid * s.span;
    s.last = grid == 1;
    passes.push_back(s);
    if (s.last) break;
    count = grid;
  }
  return passes;
}

int64_t book_requests(const Trace& trace, const Counters& counters) {
  int64_t lines = 0;
  for (size_t s = 0; s < trace.steps.size() && s < counters.per_step.size(); ++s)
    if (trace.steps[s].phase == "tree") lines += counters.per_step[s].global_lines;
  return lines;
}

}  // namespace ws::reduce
