// Lecture-mode captions (Scene::caption) from a trace: the facts of one step in words, the same
// sentences in every scene, so each scene adds only why its variant does what it does there.
#pragma once

#include <string>

#include "common/counters.h"
#include "common/trace.h"
#include "teach_pipeline.h"

namespace ws::app {

// The facts of step `step` of `trace` in the current language, two sentences at most: how many
// threads in how many warps read and wrote how many values in which memory, then the one thing
// most worth noticing — divergent warps, else bank conflicts, else atomics and their longest
// queue, else how many values changed (with `snapshots`), else the barrier. "" for a step out of
// range.
std::string step_facts(const Trace& trace, const Counters& counters, int step,
                       const Snapshots* snapshots = nullptr);

// "label — Why. Facts." — `why` and `facts` are whole sentences, each optional; `label`
// (optional; the trace step's label) is translated with tr_text. The step number is not repeated:
// the caption bar's header shows it.
std::string compose_caption(const std::string& label, const std::string& why,
                            const std::string& facts);

}  // namespace ws::app
