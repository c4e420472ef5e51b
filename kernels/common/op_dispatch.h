// Run-time operator and value type to compile-time ones, in one place (as CUB's dispatch layer
// does): every kernel is a template over the operator and the element type, and the host picks
// the instantiation here. CUDA-free, so .cpp and .cu files include it alike; the dispatch itself
// runs on the host.
//
//   dispatch_op(p.op, [&](auto op) { return kernel_for<T, decltype(op)::value>(v); });
//   dispatch_type(p.type, [&](auto tag) { using T = typename decltype(tag)::type; ... });
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "binary_op.h"
#include "error.h"

namespace ws {

template <BinaryOp Op>
using OpConstant = std::integral_constant<BinaryOp, Op>;

// The element type as a value: `typename decltype(tag)::type` names it.
template <class T>
struct TypeTag {
  using type = T;
};

// Returns f(OpConstant<op>{}); every branch must return the same type.
template <class F>
auto dispatch_op(BinaryOp op, F&& f) {
  switch (op) {
    case BinaryOp::Sum:
      return f(OpConstant<BinaryOp::Sum>{});
    case BinaryOp::Product:
      return f(OpConstant<BinaryOp::Product>{});
    case BinaryOp::Min:
      return f(OpConstant<BinaryOp::Min>{});
    case BinaryOp::Max:
      return f(OpConstant<BinaryOp::Max>{});
  }
  throw Error("unknown operator " + std::to_string(static_cast<int>(op)));
}

// Returns f(TypeTag<int32_t>{}) or f(TypeTag<float>{}); every branch must return the same type.
// Float64 (the SpMV scene's, which dispatches by itself) throws.
template <class F>
auto dispatch_type(ValueType type, F&& f) {
  switch (type) {
    case ValueType::Int32:
      return f(TypeTag<int32_t>{});
    case ValueType::Float32:
      return f(TypeTag<float>{});
    case ValueType::Float64:  // no operator scene instantiates double: refused below
      break;
  }
  throw Error("unknown value type " + std::to_string(static_cast<int>(type)));
}

}  // namespace ws
