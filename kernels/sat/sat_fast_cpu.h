// The CPU twins of the fast SAT launches (sat_fast_cpu.cpp), used by the CPU engine. in: w h
// samples (uint8_t for U8U32, float otherwise); out: w h values in the table type (uint32_t,
// float, double). Each twin follows its variant's order of additions where that is practical.
#pragma once

#include "sat.h"

namespace ws::sat {

void sat_fast_cpu(Variant v, Accum a, const void* in, void* out, int w, int h);

}  // namespace ws::sat
