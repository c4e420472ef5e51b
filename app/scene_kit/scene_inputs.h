// The inputs every array scene offers, parsed in one place so every scene and every path (command
// line, session, panel) gives the same messages: typed values, n seeded values from a
// distribution, or the pixel intensities of an image; and the operator and element type.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/binary_op.h"
#include "common/inputs.h"
#include "json_params.h"

namespace ws::app {

// The keys an InputSource reads: values, n, seed, distribution, and image when `images` is on.
struct InputLimits {
  int64_t max_n = 4096;  // the most values teach mode shows
  bool images = false;   // takes "image": the pixels of a file, averaged to at most max_n
  std::string default_values = "3 1 7 0 4 1 6 3 5 2 8 1 9 4 2 6";
  int64_t default_n = 16;
};

struct InputSource {
  std::string values_text;  // typed values; "" = generated (or the image)
  std::string image_path;   // "" = none
  int64_t n = 16;
  uint64_t seed = 1;
  Distribution distribution = Distribution::Uniform;
  int64_t image_count = 0;  // values the image gives, read when parsed() checked it (0: unknown)

  static InputSource defaults(const InputLimits& limits);
  // Reads the input keys present in `j` over this source and returns the result (this one is not
  // changed): asking for n, a seed or a distribution means generated values, unless values are
  // given too; values or generated values drop the image. Throws ws::Error naming the option.
  InputSource parsed(const nlohmann::json& j, ValueType type, const InputLimits& limits) const;
  // The same through a scene's reader (its input keys count as read).
  InputSource parsed(ParamReader& keys, ValueType type, const InputLimits& limits) const;
  void to_json(nlohmann::json& j, const InputLimits& limits) const;
  // The values and a label saying where they came from ("typed values", "uniform random, seed 1",
  // "camera.png 512×512 averaged to 64×64"). Throws ws::Error for an unreadable image.
  std::vector<double> make(ValueType type, const InputLimits& limits, std::string& label,
                           int* image_width = nullptr, int* image_height = nullptr) const;
  // How many values make() gives (without generating them; an image parsed() checked is not read
  // again).
  int64_t count(ValueType type, const InputLimits& limits) const;
};

// The keys InputSource reads, to add to a scene's list of known keys.
std::set<std::string> input_keys(const InputLimits& limits);

// "op" and "type" read with the same messages everywhere; nullopt when the key is absent.
std::optional<BinaryOp> op_param(const nlohmann::json& j, const char* key = "op");
std::optional<ValueType> type_param(const nlohmann::json& j, const char* key = "type");
std::optional<BinaryOp> op_param(ParamReader& keys, const char* key = "op");
std::optional<ValueType> type_param(ParamReader& keys, const char* key = "type");

}  // namespace ws::app
