// Which implementation runs an algorithm: the CUDA kernels, or the CPU reference that emits the
// same trace. CUDA is chosen when a device is present; the CPU backend runs everything else.
#pragma once

#include <string>

namespace ws {

enum class Backend { Cpu, Cuda };

inline const char* backend_name(Backend b) {
  return b == Backend::Cuda ? "cuda" : "cpu";
}
inline bool parse_backend(const std::string& s, Backend& out) {
  if (s == "cpu")
    out = Backend::Cpu;
  else if (s == "cuda")
    out = Backend::Cuda;
  else
    return false;
  return true;
}

}  // namespace ws
