#include "binary_op.h"

namespace ws {

const char* op_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::Sum:
      return "sum";
    case BinaryOp::Product:
      return "product";
    case BinaryOp::Min:
      return "min";
    default:
      return "max";
  }
}

const char* op_symbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::Sum:
      return "+";
    case BinaryOp::Product:
      return "\xC3\x97";  // multiplication sign, UTF-8
    case BinaryOp::Min:
      return "min";
    default:
      return "max";
  }
}

std::optional<BinaryOp> parse_op(const std::string& name) {
  for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max})
    if (name == op_name(op)) return op;
  return std::nullopt;
}

const char* type_name(ValueType type) {
  switch (type) {
    case ValueType::Int32:
      return "int32";
    case ValueType::Float32:
      return "float32";
    case ValueType::Float64:
      return "float64";
  }
  return "unknown";
}

std::optional<ValueType> parse_type(const std::string& name) {
  if (name == "int32" || name == "int") return ValueType::Int32;
  if (name == "float32" || name == "float") return ValueType::Float32;
  return std::nullopt;
}

}  // namespace ws
