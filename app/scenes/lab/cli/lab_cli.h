// The kernel lab's `lab` and `lab-worker` subcommands (the scene's SceneCommands): registered on
// the app's command line by registry.cpp before the parse, run after it.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "scene_kit/scene_commands.h"

namespace ws::app {

// `warpscope lab`: grade a kernel (or a folder of them) for a lab exercise; --list, --starter.
// 0 when everything passes, 1 when a check fails, 2 on a usage error (message on stderr).
struct LabRequest {
  bool list = false;
  bool starter = false;  // print the exercise's starter code
  std::string exercise;
  std::string kernel;  // a .cu file or a folder of them
  std::string backend;
  std::string json_path;  // one file: its grade; a folder: {exercise, backend, submissions}
  std::string json_dir;   // a folder: one <file stem>.json per submission
  std::vector<std::string> sizes;
  double timeout_s = 10;
  std::string worker_exe;  // "" = this executable
};
int lab_command(const LabRequest& request);
// `warpscope lab-worker DIR` (internal): runs DIR/job.bin, writes DIR/result.bin.
int lab_worker_command(const std::string& dir);

class LabCommands : public SceneCommands {
 public:
  explicit LabCommands(CLI::App& app);
  LabCommands(const LabCommands&) = delete;  // the options write into this object's fields
  LabCommands& operator=(const LabCommands&) = delete;

  // The exit status when `lab` or `lab-worker` was the command; nullopt otherwise.
  std::optional<int> run() const override;

 private:
  LabRequest request_;
  std::string worker_dir_;
  CLI::App* lab_ = nullptr;
  CLI::App* worker_ = nullptr;
};

}  // namespace ws::app
