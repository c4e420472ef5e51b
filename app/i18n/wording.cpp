#include "wording.h"

#include "i18n.h"

namespace ws {

std::string counted(int64_t n, const char* one, const char* many, bool commas) {
  return trf(n == 1 ? one : many, commas ? with_commas(n) : std::to_string(n));
}

std::string with_commas(int64_t v) {
  std::string digits = std::to_string(v < 0 ? -v : v), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (v < 0 ? "-" : "") + out;
}

std::string kernel_text(const std::string& english) {
  return tr_text(english);
}

std::string step_name_with_phase(const std::string& label, const std::string& phase) {
  if (label.find(phase) != std::string::npos) return tr_text(label);
  return trf("{0} ({1})", tr_text(label), tr_text(phase));
}

}  // namespace ws
