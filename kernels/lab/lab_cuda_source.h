// The program NVRTC compiles for a lab job: prepend_header()'s text (the lab header, then
// `#line 1 "<file>"`, so every line number is the student's, then the source), then a check that
// the kernel exists with the signature the job's arguments need (a static_assert in a pseudo-file,
// "ws_lab_signature", whose errors become one plain-English diagnostic).
#pragma once

#include <string>
#include <vector>

#include "lab/lab.h"

namespace ws::lab {

// What NVRTC calls the appended signature check.
inline constexpr const char* kSignatureFile = "ws_lab_signature";
// The appended check (starting with its #line directive).
std::string signature_check_source(const Job& job);
// prepend_header(job) (header, #line 1 "<file>", source) + the signature check. The kernel name
// must be an identifier (ws::Error otherwise). The mode (WS_LAB_CUDA, WS_LAB_TRACED) comes as
// NVRTC options.
std::string cuda_program_source(const Job& job);
// Replaces the diagnostics NVRTC wrote about the signature check by one that says what to declare.
void explain_signature_errors(const Job& job, std::vector<Diagnostic>& diagnostics);

}  // namespace ws::lab
