#include "error.h"

namespace ws {

void throw_error(const std::string& what, const char* expr, const char* file, int line) {
  throw Error(what, std::string(expr) + " at " + file + ":" + std::to_string(line));
}

}  // namespace ws
