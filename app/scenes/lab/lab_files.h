// The lab's files: an exercise's starter, solution and statement from the data folder
// (assets/lab/<id>/), a student's .cu read and written, and the program that runs student code
// in a process of its own (`warpscope lab-worker`).
#pragma once

#include <string>

namespace ws::app {

// assets/lab/<id>/<file> from the data folder; ws::Error naming the path when it is missing.
std::string lab_exercise_file(const std::string& exercise_id, const std::string& file);
std::string lab_starter(const std::string& exercise_id);
std::string lab_solution(const std::string& exercise_id);
// The statement in the app's language (statement.<en|zh>.md), the English one when there is no
// translation.
std::string lab_statement(const std::string& exercise_id);

// A student's kernel file; ws::Error naming `option` ("--kernel") and the path when it cannot
// be read, is empty, or is not text.
std::string read_kernel_file(const std::string& path, const std::string& option);
// Writes `source` to `path` through a temporary file; ws::Error naming the path.
void write_kernel_file(const std::string& path, const std::string& source);
// The file name without its folders ("a/b/k.cu" -> "k.cu").
std::string file_name_of(const std::string& path);

// The warpscope executable that runs student code out of process: $WARPSCOPE_LAB_WORKER when
// set (the scene tests name the built app), else this program when it is warpscope. "" when the
// variable says "in-process" or this program is not warpscope (a test linking the scenes): the
// kernel then runs inside this process.
std::string lab_worker_exe();

}  // namespace ws::app
