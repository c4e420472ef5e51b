// The panels every mode of the merge scene shares: a merge's inputs (typed A and B, or a
// generator with sizes and a seed; the key type; key-value pairs) and a sort's input.
#pragma once

#include <nlohmann/json.hpp>

#include "merge_settings.h"

namespace ws::app {

// What the user changed goes into `edit` (the scene's keys: a, b, gen, n-a, n-b, seed, keys,
// pairs); "the book's example" puts PMPP's A and B back.
void merge_input_controls(const MergeSettings& s, nlohmann::json& edit);
// The sort's input: typed keys or a generator (input, sort-gen, n, seed), key type and pairs.
void sort_input_controls(const MergeSettings& s, nlohmann::json& edit);

}  // namespace ws::app
