// Shared by the reduction tests: the sizes every test sweeps, seeded inputs, and references
// computed with std:: algorithms (int32 with two's-complement wrap-around, float32 in double).
#pragma once

#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "common/inputs.h"
#include "reduce/reduce.h"

namespace ws::test {

// 1..33, then 2^k-1, 2^k, 2^k+1 up to 4096.
inline std::vector<int64_t> sweep_sizes() {
  std::vector<int64_t> sizes;
  for (int64_t n = 1; n <= 33; ++n) sizes.push_back(n);
  for (int64_t p = 64; p <= 4096; p *= 2)
    for (int64_t n : {p - 1, p, p + 1})
      if (n <= reduce::kTeachMaxN) sizes.push_back(n);
  return sizes;
}

// The shared-memory variants 1-7, which take any size and every finish. The global-memory
// variants 8-10 take the sizes their books launch: test_reduce_global_cpu.cpp.
inline std::vector<reduce::Variant> all_variants() {
  std::vector<reduce::Variant> v;
  for (const auto& info : reduce::variant_infos())
    if (!reduce::is_global_variant(info.variant)) v.push_back(info.variant);
  return v;
}

// Reference by std::accumulate. Integers wrap like the kernels (computed in uint32).
inline double std_reference(BinaryOp op, ValueType type, const std::vector<double>& values) {
  if (type == ValueType::Int32) {
    const uint32_t init = static_cast<uint32_t>(identity_of<int32_t>(op));
    const uint32_t r =
        std::accumulate(values.begin(), values.end(), init, [op](uint32_t acc, double x) {
          const uint32_t v = static_cast<uint32_t>(static_cast<int32_t>(x));
          switch (op) {
            case BinaryOp::Sum:
              return acc + v;
            case BinaryOp::Product:
              return acc * v;
            case BinaryOp::Min:
              return static_cast<uint32_t>(
                  std::min(static_cast<int32_t>(acc), static_cast<int32_t>(v)));
            default:
              return static_cast<uint32_t>(
                  std::max(static_cast<int32_t>(acc), static_cast<int32_t>(v)));
          }
        });
    return static_cast<int32_t>(r);
  }
  if (op == BinaryOp::Min) return *std::min_element(values.begin(), values.end());
  if (op == BinaryOp::Max) return *std::max_element(values.begin(), values.end());
  if (op == BinaryOp::Sum) return std::accumulate(values.begin(), values.end(), 0.0);
  return std::accumulate(values.begin(), values.end(), 1.0, std::multiplies<double>());
}

// float32 tolerance: tol + |ref| * eps, with eps grown by the depth of the reduction.
inline double float_tolerance(BinaryOp op, const std::vector<double>& values, double reference) {
  if (op == BinaryOp::Min || op == BinaryOp::Max) return 0;
  const double depth = std::max(1.0, std::log2(static_cast<double>(values.size())) + 1);
  if (op == BinaryOp::Product) return 1e-30 + std::fabs(reference) * 1.2e-7 * values.size();
  double magnitude = 0;
  for (double v : values) magnitude += std::fabs(v);
  return 1e-6 + magnitude * 1.2e-7 * depth;
}

}  // namespace ws::test
