// Inputs every scene offers: typed values ("3 1 7 0 4 1 6 3"), and seeded random data from a few
// distributions. Values are kept as doubles that hold int32, float32 or float64 values exactly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "binary_op.h"

namespace ws {

enum class Distribution : uint8_t { Uniform, AllEqual, Sorted, FewHuge };

const char* distribution_name(Distribution d);
bool parse_distribution(const std::string& name, Distribution& out);

// Parses whitespace- or comma-separated numbers. Throws ws::Error naming the first token that is
// not a number of `type` (for int32: an integer within range; for float32 and float64: a finite
// number, rounded to float32 for float32).
std::vector<double> parse_values(const std::string& text, ValueType type);

// Deterministic for a given (distribution, type, n, seed) on every platform.
std::vector<double> generate_values(Distribution d, ValueType type, int64_t n, uint64_t seed);

// The same, written straight into a typed array (fast mode sizes: no doubles in between).
void generate_typed(Distribution d, ValueType type, int64_t n, uint64_t seed, void* out);

// Formats a value the way cells show it: integers plainly, floats with up to 4 significant digits.
std::string format_value(double v, ValueType type);
// A value as a cell of an `op` computation shows it: format_value, but the identity of min (the
// largest int32 or float) reads "+∞" and that of max "−∞", so one ten-digit number does not shrink
// every cell's text; "" for NaN (not written).
std::string format_cell_value(double v, BinaryOp op, ValueType type);

}  // namespace ws
