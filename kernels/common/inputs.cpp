#include "inputs.h"

#include <cctype>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <type_traits>

#include "error.h"
#include "split_mix.h"

namespace ws {

const char* distribution_name(Distribution d) {
  switch (d) {
    case Distribution::Uniform:
      return "uniform";
    case Distribution::AllEqual:
      return "equal";
    case Distribution::Sorted:
      return "sorted";
    default:
      return "few-huge";
  }
}

bool parse_distribution(const std::string& name, Distribution& out) {
  for (Distribution d : {Distribution::Uniform, Distribution::AllEqual, Distribution::Sorted,
                         Distribution::FewHuge}) {
    if (name == distribution_name(d)) {
      out = d;
      return true;
    }
  }
  return false;
}

std::vector<double> parse_values(const std::string& text, ValueType type) {
  std::vector<double> values;
  size_t i = 0;
  int index = 0;
  bool after_comma = false;
  while (i < text.size()) {
    while (i < text.size() &&
           (std::isspace(static_cast<unsigned char>(text[i])) || text[i] == ',')) {
      WS_REQUIRE(!(text[i] == ',' && after_comma),
                 "value " + std::to_string(index + 1) + " is empty (two commas in a row)");
      after_comma = text[i] == ',' ? true : after_comma;
      ++i;
    }
    after_comma = false;
    if (i >= text.size()) break;
    size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
           text[end] != ',')
      ++end;
    const std::string token = text.substr(i, end - i);
    ++index;
    const std::string where = "value " + std::to_string(index) + " '" + token + "'";
    char* stop = nullptr;
    errno = 0;
    if (type == ValueType::Int32) {
      const long long v = std::strtoll(token.c_str(), &stop, 10);
      WS_REQUIRE(stop && *stop == '\0',
                 where +
                     " is not a whole number (int32 values are whole numbers; the type "
                     "float32 takes decimals)");
      WS_REQUIRE(errno == 0 && v >= std::numeric_limits<int32_t>::min() &&
                     v <= std::numeric_limits<int32_t>::max(),
                 where + " does not fit in int32");
      values.push_back(static_cast<double>(v));
    } else if (type == ValueType::Float64) {
      const double v = std::strtod(token.c_str(), &stop);
      WS_REQUIRE(stop && *stop == '\0', where + " is not a number");
      WS_REQUIRE(std::isfinite(v), where + " is not a finite float64");
      values.push_back(v);
    } else {
      const double v = std::strtod(token.c_str(), &stop);
      WS_REQUIRE(stop && *stop == '\0', where + " is not a number");
      const float f = static_cast<float>(v);
      WS_REQUIRE(std::isfinite(f), where + " is not a finite float32");
      values.push_back(static_cast<double>(f));
    }
    i = end;
  }
  return values;
}

namespace {

template <class T>
void fill(Distribution d, int64_t n, uint64_t seed, T* out) {
  SplitMix64 rng{seed};
  constexpr bool kInt = std::is_same_v<T, int32_t>;
  auto uniform = [&]() -> T {
    if constexpr (kInt)
      return static_cast<int32_t>(rng.next() % 19) - 9;  // -9..9: cells fit
    else
      return static_cast<T>(rng.unit());
  };
  switch (d) {
    case Distribution::Uniform:
      for (int64_t i = 0; i < n; ++i) out[i] = uniform();
      break;
    case Distribution::AllEqual:
      for (int64_t i = 0; i < n; ++i) out[i] = T(1);
      break;
    case Distribution::Sorted:
      for (int64_t i = 0; i < n; ++i) {
        if constexpr (kInt)
          out[i] = static_cast<int32_t>(i % 1000);
        else
          out[i] = static_cast<T>(i) / static_cast<T>(n > 1 ? n : 1);
      }
      break;
    case Distribution::FewHuge:
      // Mostly small values and one in 64 huge: floats lose the small ones next to the huge.
      for (int64_t i = 0; i < n; ++i) {
        const bool huge = rng.next() % 64 == 0;
        if constexpr (kInt)
          out[i] = huge ? 1000000 : static_cast<int32_t>(rng.next() % 10);
        else
          out[i] = huge ? T(1.0e8) : static_cast<T>(rng.unit());
      }
      break;
  }
}

}  // namespace

void generate_typed(Distribution d, ValueType type, int64_t n, uint64_t seed, void* out) {
  WS_REQUIRE(n >= 0, "a negative size was asked for");
  if (type == ValueType::Int32)
    fill(d, n, seed, static_cast<int32_t*>(out));
  else if (type == ValueType::Float64)
    fill(d, n, seed, static_cast<double*>(out));
  else
    fill(d, n, seed, static_cast<float*>(out));
}

std::vector<double> generate_values(Distribution d, ValueType type, int64_t n, uint64_t seed) {
  std::vector<double> values(static_cast<size_t>(n));
  if (type == ValueType::Int32) {
    std::vector<int32_t> typed(values.size());
    generate_typed(d, type, n, seed, typed.data());
    for (size_t i = 0; i < typed.size(); ++i) values[i] = typed[i];
  } else if (type == ValueType::Float64) {
    generate_typed(d, type, n, seed, values.data());
  } else {
    std::vector<float> typed(values.size());
    generate_typed(d, type, n, seed, typed.data());
    for (size_t i = 0; i < typed.size(); ++i) values[i] = typed[i];
  }
  return values;
}

std::string format_value(double v, ValueType type) {
  if (std::isnan(v)) return "";
  char buffer[32];
  if (type == ValueType::Int32) {
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buffer, sizeof buffer, "%.4g", v);
  }
  return buffer;
}

std::string format_cell_value(double v, BinaryOp op, ValueType type) {
  if (std::isnan(v)) return "";
  const bool int32 = type == ValueType::Int32;
  if (op == BinaryOp::Min && v == (int32 ? 2147483647.0 : static_cast<double>(FLT_MAX)))
    return "+\xE2\x88\x9E";
  if (op == BinaryOp::Max && v == (int32 ? -2147483648.0 : -static_cast<double>(FLT_MAX)))
    return "\xE2\x88\x92\xE2\x88\x9E";
  return format_value(v, type);
}

}  // namespace ws
