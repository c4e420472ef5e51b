// Internal to kernels/lab: a shared array's name, type and size from its WS_SHARED declaration.
#pragma once

#include <string>

#include "lab.h"

namespace ws::lab {

// The declaration on `line` of `source`; size 0 when it cannot be evaluated, name "shared@<line>"
// when the line holds no WS_SHARED.
SharedArray parse_shared_declaration(const std::string& source, int line);

}  // namespace ws::lab
