// Words the scan figures and their application modes share, in the current language: a count with
// its noun ("3 ops" / "3 次运算"), and the text the kernels make (step labels, phases, buffer
// names, variant titles, predicates), which reaches the figures as English and is translated where
// it is shown with tr_text().
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "i18n/wording.h"

namespace ws::app {

// Every key (exact or with placeholders) of the text kernels/scan, kernels/compact,
// kernels/radix_sort and kernels/segmented_scan put in a trace or a variant table: the catalog
// lists them, and a test checks that each one has its translation.
const std::vector<const char*>& scan_kernel_text_keys();

}  // namespace ws::app
