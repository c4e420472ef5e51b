// The full-size launches of the five variants (CUDA builds only): one plane of w x h samples in,
// one out, on the legacy default stream. Samples are u8 or f32 in; out is f32 (the sum) or u8
// (the sum through FilterSpec's post rule, Post::Magnitude excluded: the engine combines two f32
// planes for it). Each variant's .cu file holds its kernel and its launch.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "convolution.h"

namespace ws::conv {

struct LaunchArgs {
  const void* in = nullptr;
  void* out = nullptr;
  bool in_u8 = false, out_u8 = false;  // u8 -> u8, u8 -> f32, f32 -> f32
  int width = 0, height = 0;
  Boundary boundary = Boundary::Zero;
  int post = 0;  // Post::None or Post::Absolute for u8 output
  float bias = 0;
};

// Throws ws::Error for a radius the variant does not take.
void launch_basic(const LaunchArgs& a, const Filter& f);
void launch_constant(const LaunchArgs& a, const Filter& f);
void launch_tiled_input(const LaunchArgs& a, const Filter& f);
void launch_tiled_output(const LaunchArgs& a, const Filter& f);
// Separable (two passes in one kernel) when separate(f) splits it, else the register-strip
// direct kernel.
void launch_fast(const LaunchArgs& a, const Filter& f);
void launch_variant(Variant v, const LaunchArgs& a, const Filter& f);

// One f32 plane through a variant on the device, back on the host (the GPU tests).
std::vector<float> filter_plane_cuda(Variant v, const Plane& in, const Filter& f, Boundary b);
// The same plane through NPP's nppiFilterBorder_32f_C1R (border replicate), or nothing with
// `note` saying why (no libnppif, no symbol).
std::optional<std::vector<float>> npp_filter_plane(const Plane& in, const Filter& f,
                                                   std::string& note);

// The traced teach kernels of each variant (conv_<variant>.cu): the twin's run, its events
// replaced by the GPU's and its output by the GPU's.
TeachRun teach_cuda_basic(const TeachParams& p, const Plane& in, const Filter& f);
TeachRun teach_cuda_constant(const TeachParams& p, const Plane& in, const Filter& f);
TeachRun teach_cuda_tiled_input(const TeachParams& p, const Plane& in, const Filter& f);
TeachRun teach_cuda_tiled_output(const TeachParams& p, const Plane& in, const Filter& f);
TeachRun teach_cuda_fast(const TeachParams& p, const Plane& in, const Filter& f);

}  // namespace ws::conv
