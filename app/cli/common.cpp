#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "common/error.h"
#include "common/device_services.h"
#if defined(WARPSCOPE_HAVE_CUDA)
#include "common/cuda_device.h"
#endif

namespace ws::app {

nlohmann::json scene_args_to_json(const std::vector<std::string>& extras) {
  nlohmann::json params = nlohmann::json::object();
  for (size_t i = 0; i < extras.size(); ++i) {
    const std::string& arg = extras[i];
    WS_REQUIRE(arg.rfind("--", 0) == 0 && arg.size() > 2,
               "unexpected argument '" + arg + "' (scene options look like --name value)");
    std::string key = arg.substr(2), value;
    const size_t eq = key.find('=');
    if (eq != std::string::npos) {
      value = key.substr(eq + 1);
      key = key.substr(0, eq);
    } else if (i + 1 < extras.size() && extras[i + 1].rfind("--", 0) != 0) {
      value = extras[++i];
    } else {
      value = "true";
    }
    params[key] = value;
  }
  return params;
}

int resolve_step(const std::string& text, int count) {
  if (text == "last") return count - 1;
  char* end = nullptr;
  const long k = std::strtol(text.c_str(), &end, 10);
  WS_REQUIRE(!text.empty() && end && *end == '\0',
             "--step expects a step number, 'last' or 'all', got '" + text + "'");
  WS_REQUIRE(k >= 1 && k <= count,
             "--step " + text + " is outside this run's steps 1.." + std::to_string(count));
  return static_cast<int>(k - 1);
}

namespace {

bool cuda_device_present() {
#if defined(WARPSCOPE_HAVE_CUDA)
  return cuda_device_available();
#else
  return false;
#endif
}

}  // namespace

Backend choose_backend(const std::string& requested, bool quiet) {
  if (requested == "cpu") return Backend::Cpu;
  if (requested == "cuda") {
    WS_REQUIRE(backend_built(Backend::Cuda),
               std::string("--backend cuda: this warpscope was built without CUDA"));
    WS_REQUIRE(cuda_device_present(), std::string("--backend cuda: no CUDA device was found"));
    return Backend::Cuda;
  }
  WS_REQUIRE(requested.empty(), "--backend: expected cpu or cuda, got '" + requested + "'");
  if (cuda_device_present()) return Backend::Cuda;
  if (!quiet) std::fprintf(stderr, "warpscope: no CUDA device; running on the CPU backend\n");
  return Backend::Cpu;
}

}  // namespace ws::app
