// Golden-image comparison shared by the render tests: render, compare with golden/<name>.png
// within a per-test tolerance, and leave actual and diff images behind on failure.
#pragma once

#include <string>

#include "render/figure.h"

namespace ws::gfx::test {

void expect_matches_golden(const std::string& name, const DrawFn& draw,
                           const FigureOptions& options, int tolerance, double max_fraction_over);

}  // namespace ws::gfx::test
