// What the reduction scene's parameters set: the variant and its launch, the operator and type,
// the input, and the variant drawn beside it.
#pragma once

#include <optional>
#include <string>

#include "reduce/reduce.h"
#include "scene_kit/scene_inputs.h"

namespace ws::app {

// The inputs the scene takes: up to reduce::kTeachMaxN values, typed, generated or from an image.
InputLimits reduce_input_limits();

struct ReduceSettings {
  reduce::Params params;
  InputSource source = InputSource::defaults(reduce_input_limits());
  std::optional<reduce::Variant> compare;  // drawn beside the variant at the same step
  // The segmented mode's input (--segments): the lecture's example by default.
  std::string segments = "[1 2] [6 7 1] [1 2 3 4]";
};

}  // namespace ws::app
