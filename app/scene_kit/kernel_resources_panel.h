// The code panel's resource view of a built-in CUDA variant (scene_kit/kernel_resources.h): a line
// per kernel instance above the source (registers, shared, local, occupancy and its limiter on the
// H200) and a collapsed "SASS" section with the kernel's machine code. Draws nothing for a variant
// without extracted resources.
#pragma once

#include <string>

namespace ws::app {

// `source_line`: the line of `file` the code panel highlights (0: none); the SASS section marks
// the instructions it compiled to.
void kernel_resources_panel(const std::string& file, const std::string& variant,
                            int source_line = 0);

}  // namespace ws::app
