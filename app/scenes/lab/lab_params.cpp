// The lab's parameters: one parse for the command line, sessions and the panel, each key read
// once. The source comes from one of --kernel FILE.cu (read here: a file that cannot be read
// refuses the edit and the scene keeps its code), --source TEXT (what sessions store), --solution
// (the exercise's reference solution) or, when none is given and the exercise changes, the new
// exercise's starter.
#include <string>

#include "common/error.h"
#include "lab/exercise.h"
#include "lab_files.h"
#include "lab_scene.h"

namespace ws::app {

namespace {

const lab::Exercise& exercise_named(const std::string& id) {
  try {
    return lab::find_exercise(id);
  } catch (const Error& e) {
    throw Error(std::string("--exercise: ") + e.what());
  }
}

// The sizes --size takes for `exercise` ("photo" is image-map's own, made from an image).
std::string size_names(const lab::Exercise& exercise) {
  std::string names;
  for (const lab::Size& size : exercise.sizes)
    if (size.name != "photo") names += (names.empty() ? "" : ", ") + size.name;
  return names;
}

bool has_size(const lab::Exercise& exercise, const std::string& name) {
  for (const lab::Size& size : exercise.sizes)
    if (size.name == name && name != "photo") return true;
  return false;
}

}  // namespace

void LabScene::parse(LabSettings& s, ParamReader& keys, std::string& /*mode*/) const {
  const std::optional<std::string> exercise = keys.text("exercise");
  const std::optional<std::string> kernel = keys.text("kernel");
  const std::optional<std::string> source = keys.text("source");
  const std::optional<bool> solution = keys.flag("solution");
  const std::optional<std::string> file = keys.text("file");
  const std::optional<std::string> size = keys.text("size");
  const bool wants_solution = solution && *solution;
  WS_REQUIRE(int(kernel.has_value()) + int(source.has_value()) + int(wants_solution) <= 1,
             std::string("--kernel, --source and --solution each give the kernel's source: "
                         "give one"));
  const bool source_given = kernel || source || wants_solution;
  if (exercise) {
    const lab::Exercise& chosen = exercise_named(*exercise);
    if (chosen.id != s.exercise && !source_given) {
      s.source = lab_starter(chosen.id);
      s.file_name = "starter.cu";
    }
    s.exercise = chosen.id;
  }
  const lab::Exercise& ex = exercise_named(s.exercise);
  if (kernel) {
    s.source = read_kernel_file(*kernel, "--kernel");
    s.file_name = file_name_of(*kernel);
  }
  if (source) {
    WS_REQUIRE(!source->empty(), std::string("--source: empty (the kernel's CUDA source)"));
    s.source = *source;
  }
  if (wants_solution) {
    s.source = lab_solution(s.exercise);
    s.file_name = "solution.cu";
  }
  if (file) {
    WS_REQUIRE(!file->empty() && file->find_first_of("/\"\n") == std::string::npos,
               "--file: '" + *file + "' is not a file name (no folders, quotes or newlines)");
    s.file_name = *file;
  }
  if (size) {
    WS_REQUIRE(has_size(ex, *size), "--size: '" + *size + "' is not a size of " + ex.id +
                                        " (sizes: " + size_names(ex) + ")");
    s.size = *size;
  } else if (!has_size(ex, s.size)) {
    s.size = ex.sizes.front().name;
  }
  if (s.source.empty()) {
    s.source = lab_starter(s.exercise);
    s.file_name = "starter.cu";
  }
}

nlohmann::json LabScene::to_json(const LabSettings& s, const std::string& /*mode*/) const {
  return {{"exercise", s.exercise}, {"size", s.size}, {"file", s.file_name}, {"source", s.source}};
}

}  // namespace ws::app
