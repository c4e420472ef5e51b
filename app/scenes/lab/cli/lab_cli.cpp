#include "lab_cli.h"

namespace ws::app {

LabCommands::LabCommands(CLI::App& app) {
  lab_ = app.add_subcommand(
      "lab", "Grade a student's kernel for a lab exercise (docs/lab.md): every size, checked");
  lab_->add_flag("--list", request_.list, "List the exercises");
  lab_->add_option("--exercise", request_.exercise, "Exercise id (--list names them)");
  lab_->add_flag("--starter", request_.starter, "Print the exercise's starter code");
  lab_->add_option("--kernel", request_.kernel,
                   "The student's .cu file, or a folder: every .cu in it, with a summary table");
  lab_->add_option("--backend", request_.backend, "cpu or cuda (default: cuda if present)");
  lab_->add_option("--json", request_.json_path,
                   "Write the grade as JSON (a folder: every submission's in one file)");
  lab_->add_option("--json-dir", request_.json_dir,
                   "A folder of submissions: write <name>.json for each into this folder");
  lab_->add_option("--sizes", request_.sizes, "Sizes to run (default all: teach,odd,full)")
      ->delimiter(',');
  lab_->add_option("--timeout", request_.timeout_s,
                   "Seconds one run may take, compiling included (default 10)");
  // Internal: the process the lab runs a student's kernel in (not listed in --help).
  worker_ = app.add_subcommand("lab-worker", "");
  worker_->group("");
  worker_->add_option("dir", worker_dir_)->required();
}

std::optional<int> LabCommands::run() const {
  if (*lab_) return lab_command(request_);
  if (*worker_) return lab_worker_command(worker_dir_);
  return std::nullopt;
}

}  // namespace ws::app
