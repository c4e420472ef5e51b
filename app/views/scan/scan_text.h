// The text the scan family's kernels make (step labels, phases, buffer names, variant titles,
// predicates), which reaches the figures as English and is translated where it is shown with
// tr_text(): the keys, so the catalog lists them.
#pragma once

#include <vector>

namespace ws::app {

// Every key (exact or with placeholders) of the text kernels/scan, kernels/compact,
// kernels/radix_sort and kernels/segmented_scan put in a trace or a variant table: the catalog
// lists them, and a test checks that each one has its translation.
const std::vector<const char*>& scan_kernel_text_keys();

}  // namespace ws::app
