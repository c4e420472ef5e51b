// The BFS scene's text that is made in kernels/ (variant names, lessons, work bounds, directions,
// the teach traces' step labels), shown in the current language: the keys are listed with TR_NOOP
// in bfs_strings.cpp so the catalog has them, and these helpers translate the kernels' English
// where it is shown (tr_text; English unchanged).
#pragma once

#include <string>

#include "bfs/bfs.h"

namespace ws::app {

std::string variant_id_text(const bfs::VariantInfo& vi);      // "push" -> "推送"
std::string variant_title_text(const bfs::VariantInfo& vi);   // the variant table's title
std::string variant_lesson_text(const bfs::VariantInfo& vi);  // its one-sentence lesson
std::string variant_work_text(const bfs::VariantInfo& vi);    // "O(n + m)", translated words
std::string direction_text(bfs::Direction d);                 // "top-down", "bottom-up"
// A teach trace's step label ("level 2: edge 3", "level 1 · bottom-up · find the unvisited").
std::string step_label_text(const std::string& label);

// A teach trace buffer's name as a label: the kernel's variable names stay as they are ("level",
// "frontier", "row_offsets"); the two spelt as words ("block queue", "block tail") are translated.
std::string buffer_label(const std::string& name);

// "1 vertex", "1,171 vertices" in English; `one` and `many` are keys with {0} for the count
// ("{0} vertex", "{0} vertices"), the count written with thousands separators when `commas`.
std::string counted_text(int64_t count, const char* one, const char* many, bool commas = true);
std::string with_commas(int64_t v);

}  // namespace ws::app
