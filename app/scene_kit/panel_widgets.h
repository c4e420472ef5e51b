// The controls every scene's panel shares, so each scene draws only its own: a combo box, the
// operator and type choosers, the input controls of an InputSource (typed values, an image file,
// N seeded values), and applying an edit (parse, reset, or keep what was there and say why).
#pragma once

#include <array>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "scene_inputs.h"
#include "scene_kit/scene.h"
#include "teach_pipeline.h"

namespace ws::app {

// "visible text###id": an ImGui label in the current language whose ID is the same in every
// language, so a widget keeps its state (an open header, a field being typed in) when the language
// changes, and two labels that translate alike stay apart. `shown` is already translated.
std::string label_id(const char* shown, const char* id);
// tr(english) with `english` as the ID ("翻译###English").
std::string label_id(const char* english);
// A combo box over `items`; true when the choice changed.
bool combo(const char* label, int& index, const std::vector<std::string>& items);
// A combo of a variant table's variants ("3 sequential addressing", `sep` between number and
// title; titles translated): the id of the one the user chose, or "" when the choice stayed.
// With `none` the first item is that text and choosing it gives "none" (a comparison variant).
template <class Info, class Enum>
std::string variant_combo(const std::string& label, const std::vector<Info>& infos,
                          std::optional<Enum> current, const char* sep = " ",
                          const char* none = nullptr) {
  std::vector<std::string> names;
  if (none) names.push_back(none);
  int index = 0;
  for (const Info& v : infos) {
    if (current && v.variant == *current) index = static_cast<int>(names.size());
    names.push_back(std::to_string(static_cast<int>(v.variant)) + sep + tr_text(v.title));
  }
  if (!combo(label.c_str(), index, names)) return "";
  if (none && index == 0) return "none";
  return infos[static_cast<size_t>(index - (none ? 1 : 0))].id;
}
// Text wrapped to the panel's width.
void wrapped_text(const std::string& text);
// A panel's variant combo: the choice goes into edit["variant"], and the variant's lesson is
// shown under it.
template <class Info, class Enum>
void variant_controls(nlohmann::json& edit, const std::string& label,
                      const std::vector<Info>& infos, Enum current, const char* sep = " ") {
  const std::string chosen = variant_combo(label, infos, std::optional<Enum>(current), sep);
  if (!chosen.empty()) edit["variant"] = chosen;
  for (const Info& v : infos)
    if (v.variant == current) wrapped_text(tr_text(v.lesson));
}
// A section of a panel: a collapsing header labelled `shown` (translated) with the widget id `id`,
// open at first when `open`; true while it is open.
bool panel_section(const char* shown, const char* id, bool open = true);
// Writes "op" / "type" into `edit` when the user picks another.
void op_type_controls(BinaryOp op, ValueType type, nlohmann::json& edit);
// The input controls: typed values (Enter applies), an image file when `limits.images`, N random
// values with a seed and a distribution; what the user changed goes into `edit`.
void input_controls(const InputSource& source, const InputLimits& limits, nlohmann::json& edit,
                    const char* image_tooltip = "");
// Applies `edit` to `scene` and resets it. On an error the scene keeps (or gets back) its previous
// parameters, and `error` says what was wrong; it is cleared on success. Nothing to do for {}.
void apply_edit(Scene& scene, const nlohmann::json& edit, std::string& error);
// The error line under a panel (nothing when `error` is empty).
void error_line(const std::string& error);
// A text field that reports its value when Enter is pressed.
bool text_field(const char* label, const char* hint, std::string& value);
// The teaching counters of a run (and of its comparison, in a third column when `b` is given) at
// `step` and in total, the same rows in every scene; `extra` rows (name, a, b) follow them.
struct CountersColumn {
  std::string title;  // the variant's id
  const Counters* counters = nullptr;
};
void counters_table(const char* id, const CountersColumn& a, const CountersColumn* b, int step,
                    const std::vector<std::array<std::string, 3>>& extra = {});
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

// A recomputation on a worker (scene_kit/background_work.h): a progress bar and a Cancel button
// while `busy`, a line saying the last result stayed after a cancel. True when Cancel was pressed.
bool background_work_status(bool busy, double progress, bool cancelled, const char* id);

}  // namespace ws::app
