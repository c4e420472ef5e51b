// The summed-area-table scene's text that is made elsewhere and translated where it is shown: the
// kernels' variant titles, lessons, step labels, phases and buffer names (kernels/sat/), the input
// labels (sat_input.cpp, also written to the JSON as they are), and the shared words the three
// modes' figures and panels use. English comes back unchanged, so figures stay byte-identical.
#pragma once

#include <string>
#include <vector>

#include "common/backend.h"
#include "sat/sat.h"

namespace ws::app {

// A kernel-made text (a step label, a variant title or lesson, a buffer name, an input label) in
// the current language (tr_text over the keys sat_strings.cpp lists).
std::string sat_text(const std::string& text);
// A trace step's phase ("row", "column", "transpose", "tile", "look-back") in the current language.
std::string sat_phase_text(const std::string& phase);
// A variant as the figures name it next to the backend: its id in English ("register-tiled"), a
// short name in Chinese.
std::string sat_variant_name(sat::Variant v);
// A filter method as the filter figure's key and the captions name it ("SAT (incl. table)").
const char* sat_method_label(sat::FilterMethod m);
// "1 thread" / "16 threads": `one` and `many` are keys with {0} for the count.
std::string sat_count(int64_t count, const char* one, const char* many);

// The keys of the kernel-made texts above (variant titles and lessons, step labels with
// placeholders, phases, buffer names, input labels), for the tests.
const std::vector<const char*>& sat_kernel_text_keys();

}  // namespace ws::app
