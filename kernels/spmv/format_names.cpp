// The sparse formats' ids and titles (format.h).
#include <string>

#include "../common/error.h"
#include "format.h"

namespace ws::spmv {

namespace {

struct FormatName {
  SparseFormat format;
  const char* id;
  const char* title;
};

constexpr FormatName kFormatNames[] = {
    {SparseFormat::Coo, "coo", "COO (14.2)"},
    {SparseFormat::Csr, "csr", "CSR (14.3)"},
    {SparseFormat::Ell, "ell", "ELL (14.4)"},
    {SparseFormat::Hybrid, "hybrid", "hybrid ELL-COO (14.5)"},
    {SparseFormat::Jds, "jds", "JDS (14.6)"},
};

}  // namespace

const char* sparse_format_id(SparseFormat f) {
  for (const FormatName& n : kFormatNames)
    if (n.format == f) return n.id;
  return "?";
}

const char* sparse_format_title(SparseFormat f) {
  for (const FormatName& n : kFormatNames)
    if (n.format == f) return n.title;
  return "?";
}

SparseFormat parse_sparse_format(const std::string& text, std::string_view option) {
  for (const FormatName& n : kFormatNames)
    if (text == n.id) return n.format;
  throw Error(std::string(option) + ": expected coo, csr, ell, hybrid or jds, got '" + text + "'");
}

}  // namespace ws::spmv
