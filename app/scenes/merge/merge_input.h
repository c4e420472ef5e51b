// The arrays the scene's runs take, made from the settings: a merge's A and B (typed or
// generated, each key with its tag) and a sort's unsorted input. Every mode makes its input here.
#pragma once

#include <string>

#include "merge_settings.h"

namespace ws::app {

// A and B with tags (A's 0..m-1, B's m..m+n-1). Throws ws::Error naming --a or --b for a typed
// array that does not parse as the key type or is not sorted.
merge::MergeInput merge_input_of(const MergeSettings& s);
// The sort's keys with tags 0..n-1 (input order). Throws ws::Error naming --input.
merge::SortInput sort_input_of(const MergeSettings& s);
// Where A and B came from: "typed", "uniform, seed 1" (English; translated where shown).
std::string merge_input_label(const MergeSettings& s);
std::string sort_input_label(const MergeSettings& s);

}  // namespace ws::app
