// What the threads mode's row and run need besides the figure (threads_view.h) and the facts
// (threads_facts.h): the code panel's source, lecture mode's variants, and the teach run of the
// scene's settings.
#pragma once

#include <string>
#include <vector>

#include "scene_kit/modal_scene.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/spmv/spmv_settings.h"
#include "threads_facts.h"
#include "threads_report.h"
#include "threads_view.h"

namespace ws::app {

// The variant's kernel (kernels/spmv/<source>) with the step's statement.
KernelSource threads_source(const SpmvSettings& s, const std::string& marker);
// The matrix threads mode draws: up to 64 x 64 with 512 nonzeros (spmv.h's teach limits); a
// larger one given without --mode moves the scene to matrix mode, and a switch here with one
// takes the book's example.
std::vector<ModeLimit<SpmvSettings>> threads_limits();
// Lecture keys 1..6: coo, csr, ell, hybrid, jds, csr-vector.
std::vector<std::string> threads_lecture_variants(const SpmvSettings& s);

}  // namespace ws::app
