// The global-memory scene's kernel-made texts, for the catalog and the tests.
#pragma once

#include <iterator>
#include <vector>

namespace ws::app {

const std::vector<const char*>& memory_kernel_text_keys();

}  // namespace ws::app
