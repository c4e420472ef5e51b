// Words the scan figures and their application modes share, in the current language: a count with
// its noun ("3 ops" / "3 次运算"), and the text the kernels make (step labels, phases, buffer
// names, variant titles, predicates), which reaches the figures as English and is translated where
// it is shown with tr_text().
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ws::app {

// `one` (n == 1) or `many`, keys with {0} marked TR_NOOP by the caller, translated and filled
// with n: counted(3, TR_NOOP("{0} op"), TR_NOOP("{0} ops")) is "3 ops" in English, as
// count_text(3, "op") writes it.
std::string counted(int64_t n, const char* one, const char* many);

// Every key (exact or with placeholders) of the text kernels/scan, kernels/compact,
// kernels/radix_sort and kernels/segmented_scan put in a trace or a variant table: the catalog
// lists them, and a test checks that each one has its translation.
const std::vector<const char*>& scan_kernel_text_keys();

// "label (phase)" unless the label already names the phase ("up-sweep: stride 2"), translated.
std::string step_name_with_phase(const std::string& label, const std::string& phase);

}  // namespace ws::app
