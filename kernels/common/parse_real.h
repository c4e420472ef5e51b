// Floating-point parsing with std::from_chars's rules (no leading blanks or '+', no hex prefix,
// "inf" and "nan" accepted, the end of the number returned) on every standard library: the browser
// build's libc++ 14 has std::from_chars for integers only, so there it is strtod behind the same
// checks. The file readers and parameter parsers call this instead of std::from_chars for doubles.
#pragma once

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <string>
#include <system_error>

namespace ws {

inline std::from_chars_result from_chars_real(const char* first, const char* last, double& value) {
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  const std::from_chars_result invalid{first, std::errc::invalid_argument};
  if (first == last) return invalid;
  const char* digits = *first == '-' ? first + 1 : first;
  if (digits == last || *digits == '+' || *digits == ' ' || *digits == '\t' || *digits == '\n' ||
      *digits == '\r' || *digits == '\f' || *digits == '\v')
    return invalid;
  if (*digits == '0' && digits + 1 < last && (digits[1] == 'x' || digits[1] == 'X')) {
    value = 0;  // from_chars reads the "0" of "0x..." and stops
    return {digits + 1, std::errc()};
  }
  const std::string text(first, last);
  char* stop = nullptr;
  errno = 0;
  const double parsed = std::strtod(text.c_str(), &stop);
  if (stop == text.c_str()) return invalid;
  const char* end = first + (stop - text.c_str());
  if (errno == ERANGE) return {end, std::errc::result_out_of_range};
  value = parsed;
  return {end, std::errc()};
#else
  return std::from_chars(first, last, value);
#endif
}

}  // namespace ws
