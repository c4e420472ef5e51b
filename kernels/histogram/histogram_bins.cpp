// Bins for the histogram (histogram.h): `count` equal bins over [lo, hi), or bins of a given width
// (the textbook's four letters a bin). Every check here names the problem in words a user can act
// on, because the numbers come straight from the scene's fields and the command line.
#include <cmath>
#include <cstdio>
#include <string>

#include "../common/error.h"
#include "histogram.h"

namespace ws::histogram {
namespace {

// A number the way a user typed it: "0.001", "1e9", "5", "nan".
std::string number(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%g", v);
  std::string s = text;
  const size_t e = s.find('e');
  if (e == std::string::npos) return s;
  std::string mantissa = s.substr(0, e), exponent = s.substr(e + 1);
  const bool negative = !exponent.empty() && exponent[0] == '-';
  if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) exponent.erase(0, 1);
  while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
  return mantissa + "e" + (negative ? "-" : "") + exponent;
}

void check_count(int count) {
  if (count < 1 || count > kMaxBins)
    throw Error("bins: expected 1.." + std::to_string(kMaxBins) + ", got " + std::to_string(count));
}

// The range as the floats both backends compare with: finite, lo below hi, hi - lo a finite float
// (bin_of subtracts in float).
void check_range(double lo, double hi) {
  if (!std::isfinite(lo)) throw Error("range: lo (" + number(lo) + ") is not a finite number");
  if (!std::isfinite(hi)) throw Error("range: hi (" + number(hi) + ") is not a finite number");
  const float flo = float(lo), fhi = float(hi);
  if (!std::isfinite(flo) || !std::isfinite(fhi))
    throw Error("range: " + number(lo) + ".." + number(hi) +
                " does not fit in float32 (at most about 3.4e38 either way)");
  if (!(lo < hi))
    throw Error("range: lo (" + number(lo) + ") must be below hi (" + number(hi) + ")");
  if (!(flo < fhi))
    throw Error("range: lo (" + number(lo) + ") and hi (" + number(hi) +
                ") are the same float32 number; widen the range");
  if (!std::isfinite(fhi - flo))
    throw Error("range: hi - lo (" + number(double(fhi) - double(flo)) +
                ") is too large for float32; narrow the range");
}

void check_inv_width(float inv_width, int count, double lo, double hi) {
  if (!(std::isfinite(inv_width) && inv_width > 0))
    throw Error("range: " + number(lo) + ".." + number(hi) + " is too narrow for " +
                std::to_string(count) + " bins in float32; widen it or use fewer bins");
}

}  // namespace

BinSpec make_bins(int count, double lo, double hi) {
  check_count(count);
  check_range(lo, hi);
  BinSpec b;
  b.count = count;
  b.lo = float(lo);
  b.hi = float(hi);
  b.inv_width = float(double(count) / (double(b.hi) - double(b.lo)));
  check_inv_width(b.inv_width, count, lo, hi);
  return b;
}

BinSpec make_bins_by_width(double lo, double hi, double width) {
  if (!(std::isfinite(width) && width > 0))
    throw Error("bin width: expected a positive finite number, got " + number(width));
  check_range(lo, hi);
  const double span = hi - lo;  // as the user typed it: 0..0.3 by 0.1 is 3 bins
  double count = std::ceil(span / width);
  // A quotient rounded up past an exact multiple (0.3 / 0.1 = 3.0000000000000004) would add an
  // empty bin: keep count - 1 bins when they already reach hi.
  if (count > 1 && (count - 1) * width >= span) count -= 1;
  if (count < 1) count = 1;
  if (count > kMaxBins) {
    char digits[64];
    std::snprintf(digits, sizeof digits, count < 1e15 ? "%.0f" : "%g", count);
    throw Error("bin width " + number(width) + " over " + number(lo) + ".." + number(hi) +
                " gives " + digits + " bins; at most " + std::to_string(kMaxBins));
  }
  BinSpec b;
  b.count = int(count);
  b.lo = float(lo);
  b.hi = float(hi);
  b.inv_width = float(1.0 / width);
  check_inv_width(b.inv_width, b.count, lo, hi);
  return b;
}

void validate(const BinSpec& b) {
  check_count(b.count);
  check_range(b.lo, b.hi);
  check_inv_width(b.inv_width, b.count, b.lo, b.hi);
}

BinSpec textbook_bins() {
  return make_bins_by_width('a', 'z' + 1, 4);
}

BinSpec bins_over_data(const Samples& s, int count) {
  double lo = 0, hi = 0;
  sample_range(s, lo, hi);
  if (lo == hi) {
    // One value: a range around it, so it lands in the middle bin of a valid spec.
    const double half = std::fmax(0.5, std::fabs(lo) * 0x1.0p-10);
    return make_bins(count, lo - half, hi + half);
  }
  // The largest sample must be counted: hi is the next float above it.
  float top = std::nextafter(float(hi), INFINITY);
  if (!std::isfinite(top)) top = float(hi);
  return make_bins(count, lo, top);
}

}  // namespace ws::histogram
