// Errors for users: what() says what was wrong, where (file, line, option) and what is accepted;
// detail() carries, for developers, the failed check and its source location ("expr at
// file:line"), which the CLI prints only with --verbose. Checks stay on in Release builds; callers
// catch ws::Error, show the message, and keep running.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace ws {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, std::string detail = {})
      : std::runtime_error(message), detail_(std::move(detail)) {}
  // The failed check and where it is in the source; empty for errors thrown by hand.
  const std::string& detail() const { return detail_; }

 private:
  std::string detail_;
};

[[noreturn]] void throw_error(const std::string& what, const char* expr, const char* file,
                              int line);

}  // namespace ws

// Throws ws::Error with `message` (a std::string expression) for the user, the failed condition
// and its source location as the detail.
#define WS_REQUIRE(cond, message)                                         \
  do {                                                                    \
    if (!(cond)) ::ws::throw_error((message), #cond, __FILE__, __LINE__); \
  } while (0)
