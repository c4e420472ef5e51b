// Lecture-mode captions of the BFS scene (Scene::caption), in the current language. Teach mode:
// per step of a traced search, what the step does and why for the variant (keyed by the step's
// code marker in bfs_teach.cu), the direction the level took and why (direction-optimizing and
// fast), the edges it read, then the trace's facts (scene_kit/step_caption.h). Graph mode: per
// level, the frontier, what the level examined and discovered, and what the variant's way of
// working cost there (for direction-optimizing: the direction and the numbers that chose it).
#pragma once

#include <string>

#include "bfs/bfs.h"
#include "teach/bfs_teach_view.h"
#include "scene_kit/teach_pipeline.h"

namespace ws::app {

// Why level `depth` of `levels` runs in its direction: the switch rule of bfs::next_direction
// with the level's n_f, m_f, m_u against alpha and beta; "" for a variant that does not choose.
std::string direction_reason(bfs::Variant variant, const std::vector<bfs::LevelStats>& levels,
                             int depth, int64_t vertices, double alpha, double beta);

// The caption of step `step` of a traced search on `g` ("" when out of range).
std::string bfs_teach_caption(const bfs::TeachRun& run, const TracedRun& traced,
                              const graph::Graph& g, int step);

// The caption of level `level` of a full-size run of `variant` on a graph of `vertices`
// vertices ("" when out of range).
std::string bfs_level_caption(bfs::Variant variant, const bfs::Result& result, int level,
                              int64_t vertices, double alpha, double beta);

}  // namespace ws::app
