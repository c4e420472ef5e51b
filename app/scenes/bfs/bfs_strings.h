// The BFS scene's text that is made in kernels/ (variant names, lessons, work bounds, directions,
// the teach traces' step labels): the keys are listed with TR_NOOP in bfs_strings.cpp so the
// catalog has them, and the figures translate the kernels' English where they show it
// (ws::kernel_text, i18n/wording.h; English unchanged).
#pragma once

#include <string>

#include "i18n/wording.h"

namespace ws::app {

// A teach trace buffer's name as a label: the kernel's variable names stay as they are ("level",
// "frontier", "row_offsets"); the two spelt as words ("block queue", "block tail") are translated.
std::string buffer_label(const std::string& name);

}  // namespace ws::app
