// Small ImGui helpers scene panels share: combos, text fields, error lines, counter tables, the
// CPU-twin verdict and the kernel-source panel.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scene_kit/teach_pipeline.h"

namespace ws::app {

class Scene;

// A combo over `items`; true when the user picked another one.
bool combo(const char* label, int& index, const std::vector<std::string>& items);
// A text field that reports its value when Enter is pressed.
bool text_field(const char* label, const char* hint, std::string& value);
void error_line(const std::string& error);  // red, nothing when empty
// A panel's edit: `scene.params_from_json(edit)`, then `scene.reset()`. A rejected edit leaves the
// scene as it was and its message in `error`; an accepted one clears it. An empty edit does
// nothing.
void apply_edit(Scene& scene, const nlohmann::json& edit, std::string& error);
// A two-column table of counters.
void counter_table(const char* id, const std::vector<std::pair<std::string, std::string>>& rows);
// A CUDA run's check against its CPU twin, in green or red (with what it left out); nothing for a
// run on the CPU backend.
void twin_check_line(const TwinCheck& twin);
// What the code panel shows: the kernel `file` (relative to the source tree), its
// `// @variant section`, the current step's `marker` ("" = none) and a `note` on how the source
// relates to the figure ("" = nothing to add).
struct KernelSource {
  std::string file, section, marker, note;
};
// The code panel: the section with the marker's line highlighted, after the note.
void kernel_source_panel(const KernelSource& source);

}  // namespace ws::app
