// What both heat modes answer alike, over the kit's mode they are (HeatMode<LiveMode<...>>,
// HeatMode<TracedMode<...>>): the lecture keys choose among the variants of the grid's dimension,
// and the benchmark is the same from either mode (bench/stencil_bench.h), with the grids its
// fast-mode panel offers (2D N x N, 3D N^3; 1024 x 1024 first, quick on any backend).
#pragma once

#include <string>
#include <vector>

#include "heat_settings.h"
#include "stencil_bench.h"

namespace ws::app {

template <class Base>
class HeatMode : public Base {
 public:
  HeatMode() {
    this->fast_.set_size_choices(
        {"1024", "2048", "4096", "8192", "128x128x128", "256x256x256", "512x512x512"}, 0);
  }
  std::vector<std::string> lecture_variants() const override {
    return heat_variants(this->settings().grid.dim);
  }
  BenchJob bench_job(const BenchRequest& request) const override {
    return bench::heat_bench_job(request);
  }
};

}  // namespace ws::app
