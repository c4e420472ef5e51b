// Pieces every exercise is built from: argument lists, seeded values, the standard Job, and the
// output check that names the first mismatches and the thread and line that wrote them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "exercise.h"

namespace ws::lab {

// Arguments for a signature, values empty.
Inputs empty_inputs(const std::vector<ArgSpec>& signature);

// The argument called `name` (ws::Error naming it when the exercise has none).
Arg& input(Inputs& inputs, const std::string& name);
const Arg& input(const Inputs& inputs, const std::string& name);

// The scalar argument `name` set to `value`; the array `name` set to `count` zeros (an output).
void set_scalar(Inputs& inputs, const std::string& name, int64_t value);
void set_zeros(Inputs& inputs, const std::string& name, int64_t count);

// n seeded integers in [lo, hi] (as doubles: exact in float for small ranges, so float sums are
// exact and the derived tolerance is a safety margin, not a crutch). `stream` separates arrays.
std::vector<double> seeded_integers(int64_t n, uint64_t seed, uint64_t stream, int lo, int hi);

// n seeded floats in [-1, 1), each exactly representable in float.
std::vector<double> seeded_floats(int64_t n, uint64_t seed, uint64_t stream);

// ceil(n / block).
int blocks_for(int64_t n, int block);
// A 1D launch over dims[0] elements, one thread each: the rule's block, enough blocks.
Launch line_launch(const Size& size, const BlockRule& rule);
// A 2D launch over an image of dims {width, height}: the rule's block, enough blocks to cover it.
Launch image_launch(const Size& size, const BlockRule& rule);

// The Job every exercise runs: args copied, launch from the exercise, traced unless the size is
// an untraced timing size on CUDA.
Job standard_job(const Exercise& exercise, Backend backend, const std::string& source,
                 const Size& size, const Inputs& inputs);

// Expected with `values` at the argument called `output` and every other argument ignored
// (ws::Error naming `output` when the signature has none).
Expected expected_for(const std::vector<ArgSpec>& signature, const std::string& output,
                      std::vector<double> values);

// Computes an output's expected values and their tolerances together (one pass over the inputs).
using ReferenceAndTolerance = std::function<void(
    const Size&, const Inputs&, std::vector<double>& values, std::vector<double>& tolerance)>;
// Sets e.reference and e.tolerance for the output argument `output` from one such computation.
void set_reference_and_tolerance(Exercise& e, const std::string& output,
                                 ReferenceAndTolerance compute);

// |got - expected| allowed for a float sum of `terms` products whose magnitudes add to
// `abs_sum`, computed in any order with one rounding per operation (or fused): (terms + 1) u.
double float_sum_tolerance(int64_t terms, double abs_sum);

// WrongAnswer diagnostics (at most 5) for the outputs that differ from `expected` by more than
// `tolerance` (same shape as expected; an empty inner vector: exact). An empty expected vector
// skips that argument. Each names array, index, expected, got, and from result.raw the thread
// that last wrote the element and its line.
std::vector<Diagnostic> compare_outputs(const Inputs& inputs, const Launch& launch,
                                        const Result& result, const Expected& expected,
                                        const Expected& tolerance = {});

}  // namespace ws::lab
