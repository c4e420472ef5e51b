// What the single-pass SAT sweeps share (sat_one_pass_sweep.cu, sat_strip_sweep.cu; not part of
// the build): the device line, the copy bandwidth their "% copy" compares with, a random side x
// side u8 image, and variant 5's table of it, timed: the reference every case is checked against.
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

}  // namespace ws::dev
