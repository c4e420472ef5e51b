// What the kernel lab (issue 29) keeps: the exercise, the student's source (the text itself, so
// a session restores it), the name it is shown and compiled under, and the problem size it runs
// at. lab_params.cpp is the one parse; the editor writes `source` as the student types (the
// mode's own state, not an edit: typing does not run anything).
#pragma once

#include <string>

namespace ws::app {

inline constexpr const char* kLabSceneId = "lab";
inline constexpr const char* kLabDefaultExercise = "reduce";

struct LabSettings {
  std::string exercise = kLabDefaultExercise;  // an id of ws::lab::exercises()
  std::string source;                          // the kernel's CUDA source ("" until loaded)
  std::string file_name = "starter.cu";        // diagnostics name it (#line 1 "<file_name>")
  std::string size = "teach";                  // a size of the exercise: teach, odd, full

  // figure (S2)
};

}  // namespace ws::app
