// The summed-area-table scene's text that is made elsewhere and translated where it is shown
// (ws::kernel_text): the kernels' variant titles, lessons, step labels, phases and buffer names
// (kernels/sat/), the input labels (sat_input.cpp, also written to the JSON as they are); and the
// names the three modes' figures give variants and filter methods.
#pragma once

#include <string>
#include <vector>

#include "sat/sat.h"

namespace ws::app {

// A variant as the figures name it next to the backend: its id in English ("register-tiled"), a
// short name in Chinese.
std::string sat_variant_name(sat::Variant v);
// A filter method as the filter figure's key and the captions name it ("SAT (incl. table)").
const char* sat_method_label(sat::FilterMethod m);

// The keys of the kernel-made texts (variant titles and lessons, step labels with placeholders,
// phases, buffer names, input labels), for the tests.
const std::vector<const char*>& sat_kernel_text_keys();

}  // namespace ws::app
