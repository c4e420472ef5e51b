// The controls every scene's panel shares, so each scene draws only its own: a combo box, the
// operator and type choosers, the input controls of an InputSource (typed values, an image file,
// N seeded values), and applying an edit (parse, reset, or keep what was there and say why).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scene_inputs.h"
#include "scenes/scene.h"

namespace ws::app {

// A combo box over `items`; true when the choice changed.
bool combo(const char* label, int& index, const std::vector<std::string>& items);
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

}  // namespace ws::app
