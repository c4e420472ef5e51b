// CPU-only builds: no cuSPARSE (it needs the CUDA backend).
#include <string>

#include "spmv_fast.h"

namespace ws::spmv {

bool cusparse_available(std::string* why) {
  if (why != nullptr)
    *why =
        "cuSPARSE needs the CUDA backend; this build has none (configure with "
        "WARPSCOPE_CUDA=ON)";
  return false;
}

}  // namespace ws::spmv
