// The exercise registry: the nine definitions with their standard Job and check filled in.
#include "exercise.h"

#include <fstream>
#include <sstream>

#include "../common/error.h"
#include "exercise_builtin_timing.h"
#include "exercise_list.h"
#include "exercise_support.h"

namespace ws::lab {

Size size_for(const Size& size, Backend backend) {
  Size actual = size;
  if (backend == Backend::Cpu && !size.cpu_dims.empty()) actual.dims = size.cpu_dims;
  actual.cpu_dims.clear();
  return actual;
}

namespace {

// Gives an exercise the Job and the check every exercise shares (its own launch, reference and
// tolerance, captured by value so the registry's copies stay independent).
Exercise with_standard_parts(Exercise e) {
  if (!e.make) {
    const Exercise parts = e;
    e.make = [parts](Backend backend, const std::string& source, const Size& size,
                     const Inputs& inputs) {
      return standard_job(parts, backend, source, size, inputs);
    };
  }
  if (!e.check) {
    auto launch = e.launch;
    auto reference = e.reference;
    auto tolerance = e.tolerance;
    e.check = [launch, reference, tolerance](const Size& size, const Inputs& inputs,
                                             const Result& result) {
      if (!result.compiled) return std::vector<Diagnostic>{};
      const Expected allowed = tolerance ? tolerance(size, inputs) : Expected{};
      return compare_outputs(inputs, launch(size), result, reference(size, inputs), allowed);
    };
  }
  if (!e.builtin_time_ms) e.builtin_time_ms = builtin_timing(e.id);
  return e;
}

}  // namespace

const std::vector<Exercise>& exercises() {
  static const std::vector<Exercise> all = [] {
    std::vector<Exercise> list;
    for (Exercise (*define)() : {vector_add_exercise, image_map_exercise, conv1d_exercise,
                                 conv2d_exercise, matmul_tiled_exercise, transpose_exercise,
                                 histogram_exercise, reduce_exercise, scan_exercise})
      list.push_back(with_standard_parts(define()));
    return list;
  }();
  return all;
}

const Exercise& find_exercise(const std::string& id) {
  std::string ids;
  for (const Exercise& e : exercises()) {
    if (e.id == id) return e;
    ids += (ids.empty() ? "" : ", ") + e.id;
  }
  throw Error("unknown exercise '" + id + "' (the exercises: " + ids + ")");
}

std::string read_exercise_file(const Exercise& exercise, const std::string& assets_dir,
                               const std::string& file) {
  const std::string path = assets_dir + "/" + exercise.folder + "/" + file;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read the exercise file " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace ws::lab
