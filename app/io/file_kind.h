// What kind of file a path holds, for File > Open and files dropped on the window: the kind
// decides which scene takes it (Scene::params_for_file).
#pragma once

#include <cstdint>
#include <string>

namespace ws::app {

enum class FileKind {
  Unknown,  // nothing warpscope reads
  Image,    // PNG, JPEG, BMP, TGA, PGM/PPM
  Graph,    // Matrix Market, SNAP / edge lists, METIS, DIMACS
  Session,  // a saved warpscope session (JSON)
  Text,     // typed values or a text to count (plain text)
};

struct FileInfo {
  std::string path;
  FileKind kind = FileKind::Unknown;
  int64_t bytes = 0;
};

}  // namespace ws::app
