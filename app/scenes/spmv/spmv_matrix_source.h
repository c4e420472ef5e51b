// The SpMV scene's matrix and x from its settings: typed rows (spmv::parse_matrix_text), a
// generator spec ("gen:poisson:64", spmv::generate_matrix with the seed), or a shipped matrix or
// graph / a file, found by the shared rules (io/shipped_graphs.h: short names, symmetrized edge
// lists) and read by spmv::load_matrix (the graph loaders; values in double precision). Every
// mode loads through here, so a matrix means the same in each.
#pragma once

#include <string>
#include <vector>

#include "spmv_settings.h"

namespace ws::app {

// What decides the matrix (typed text, the spec and seed, the file): two settings with the same
// key load the same matrix.
std::string matrix_key(const SpmvSettings& s);

// The matrix and x the settings name, loaded into them (loaded, loaded_key, x) unless they hold
// them already. Throws ws::Error naming the option: the loader's message (file and line), a
// matrix too large for memory (its size), a generator spec, typed rows or x that do not parse,
// x of the wrong length; the settings are then as they were.
void load_matrix_choice(SpmvSettings& s);

// The matrix as named on the command line and in headers: "typed 4 x 4", "bcspwr10.mtx",
// "gen:poisson:64".
std::string matrix_label(const SpmvSettings& s);
// "bcspwr10.mtx: 5300 x 5300, 21842 nonzeros" (English, for JSON and the terminal).
std::string matrix_summary(const spmv::CsrMatrix& m, const std::string& label);

// The shipped matrices and generators the matrix picker offers: (value of --matrix, description
// key for tr).
const std::vector<std::pair<std::string, std::string>>& matrix_examples();

}  // namespace ws::app
