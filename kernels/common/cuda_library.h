#pragma once
// A CUDA library loaded at run time (dlopen) so that warpscope runs without it: cuBLAS, cuSPARSE
// and NPP are baselines, never requirements. The first candidate soname that opens wins, looked
// up on the loader's path first and then in each extra directory, in order.
#include <initializer_list>
#include <string>
#include <vector>

namespace ws {

class CudaLibrary {
 public:
  // `what` names the library in messages ("cuBLAS"); `dirs` are tried after the loader's path.
  CudaLibrary(std::string what, std::initializer_list<const char*> sonames,
              std::vector<std::string> dirs = {});

  bool loaded() const { return handle_ != nullptr; }
  const std::string& path() const { return path_; }  // what opened; "" when nothing did
  // "cuBLAS not found (tried libcublas.so.13, libcublas.so on the loader's path and in ...)".
  const std::string& absent_message() const { return absent_; }

  // The entry point `name` cast to the function pointer F; nullptr when absent or not loaded.
  template <class F>
  F symbol(const char* name) const {
    return reinterpret_cast<F>(raw_symbol(name));
  }

 private:
  void* raw_symbol(const char* name) const;
  void* handle_ = nullptr;  // never closed: the library stays loaded for the process
  std::string path_, absent_;
};

// Where the CUDA toolkit keeps its libraries: $CUDA_HOME/lib64/ (when set), /usr/local/cuda/lib64/.
std::vector<std::string> cuda_toolkit_library_dirs();

}  // namespace ws
