// The SASS of a lab kernel: the toolkit's disassembler (nvdisasm, else cuobjdump) run on NVRTC's
// CUBIN, found at run time in $CUDA_HOME/bin, /usr/local/cuda/bin, $PATH and the tools folder
// ~/.cache/warpscope/tools/*/bin. nvdisasm's line info maps instructions to the student's lines;
// without a disassembler the note says so and the rest of the lab works as before.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ws::lab {

struct SassListing {
  bool known = false;
  std::string tool;                             // the disassembler's path
  std::string sass;                             // the kernel's instructions and labels, one a line
  std::vector<std::pair<int, int>> sass_lines;  // (line of `sass`, student source line)
  std::string note;  // why there is no SASS, or what is missing (line info)
};

// The first executable `name` in the folders above, "" when there is none.
std::string find_cuda_tool(const std::string& name);
// The folders searched, in order (for messages and tests).
std::vector<std::string> cuda_tool_dirs();

SassListing disassemble_cubin(const std::vector<char>& cubin, const std::string& lowered_name,
                              const std::string& file_name);

// nvdisasm -gi -c output -> the section of `lowered_name`, with instructions attributed to lines of
// `file_name` (directly, or as the place a header function was inlined at).
SassListing parse_nvdisasm(const std::string& text, const std::string& lowered_name,
                           const std::string& file_name);
// cuobjdump -sass output -> the instructions of `lowered_name` (no line info).
SassListing parse_cuobjdump(const std::string& text, const std::string& lowered_name);

}  // namespace ws::lab
