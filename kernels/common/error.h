// Errors that carry what failed and where: code, expression, file and line. Checks stay on in
// Release builds; callers catch ws::Error, show the message, and keep running.
#pragma once

#include <stdexcept>
#include <string>

namespace ws {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

[[noreturn]] void throw_error(const std::string& what, const char* expr, const char* file,
                              int line);

}  // namespace ws

// Throws ws::Error naming the failed condition, with `message` (a std::string expression).
#define WS_REQUIRE(cond, message)                                         \
  do {                                                                    \
    if (!(cond)) ::ws::throw_error((message), #cond, __FILE__, __LINE__); \
  } while (0)
