// A long load or computation stopped because the user asked it to (a Cancel button): not a
// problem with the input, so callers leave everything as it was and say nothing alarming.
#pragma once

#include "error.h"

namespace ws {

class Cancelled : public Error {
 public:
  using Error::Error;
};

}  // namespace ws
