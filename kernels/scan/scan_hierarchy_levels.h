// The hierarchical scan's plan and its CPU mirror (no CUDA): the lengths scanned at each level,
// and the whole hierarchy run with plain loops over a section-scan function, in exactly the order
// of operations of the CUDA driver (scan_hierarchy.cuh), so float results match the GPU's bit for
// bit. Used by the CPU twins' compute paths and by teach mode to plan the levels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/binary_op.h"
#include "../common/error.h"

namespace ws::scan {

// The lengths scanned at each level: n, ceil(n / S), ... down to the first that fits one block.
inline std::vector<int64_t> hierarchy_level_sizes(int64_t n, int64_t section) {
  WS_REQUIRE(n >= 1, "a hierarchical scan needs at least one element, not " + std::to_string(n));
  WS_REQUIRE(section >= 2 || n <= section,
             "a hierarchical scan needs sections of at least 2 elements, not " +
                 std::to_string(section) + ": use a larger block or coarsening");
  std::vector<int64_t> sizes{n};
  while (sizes.back() > section) sizes.push_back((sizes.back() + section - 1) / section);
  return sizes;
}

// scan_section(in, out, count, total): scans count <= section values of `in` into `out`
// (inclusive, or exclusive with out[0] = identity) and sets `total` to all of them combined.
template <class T, class SectionScan>
void cpu_hierarchical_scan(const T* in, T* out, int64_t n, int64_t section, BinaryOp op,
                           bool inclusive, SectionScan&& scan_section) {
  const std::vector<int64_t> sizes = hierarchy_level_sizes(n, section);
  const size_t levels = sizes.size();
  std::vector<std::vector<T>> sums(levels), scanned(levels);
  std::vector<T*> result(levels);
  const T* source = in;
  for (size_t level = 0; level < levels; ++level) {
    const int64_t size = sizes[level];
    const int64_t blocks = (size + section - 1) / section;
    sums[level].resize(static_cast<size_t>(blocks));
    if (level > 0) scanned[level].resize(static_cast<size_t>(size));
    result[level] = level == 0 ? out : scanned[level].data();
    for (int64_t b = 0; b < blocks; ++b) {
      const int64_t first = b * section;
      const int64_t count = first + section < size ? section : size - first;
      scan_section(source + first, result[level] + first, count, sums[level][b]);
    }
    source = sums[level].data();
  }
  for (size_t level = levels - 1; level-- > 0;) {
    const int64_t size = sizes[level];
    const T* carries = result[level + 1];
    for (int64_t i = section; i < size; ++i) {
      const int64_t block = i / section;
      result[level][i] = apply_op<T>(op, carries[inclusive ? block - 1 : block], result[level][i]);
    }
  }
}

}  // namespace ws::scan
