// The in-process memory of NVRTC builds (see nvrtc_compile_cached in lab_cuda_nvrtc.h).
#include <map>
#include <mutex>

#include "lab_cuda_nvrtc.h"

namespace ws::lab {

namespace {

std::string nvrtc_request_key(const NvrtcRequest& r) {
  std::string key = r.arch + '\n' + r.kernel + '\n' + r.file_name + '\n' + r.program_name + '\n';
  for (const std::string& d : r.defines) key += d + '\n';
  return key + r.source;
}

}  // namespace

NvrtcBuild nvrtc_compile_cached(const NvrtcRequest& request) {
  static std::mutex mutex;
  static std::map<std::string, NvrtcBuild> builds;
  const std::string key = nvrtc_request_key(request);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = builds.find(key);
    if (it != builds.end()) return it->second;
  }
  NvrtcBuild build = nvrtc_compile(request);
  if (!nvrtc_available()) return build;  // nothing to remember
  std::lock_guard<std::mutex> lock(mutex);
  if (builds.size() >= 32) builds.clear();
  builds.emplace(key, build);
  return build;
}

}  // namespace ws::lab
