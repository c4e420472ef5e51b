// The SpMV scene's panel parts every mode shows: the matrix (shipped, generated, typed, a file),
// x, the value type. Each returns its changes in `edit` (applied by the mode's edit()).
#pragma once

#include <nlohmann/json.hpp>

#include "spmv_settings.h"

namespace ws::app {

void matrix_input_panel(const SpmvSettings& s, nlohmann::json& edit);

}  // namespace ws::app
