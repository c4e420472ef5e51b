#include "spmv_matrix_source.h"

#include <utility>

#include "common/error.h"
#include "i18n/i18n.h"
#include "io/shipped_graphs.h"

namespace ws::app {

namespace {

bool is_generator(const std::string& matrix) {
  return matrix.rfind("gen:", 0) == 0;
}

spmv::CsrMatrix read_matrix(const SpmvSettings& s) {
  if (s.values) return spmv::parse_matrix_text(*s.values, "--values");
  if (s.matrix.empty()) throw Error("--matrix: empty (give a shipped name, a path or gen:SPEC)");
  if (is_generator(s.matrix)) {
    try {
      spmv::CsrMatrix m = spmv::generate_matrix(s.matrix.substr(4), s.seed);
      m.name = s.matrix;
      return m;
    } catch (const Error& e) {
      throw Error(std::string("--matrix ") + s.matrix + ": " + e.what());
    }
  }
  const GraphFile file = find_graph_file(
      s.matrix, "--matrix",
      std::string("or a path, or gen:SPEC with SPEC one of ") + spmv::generator_specs());
  spmv::LoadMatrixOptions o;
  o.symmetrize = file.symmetrize;
  return spmv::load_matrix(file.path, o);
}

}  // namespace

std::string matrix_key(const SpmvSettings& s) {
  if (s.values) return "values|" + *s.values;
  if (is_generator(s.matrix)) return s.matrix + "|seed " + std::to_string(s.seed);
  return "file|" + s.matrix;
}

void load_matrix_choice(SpmvSettings& s) {
  std::string key = matrix_key(s);
  std::shared_ptr<const spmv::CsrMatrix> m = s.loaded;
  if (!m || key != s.loaded_key) m = std::make_shared<const spmv::CsrMatrix>(read_matrix(s));
  std::vector<double> x;
  if (s.x_kind == spmv::XKind::Typed) {
    x = spmv::parse_vector_text(s.x_values, m->cols, "--x");
  } else {
    x = spmv::make_x(s.x_kind, m->cols, s.seed);
  }
  WS_REQUIRE(s.ell_width <= m->cols, "--ell-width: " + std::to_string(s.ell_width) +
                                         " is wider than the matrix's " + std::to_string(m->cols) +
                                         " columns (give 0.." + std::to_string(m->cols) +
                                         " or auto)");
  // Commit: nothing above changed the settings.
  s.loaded = std::move(m);
  s.loaded_key = std::move(key);
  s.x = std::make_shared<const std::vector<double>>(std::move(x));
}

std::string matrix_label(const SpmvSettings& s) {
  if (s.values && s.loaded)
    return "typed " + std::to_string(s.loaded->rows) + " x " + std::to_string(s.loaded->cols);
  if (s.values) return "typed";
  return s.matrix;
}

std::string matrix_summary(const spmv::CsrMatrix& m, const std::string& label) {
  return label + ": " + std::to_string(m.rows) + " x " + std::to_string(m.cols) + ", " +
         std::to_string(m.nnz()) + " nonzeros";
}

const std::vector<std::pair<std::string, std::string>>& matrix_examples() {
  static const std::vector<std::pair<std::string, std::string>> examples = {
      {"gen:pmpp", TR_NOOP("the book's 4 x 4 example (PMPP 14.1)")},
      {"karate", TR_NOOP("Zachary's karate club: 34 x 34, symmetric")},
      {"bcspwr10", TR_NOOP("US power grid: 5300 x 5300, very even rows")},
      {"minnesota", TR_NOOP("Minnesota roads: 2642 x 2642, at most 5 per row")},
      {"4elt", TR_NOOP("4elt finite-element mesh: 15606 x 15606")},
      {"gen:banded:64:2", TR_NOOP("banded: 5 diagonals, every row alike")},
      {"gen:poisson:8", TR_NOOP("2D Poisson, 5-point: 64 x 64, 3 to 5 per row")},
      {"gen:random:64:4", TR_NOOP("random: 4 uniform columns per row")},
      {"gen:powerlaw:10:8", TR_NOOP("power law (Kronecker): a few very long rows")},
  };
  return examples;
}

}  // namespace ws::app
