// Words every scene and figure shares, in the current language: a count with its noun ("3 ops",
// "1,171 vertices"), and the text the kernels make (variant titles and lessons, step labels,
// phases, buffer names), which reaches the app in English and is translated where it is shown.
// A scene lists the keys of its kernels' text with TR_NOOP so the catalog has them.
#pragma once

#include <cstdint>
#include <string>

namespace ws {

// `one` (n == 1) or `many`, keys with {0} marked TR_NOOP by the caller, translated and filled with
// n: counted(3, TR_NOOP("{0} op"), TR_NOOP("{0} ops")) is "3 ops"; with `commas` n is written
// with thousands separators ("1,171 vertices").
std::string counted(int64_t n, const char* one, const char* many, bool commas = false);
// 1171 as "1,171".
std::string with_commas(int64_t v);
// A text a kernel made (a variant's title or lesson, a step label "stride 8", a phase) in the
// current language: tr_text, named for what it is.
std::string kernel_text(const std::string& english);
// "label (phase)" unless the label already names the phase ("up-sweep: stride 2"), translated.
std::string step_name_with_phase(const std::string& label, const std::string& phase);

}  // namespace ws
