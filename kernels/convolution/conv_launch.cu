// The CUDA side's dispatch: a variant's full-size launch, and teach mode's traced kernels (each
// checked against and shaped by its CPU twin).
#include "../common/cuda_device.h"
#include "conv_cuda.cuh"

namespace ws::conv {

void launch_variant(Variant v, const LaunchArgs& a, const Filter& f) {
  switch (v) {
    case Variant::Basic:
      return launch_basic(a, f);
    case Variant::ConstantMemory:
      return launch_constant(a, f);
    case Variant::TiledInput:
      return launch_tiled_input(a, f);
    case Variant::TiledOutput:
      return launch_tiled_output(a, f);
    case Variant::Fast:
      return launch_fast(a, f);
  }
  throw Error("unknown convolution variant " + std::to_string(int(v)));
}

std::vector<float> filter_plane_cuda(Variant v, const Plane& in, const Filter& f, Boundary b) {
  DeviceBuffer<float> input(in.values.size()), output(in.values.size());
  input.upload(in.values);
  LaunchArgs a;
  a.in = input.data();
  a.out = output.data();
  a.width = in.width, a.height = in.height;
  a.boundary = b;
  launch_variant(v, a, f);
  return output.download();
}

TeachRun teach_cuda(const TeachParams& params, const Plane& input, const Filter& filter) {
  check_teach_request(params, input, filter);
  if (!cuda_device_available())
    throw Error("teach mode on CUDA needs a device: " + cuda_device_description());
  switch (params.variant) {
    case Variant::Basic:
      return teach_cuda_basic(params, input, filter);
    case Variant::ConstantMemory:
      return teach_cuda_constant(params, input, filter);
    case Variant::TiledInput:
      return teach_cuda_tiled_input(params, input, filter);
    case Variant::TiledOutput:
      return teach_cuda_tiled_output(params, input, filter);
    case Variant::Fast:
      return teach_cuda_fast(params, input, filter);
  }
  throw Error("no traced CUDA kernel for this variant");
}

}  // namespace ws::conv
