// The nine exercise definitions, one file each (exercise_<id>.cpp); exercises() lists them.
#pragma once

#include "exercise.h"

namespace ws::lab {

Exercise vector_add_exercise();
Exercise image_map_exercise();
Exercise conv1d_exercise();
Exercise conv2d_exercise();
Exercise matmul_tiled_exercise();
Exercise transpose_exercise();
Exercise histogram_exercise();
Exercise reduce_exercise();
Exercise scan_exercise();

}  // namespace ws::lab
