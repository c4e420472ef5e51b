// What the threads mode's row and run need besides the figure (threads_view.h) and the facts
// (threads_facts.h): the code panel's source, lecture mode's variants, and the teach run of the
// scene's settings.
#pragma once

#include <string>
#include <vector>

#include "scene_kit/panel_widgets.h"
#include "scenes/spmv/spmv_settings.h"
#include "threads_facts.h"
#include "threads_report.h"
#include "threads_view.h"

namespace ws::app {

// The variant's kernel (kernels/spmv/<source>) with the step's statement.
KernelSource threads_source(const SpmvSettings& s, const std::string& marker);
// Lecture keys 1..6: coo, csr, ell, hybrid, jds, csr-vector.
std::vector<std::string> threads_lecture_variants(const SpmvSettings& s);

}  // namespace ws::app
