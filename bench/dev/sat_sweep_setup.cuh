// What the single-pass SAT sweeps share (sat_one_pass_sweep.cu, sat_strip_sweep.cu; not part of
// the build): the device line, the copy bandwidth their "% copy" compares with, a random side x
// side u8 image, and variant 5's table of it, timed: the reference every case is checked against;
// measure_sat_case, one case's check and timing.
#pragma once

#include <cstdio>

#include "dev_common.cuh"
#include "sat/sat_launch.h"

namespace ws::dev {

struct SatSweepSetup {
  int side;
  size_t n;
  double copy_gbps = 0;
  Dev in, out, ref;  // the image, a case's table, variant 5's table

  SatSweepSetup(int side_, int reps)
      : side(side_), n(size_t(side_) * side_), in(n), out(4 * n), ref(4 * n) {
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    std::printf("%s, %d SMs; %d x %d u8 -> u32, %d repeats\n", prop.name, prop.multiProcessorCount,
                side, side, reps);
    copy_gbps = ws::dev::copy_gbps(reps, 52);
    fill_random_bytes<<<1024, 256>>>(in.as<uint8_t>(), n);
    using namespace ws::sat;
    Dev scratch(sat_scratch_bytes(Variant::RegisterTiled, Accum::U8U32, side, side));
    const double v5 = median_ms(
        [&] {
          launch_sat(Variant::RegisterTiled, Accum::U8U32, in.p, ref.p, side, side, scratch.p, 0);
        },
        reps);
    std::printf("%-52s %8.4f ms  %6.1f%% copy\n", "variant 5 (the app's, three launches)", v5,
                100.0 * 5.0 * double(n) / v5 / 1e6 / copy_gbps);
  }
};

// One case: the table cleared, one run checked against the reference, the median of `reps` runs,
// the last run checked again, and the case's line (print_sat_case).
template <class Launch>
void measure_sat_case(const char* name, Launch&& launch, const SatSweepSetup& setup, int reps,
                      bool timing_only) {
  const int64_t pixels = int64_t(setup.n);
  uint32_t* out = setup.out.as<uint32_t>();
  const uint32_t* ref = setup.ref.as<uint32_t>();
  CK(cudaMemset(out, 0, size_t(pixels) * 4));
  launch();
  CK(cudaDeviceSynchronize());
  const int64_t bad1 = first_difference(out, ref, pixels);
  const double ms = median_ms(launch, reps);
  const int64_t bad2 = first_difference(out, ref, pixels);
  print_sat_case(name, ms, pixels, setup.copy_gbps, timing_only, bad1, bad2);
}

}  // namespace ws::dev
