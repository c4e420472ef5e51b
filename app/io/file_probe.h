// What a file is and what it holds, read cheaply (its header, the first 64 KiB) without loading
// it: the kind that decides which scene takes a file (File > Open, files dropped on the window)
// and the preview line of the file browser (an image's size, a graph's vertices and edges, a
// session's scene, a text's size and first words). Extension first, then the content: image magic
// numbers, a JSON object with "warpscope_session", the Matrix Market banner, METIS / DIMACS
// headers, edge lists, plain text.
#pragma once

#include <cstdint>
#include <string>

#include "file_kind.h"

namespace ws::app {

struct FilePreview {
  FileInfo info;        // kind Unknown when the file cannot be opened (see problem)
  std::string problem;  // "" or why it cannot be opened, in words (missing, a folder, empty,
                        // binary, truncated, a format warpscope does not read), current language
  std::string format;   // "PNG", "JPEG", "BMP", "TGA", "PGM/PPM", "Matrix Market", "METIS",
                        // "DIMACS", "edge list", "session", "text"
  // Images (from the header).
  int width = 0, height = 0, channels = 0;
  // Graphs: -1 when the file does not say. Edge lists have no header: `edges` is estimated from
  // the file size and the length of its first lines.
  int64_t vertices = -1, edges = -1;
  bool edges_estimated = false;
  bool undirected = false;  // the header says each edge is stored once for both directions
  // Sessions.
  std::string scene;
  // Text: `numeric` when every word of the first 1 MiB is a number (typed values); `numbers` is
  // how many there are there. `first_words`: the beginning of the text, for the preview.
  bool numeric = false;
  int64_t numbers = 0;
  bool numbers_partial = false;  // the file is longer than what was counted
  int64_t lines = 0;             // lines in the part read
  std::string first_words;

  bool ok() const { return problem.empty() && info.kind != FileKind::Unknown; }
};

// Never throws: a missing, unreadable or unknown file gives kind Unknown and a problem.
FilePreview probe_file(const std::string& path);

// The kinds a file's extension suggests, for listing a folder without reading its files: a bit
// per FileKind (1 << int(kind)); ".txt" may be a text or an edge list, ".json" a session.
// 0 for an extension warpscope does not read.
unsigned kinds_from_extension(const std::string& path);
inline unsigned kind_bit(FileKind kind) {
  return 1u << static_cast<unsigned>(kind);
}

// One line for the browser, in the current language: "JPEG, 3000 × 2000 pixels, RGB, 2.1 MB",
// "Matrix Market graph: 34 vertices, 78 edges (undirected), 1.6 KB", or the problem.
std::string describe_preview(const FilePreview& preview);
// "512 bytes", "4.1 KB", "12.0 MB", "1.3 GB".
std::string human_bytes(int64_t bytes);
// 1234567 -> "1,234,567".
std::string grouped(int64_t n);
// The name of a kind for messages and the browser, in the current language ("image", "graph").
std::string kind_name(FileKind kind);

}  // namespace ws::app
