// The SpMV scene's kernel-made texts, for the catalog and the tests.
#pragma once

#include <vector>

namespace ws::app {

const std::vector<const char*>& spmv_kernel_text_keys();

}  // namespace ws::app
