#include "lab_files.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include "common/error.h"
#include "data/data_root.h"
#include "i18n/i18n.h"

namespace ws::app {

std::string lab_exercise_file(const std::string& exercise_id, const std::string& file) {
  const std::string path = data::data_path("assets/lab/" + exercise_id + "/" + file);
  std::ifstream in(path, std::ios::binary);
  WS_REQUIRE(in.good(), "cannot read the lab's file '" + path + "'");
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string lab_starter(const std::string& exercise_id) {
  return lab_exercise_file(exercise_id, "starter.cu");
}

std::string lab_solution(const std::string& exercise_id) {
  return lab_exercise_file(exercise_id, "solution.cu");
}

std::string lab_statement(const std::string& exercise_id) {
  const std::string code = i18n::language_code(i18n::language());
  try {
    return lab_exercise_file(exercise_id, "statement." + code + ".md");
  } catch (const Error&) {
    if (code == std::string("en")) throw;
    return lab_exercise_file(exercise_id, "statement.en.md");
  }
}

std::string read_kernel_file(const std::string& path, const std::string& option) {
  WS_REQUIRE(!path.empty(), option + ": empty (the path of a .cu file)");
  std::ifstream in(path, std::ios::binary);
  WS_REQUIRE(in.good(), option + ": cannot read '" + path + "'");
  std::string text(std::istreambuf_iterator<char>(in), (std::istreambuf_iterator<char>()));
  WS_REQUIRE(!text.empty(), option + ": '" + path + "' is empty");
  WS_REQUIRE(text.find('\0') == std::string::npos,
             option + ": '" + path + "' is not a text file (a CUDA source was expected)");
  return text;
}

void write_kernel_file(const std::string& path, const std::string& source) {
  WS_REQUIRE(!path.empty(), std::string("no file name to save the kernel to"));
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    WS_REQUIRE(out.good(), "cannot write '" + path + "'");
    out << source;
    WS_REQUIRE(out.good(), "cannot write '" + path + "'");
  }
  WS_REQUIRE(std::rename(temporary.c_str(), path.c_str()) == 0, "cannot write '" + path + "'");
}

std::string file_name_of(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string lab_worker_exe() {
  const char* env = std::getenv("WARPSCOPE_LAB_WORKER");
  if (env && *env) return std::string(env) == "in-process" ? "" : std::string(env);
  // Only the app has the lab-worker command: another program linking the scenes (a test) that
  // did not name a worker runs the kernel itself rather than start itself again.
  const std::string self = data::binary_path();
  return file_name_of(self).rfind("warpscope", 0) == 0 ? self : "";
}

}  // namespace ws::app
