// CPU-only builds: no CUDA device to read limits from or to cross-check occupancy on.
#include <vector>

#include "../common/error.h"
#include "launch.h"

namespace ws::mem {

DeviceLimits cuda_device_limits() {
  throw Error("this build has no CUDA backend: choose a named device (" +
              named_devices().front().name + ", ...) for the occupancy arithmetic");
}

std::vector<OccupancyCheck> occupancy_cross_check() {
  throw Error("this build has no CUDA backend: the occupancy API cross-check needs a device");
}

}  // namespace ws::mem
