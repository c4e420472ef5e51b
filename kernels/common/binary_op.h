// The associative operators every reduction/scan scene offers, usable on host and device.
#pragma once

#include <cfloat>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>

#include "host_device.h"

namespace ws {

enum class BinaryOp : uint8_t { Sum = 0, Product = 1, Min = 2, Max = 3 };
// Float64: the SpMV scene's double-precision values (its traces and counters: 8-byte elements);
// the scenes that parse a type with parse_type take int32 and float32 only.
enum class ValueType : uint8_t { Int32 = 0, Float32 = 1, Float64 = 2 };

template <class T>
WS_HD T apply_op(BinaryOp op, T a, T b) {
  switch (op) {
    case BinaryOp::Sum:
      return a + b;
    case BinaryOp::Product:
      return a * b;
    case BinaryOp::Min:
      return b < a ? b : a;
    default:
      return a < b ? b : a;
  }
}

template <class T>
WS_HD T identity_of(BinaryOp op);

template <>
WS_HD int32_t identity_of<int32_t>(BinaryOp op) {
  switch (op) {
    case BinaryOp::Sum:
      return 0;
    case BinaryOp::Product:
      return 1;
    case BinaryOp::Min:
      return INT_MAX;
    default:
      return INT_MIN;
  }
}

template <>
WS_HD float identity_of<float>(BinaryOp op) {
  switch (op) {
    case BinaryOp::Sum:
      return 0.0f;
    case BinaryOp::Product:
      return 1.0f;
    case BinaryOp::Min:
      return FLT_MAX;
    default:
      return -FLT_MAX;
  }
}

// Integer sum and product wrap around (two's complement) on both backends: computed in uint32.
template <>
WS_HD int32_t apply_op<int32_t>(BinaryOp op, int32_t a, int32_t b) {
  switch (op) {
    case BinaryOp::Sum:
      return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
    case BinaryOp::Product:
      return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
    case BinaryOp::Min:
      return b < a ? b : a;
    default:
      return a < b ? b : a;
  }
}

const char* op_name(BinaryOp op);
const char* op_symbol(BinaryOp op);
std::optional<BinaryOp> parse_op(const std::string& name);
const char* type_name(ValueType type);  // "int32", "float32", "float64"
// int32/int and float32/float (not float64: the scenes that call it run int32 and float32 only).
std::optional<ValueType> parse_type(const std::string& name);

}  // namespace ws
