#include "cuda_library.h"

#include <dlfcn.h>

#include <cstdlib>

namespace ws {

CudaLibrary::CudaLibrary(std::string what, std::initializer_list<const char*> sonames,
                         std::vector<std::string> dirs) {
  dirs.insert(dirs.begin(), "");  // the loader's own search path
  for (const std::string& dir : dirs) {
    for (const char* name : sonames) {
      handle_ = dlopen((dir + name).c_str(), RTLD_NOW | RTLD_LOCAL);
      if (handle_ != nullptr) {
        path_ = dir + name;
        return;
      }
    }
  }
  absent_ = what + " not found (tried ";
  for (const char* name : sonames) absent_ += std::string(name) + ", ";
  absent_.resize(absent_.size() - 2);
  absent_ += " on the loader's path";
  for (size_t i = 1; i < dirs.size(); ++i) absent_ += (i == 1 ? " and in " : ", ") + dirs[i];
  absent_ += ")";
}

void* CudaLibrary::raw_symbol(const char* name) const {
  return handle_ != nullptr ? dlsym(handle_, name) : nullptr;
}

std::vector<std::string> cuda_toolkit_library_dirs() {
  std::vector<std::string> dirs;
  if (const char* home = std::getenv("CUDA_HOME")) dirs.push_back(std::string(home) + "/lib64/");
  dirs.push_back("/usr/local/cuda/lib64/");
  return dirs;
}

}  // namespace ws
