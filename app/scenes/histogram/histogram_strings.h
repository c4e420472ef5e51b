// The histogram scene's text that is made in kernels/histogram (variant ids, titles and lessons,
// the teach trace's step labels and phases, the distributions' names), shown in the current
// language: the keys are listed with TR_NOOP in histogram_strings.cpp so the catalog has them, and
// these helpers translate the kernels' English where it is shown (tr_text; English unchanged).
#pragma once

#include <cstdint>
#include <string>

#include "histogram/histogram.h"

namespace ws::app {

std::string histogram_variant_id_text(const histogram::VariantInfo& vi);  // "global-atomic"
std::string histogram_variant_title_text(const histogram::VariantInfo& vi);
std::string histogram_variant_lesson_text(const histogram::VariantInfo& vi);
// A teach step's label ("round 3: read counter", "merge round 0 (bins 0-6)") and phase ("count").
std::string histogram_step_label_text(const std::string& label);
std::string histogram_phase_text(const std::string& phase);
std::string histogram_dist_text(histogram::Dist d);  // "zipf", "all-equal"

// "1 atomic", "5 atomics" in English: `one` and `many` are keys with {0} for the count
// ("{0} atomic", "{0} atomics"), listed with TR_NOOP where they are used.
std::string histogram_counted(int64_t count, const char* one, const char* many);

}  // namespace ws::app
