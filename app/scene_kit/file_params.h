// Helpers for Scene::params_for_file (files opened from File > Open or dropped on the window), so
// each scene says only which of its parameters shows a file: which kinds of file a scene takes at
// all (the file browser's filter), and the text of a typed-values file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "io/file_probe.h"
#include "scene_kit/scene.h"

namespace ws::app {

// The kinds of file `scene` takes (its params_for_file, whatever mode is shown), as kind_bit()s;
// sessions always. For the file browser's filter.
unsigned file_kinds_taken(const Scene& scene);

// A text file of typed values ("3 1 7 0 4", one or many per line, commas allowed): its text when
// every word is a number, nullopt when it holds words (a text, not values). Throws ws::Error
// naming the file when it cannot be read, is larger than `max_bytes`, or holds more than
// `max_values` numbers (`what` names what takes them: "teach mode shows at most 4096 values").
std::optional<std::string> values_text_of(const FileInfo& file, int64_t max_values,
                                          const std::string& what,
                                          size_t max_bytes = size_t{1} << 20);

// {"values": text}, and "type": "float32" when the scene's `current` parameters have "type"
// "int32" and a value is no whole number (2.5), so a file of decimals opens as it reads.
nlohmann::json values_params(const std::string& text, const nlohmann::json& current);

}  // namespace ws::app
