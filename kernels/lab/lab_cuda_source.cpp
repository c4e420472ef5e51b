// Builds the NVRTC program of a lab job and explains a wrong kernel signature. See
// lab_cuda_source.h.
#include "lab_cuda_source.h"

#include <algorithm>
#include <cctype>

#include "common/error.h"
#include "lab/lab_cpu.h"

namespace ws::lab {

namespace {

bool kernel_name_is_identifier(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  });
}

}  // namespace

std::string signature_check_source(const Job& job) {
  std::string types;
  for (size_t i = 0; i < job.args.size(); ++i) types += (i ? ", " : "") + param_type(job.args[i]);
  return std::string("\n#line 1 \"") + kSignatureFile +
         "\"\n"
         "namespace ws_lab_check {\n"
         "template <class A, class B> struct same { static constexpr bool value = false; };\n"
         "template <class A> struct same<A, A> { static constexpr bool value = true; };\n"
         "}\n"
         "static_assert(ws_lab_check::same<decltype(&" +
         job.kernel + "), void (*)(" + types + ")>::value, \"the kernel's signature\");\n";
}

std::string cuda_program_source(const Job& job) {
  WS_REQUIRE(kernel_name_is_identifier(job.kernel),
             "the kernel name '" + job.kernel + "' is not a C++ identifier");
  WS_REQUIRE(!job.file_name.empty() && job.file_name.find('"') == std::string::npos &&
                 job.file_name.find('\n') == std::string::npos,
             "the kernel's file name '" + job.file_name + "' cannot name a source file");
  return prepend_header(job, "") + signature_check_source(job);
}

void explain_signature_errors(const Job& job, std::vector<Diagnostic>& diagnostics) {
  const std::string prefix = std::string(kSignatureFile) + " line";
  bool undefined = false, any = false;
  for (const Diagnostic& d : diagnostics) {
    if (d.message.rfind(prefix, 0) != 0) continue;
    any = true;
    undefined = undefined || d.message.find("is undefined") != std::string::npos;
  }
  if (!any) return;
  // NVRTC's lookup of the kernel's lowered name ("__nv_name_map") fails for the same reason.
  diagnostics.erase(std::remove_if(diagnostics.begin(), diagnostics.end(),
                                   [&](const Diagnostic& d) {
                                     return d.message.rfind(prefix, 0) == 0 ||
                                            d.message.rfind("__nv_name_map line", 0) == 0;
                                   }),
                    diagnostics.end());
  // The CPU backend's words (lab_cpu_diagnostics.cpp), on the kernel's declaration line.
  Diagnostic d{DiagKind::CompileError};
  d.line = undefined ? 0 : kernel_declaration_line(job);
  d.message = d.line == 0 ? "no kernel named " + job.kernel + ": it must be declared as " +
                                kernel_signature(job)
                          : job.kernel + " must be declared as " + kernel_signature(job);
  diagnostics.push_back(std::move(d));
}

}  // namespace ws::lab
