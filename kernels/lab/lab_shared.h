// Internal to kernels/lab: a shared array's name, type and size from its WS_SHARED declaration.
#pragma once

#include <string>

#include "lab.h"

namespace ws::lab {

// The declaration on `line` of `source`; size 0 when it cannot be evaluated, name "shared@<line>"
// when the line holds no WS_SHARED.
SharedArray parse_shared_declaration(const std::string& source, int line);

// An integer constant of `source` (`#define NAME value`, `const int NAME = value;`, constexpr),
// evaluated from literals and the source's other constants. defined: the source has one; ok: its
// value could be evaluated (text: as written).
struct SourceConstant {
  bool defined = false, ok = false;
  long long value = 0;
  std::string text;
};
SourceConstant source_constant(const std::string& source, const std::string& name);

}  // namespace ws::lab
