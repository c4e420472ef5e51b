// The filter mode's computation, apart from the scene so it can run on a worker thread
// (scene_kit/background_work.h): read the input image (and a depth map), build the table and
// filter on an engine, and a second method's image when comparing. Nothing here touches the
// scene, GL or ImGui.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sat/sat.h"
#include "scene_kit/background_work.h"
#include "scenes/sat/sat_input.h"

namespace ws::app {

// The input as the filter reads it: the samples, as bytes too, and what it was read from.
struct SatFilterImage {
  ImageInput input;
  std::vector<uint8_t> bytes;  // channel-major, input.bytes_planes()
  std::string key;             // sat_filter_input_key of the settings it was read for
};

// What identifies the input in the settings (values, image, random size and seed, colour).
std::string sat_filter_input_key(const SatSettings& s);

// Reads the settings' input (sides up to sat::kMaxSide); throws ws::Error naming the problem.
std::shared_ptr<const SatFilterImage> read_sat_filter_image(const SatSettings& s);

// One run of the filter on an engine that holds the image (and the depth map).
struct SatFilterRun {
  std::vector<uint8_t> compared;  // the compare method's image, when s.compare
  int64_t compare_differing = 0;  // samples where it differs from the filtered image
  double compare_ms = 0, run_ms = 0;
  std::vector<uint8_t> filtered;  // the filtered image on the host (read when comparing or
  bool filtered_on_host = false;  // when `to_host`; else the engine keeps it)
};

// The compare method first (its pixels copied to the host), then s.method, whose output the
// engine keeps. `control` (optional) stops the work between the two when cancelled.
SatFilterRun run_sat_filter(sat::Engine& engine, const SatSettings& s, bool to_host,
                            const WorkControl* control = nullptr);

// What a job took and gave: the settings it ran with, the input and depth map it read, the CPU
// engine it filtered on (null on CUDA) and the run.
struct SatFilterJob {
  SatSettings settings;
  std::shared_ptr<const SatFilterImage> image;
  std::shared_ptr<const std::vector<float>> depth;  // under depth of field
  std::string depth_key;
  std::unique_ptr<sat::Engine> engine;
  SatFilterRun run;
};

// The job of a reset with settings `s`: reads the input unless `image` is it (and the depth map
// unless `depth` is it) and, when `on_worker` (the CPU), filters on an engine of its own.
BackgroundWork<SatFilterJob>::Work sat_filter_job(const SatSettings& s,
                                                  std::shared_ptr<const SatFilterImage> image,
                                                  std::shared_ptr<const std::vector<float>> depth,
                                                  bool on_worker);

}  // namespace ws::app
