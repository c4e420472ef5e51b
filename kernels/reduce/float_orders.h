// The float lesson: the same float32 data summed in different orders gives different answers.
// Serial order, pairwise tree order, atomic (arrival) order and Kahan-compensated order, each
// compared with a double-precision reference.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ws::reduce {

struct OrderedSum {
  std::string order;  // "serial", "tree", "atomic", "kahan"
  std::string how;    // one line: what order this is
  float value = 0;
  double error = 0;  // value - reference
};

struct FloatOrderLesson {
  double reference = 0;  // sum in double precision (exact enough to judge float32 answers)
  std::vector<OrderedSum> sums;
};

// `block` is the number of values one block combines before its atomic: the atomic order is the
// blocks' results added in a shuffled arrival order (seeded) — the GPU's order changes per run.
FloatOrderLesson float_order_lesson(const std::vector<double>& values, int block, uint64_t seed);

}  // namespace ws::reduce
