// A teach run checked against the serial loop, and the parameters of one variant run beside
// another's (shared by both backends).
#include <algorithm>
#include <cmath>

#include "../common/error.h"
#include "scan.h"

namespace ws::scan {

namespace {

bool same_value(double a, double b, ValueType type, BinaryOp op) {
  if (a == b || (std::isnan(a) && std::isnan(b))) return true;
  // Float sums and products in another order round differently: not an error.
  if (type == ValueType::Float32 && (op == BinaryOp::Sum || op == BinaryOp::Product))
    return std::fabs(a - b) <= 1e-4 * std::max(1.0, std::fabs(b));
  return false;
}

}  // namespace

SerialCheck check_against_serial(const Params& p, const std::vector<double>& input,
                                 const std::vector<double>& result) {
  SerialCheck c;
  c.reference = scan_serial(p.op, p.type, p.inclusive, input);
  c.wrong.assign(c.reference.size(), false);
  for (size_t i = 0; i < c.reference.size(); ++i) {
    const double got = i < result.size() ? result[i] : NAN;
    c.wrong[i] = !same_value(got, c.reference[i], p.type, p.op);
    c.wrong_count += c.wrong[i];
    c.rounded_count += !c.wrong[i] && got != c.reference[i];
  }
  if (p.type == ValueType::Int32 && (p.op == BinaryOp::Sum || p.op == BinaryOp::Product)) {
    long double exact = p.op == BinaryOp::Sum ? 0 : 1;
    for (size_t i = 0; i < input.size(); ++i) {
      const long double before = exact;
      exact = p.op == BinaryOp::Sum ? exact + input[i] : exact * input[i];
      const long double shown = p.inclusive ? exact : before;
      c.wrapped_count += shown > 2147483647.0L || shown < -2147483648.0L;
    }
  }
  return c;
}

Params params_for_variant(const Params& base, Variant variant, int64_t n) {
  Params p = base;
  p.variant = variant;
  if (variant == Variant::KoggeStoneExclusive) p.inclusive = false;
  if (variant != Variant::KoggeStone) p.race = false;
  try {
    validate(p, n, true);
  } catch (const Error&) {
    p.block_dim = 0;  // the chosen block size does not suit this variant: let it choose
  }
  return p;
}

}  // namespace ws::scan
