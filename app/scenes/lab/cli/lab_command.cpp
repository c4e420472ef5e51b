// `warpscope lab`: grading a student's kernel headless (issue 29), and `warpscope lab-worker DIR`,
// the hidden worker process that runs one job for it (and for the lab scene).
//   warpscope lab --list                                  the exercises
//   warpscope lab --exercise reduce --starter > my.cu     the starter code
//   warpscope lab --exercise reduce --kernel my.cu [--backend cpu|cuda] [--json r.json]
//                 [--sizes teach,odd,full] [--timeout S]
//   warpscope lab --exercise reduce --kernel submissions/ --json-dir grades/   every .cu in a
//   folder
// Exit status: 0 every size of every submission passes, 1 a check failed, 2 a usage error.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "lab_cli.h"
#include "common/error.h"
#include "data/data_root.h"
#include "lab/lab_isolated.h"
#include "lab_grade.h"

namespace ws::app {

namespace {

namespace fs = std::filesystem;

std::string read_submission(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  WS_REQUIRE(in.good(), "--kernel: cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The submissions: the file, or every .cu directly in the folder, sorted by name.
std::vector<fs::path> submissions(const std::string& kernel) {
  WS_REQUIRE(!kernel.empty(), std::string("--kernel FILE.cu or a folder of them is needed"));
  WS_REQUIRE(fs::exists(kernel), "--kernel: '" + kernel + "' does not exist");
  if (!fs::is_directory(kernel)) return {fs::path(kernel)};
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kernel))
    if (entry.is_regular_file() && entry.path().extension() == ".cu") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  WS_REQUIRE(!files.empty(), "--kernel: the folder '" + kernel + "' holds no .cu file");
  return files;
}

std::string grade_row(const LabGrade& grade) {
  int passed = 0;
  for (const LabSizeGrade& size : grade.sizes) passed += size.passed;
  std::string first;
  for (const LabSizeGrade& size : grade.sizes)
    for (const lab::Diagnostic& d : size.diagnostics)
      if (first.empty() && is_failure(d.kind))
        first = size.name + ": " + diag_kind_id(d.kind) +
                (d.line > 0 ? " line " + std::to_string(d.line) : "") +
                (d.thread >= 0 ? " thread " + std::to_string(d.thread) : "");
  if (!grade.compiled && first.empty()) first = "does not compile";
  char row[512];
  std::snprintf(row, sizeof row, "%-28s %-4s %d/%zu  %s\n", grade.kernel_file.c_str(),
                grade.passed ? "PASS" : "FAIL", passed, grade.sizes.size(), first.c_str());
  return row;
}

void list_exercises() {
  for (const lab::Exercise& exercise : lab::exercises()) {
    std::string sizes;
    for (const lab::Size& size : exercise.sizes) sizes += (sizes.empty() ? "" : ",") + size.name;
    std::printf("%-14s %s  (kernel %s; sizes %s)\n", exercise.id.c_str(), exercise.title.c_str(),
                exercise.kernel.c_str(), sizes.c_str());
  }
}

int grade_all(const LabRequest& request) {
  const lab::Exercise& exercise = lab::find_exercise(request.exercise);
  const std::vector<fs::path> files = submissions(request.kernel);
  const bool folder = fs::is_directory(request.kernel);
  WS_REQUIRE(folder || request.json_dir.empty(),
             std::string("--json-dir is for a folder of submissions; use --json for one file"));
  WS_REQUIRE(request.timeout_s > 0, std::string("--timeout must be a positive number of seconds"));
  std::vector<std::string> sources;
  for (const fs::path& file : files) sources.push_back(read_submission(file.string()));
  LabGradeOptions options;
  options.backend = choose_backend(request.backend, false);
  options.sizes = request.sizes;
  options.timeout_s = request.timeout_s;
  options.worker_exe = request.worker_exe.empty() ? lab::self_executable() : request.worker_exe;
  options.assets_dir = data::data_path("assets");
  if (!request.json_dir.empty()) fs::create_directories(request.json_dir);

  bool all_passed = true;
  nlohmann::json all = nlohmann::json::array();
  std::string table;
  for (size_t i = 0; i < files.size(); ++i) {
    const LabGrade grade =
        grade_submission(exercise, sources[i], files[i].filename().string(), options);
    all_passed = all_passed && grade.passed;
    std::cout << grade_report(grade) << std::flush;
    const nlohmann::json j = grade_json(grade);
    all.push_back(j);
    if (!request.json_dir.empty())
      write_file_atomically((fs::path(request.json_dir) / files[i].stem()).string() + ".json",
                            j.dump(2) + "\n");
    table += grade_row(grade);
  }
  if (folder) std::cout << "\n" << table;
  if (!request.json_path.empty()) {
    const nlohmann::json out = folder ? nlohmann::json{{"exercise", exercise.id},
                                                       {"backend", backend_name(options.backend)},
                                                       {"submissions", all}}
                                      : all.front();
    write_file_atomically(request.json_path, out.dump(2) + "\n");
    std::cerr << "warpscope: wrote " << request.json_path << "\n";
  }
  return all_passed ? 0 : 1;
}

}  // namespace

int lab_command(const LabRequest& request) {
  // Usage errors (a bad id, a missing file, bad flags) exit 2; a failed check exits 1.
  try {
    if (request.list) {
      list_exercises();
      return 0;
    }
    WS_REQUIRE(!request.exercise.empty(),
               std::string("--exercise ID is needed (`warpscope lab --list` names them)"));
    if (request.starter) {
      const lab::Exercise& exercise = lab::find_exercise(request.exercise);
      std::cout << lab::read_exercise_file(exercise, data::data_path("assets"), "starter.cu");
      return 0;
    }
    return grade_all(request);
  } catch (const Error& e) {
    std::fprintf(stderr, "warpscope lab: error: %s\n", e.what());
    return 2;
  }
}

int lab_worker_command(const std::string& dir) {
  return lab::run_worker(dir);
}

}  // namespace ws::app
