// Lecture-mode captions (Scene::caption) from a trace: the facts of one step in words, the same
// sentences in every scene, so each scene adds only why its variant does what it does there.
#pragma once

#include <string>

#include "common/counters.h"
#include "common/trace.h"
#include "teach_pipeline.h"

namespace ws::app {

// The facts of step `step` of `trace`, in the current language: how many threads in how many
// warps were active, how many values they read and wrote in which memory, how many values
// changed (with `snapshots`), the warps that diverged, bank conflicts, atomics and their longest
// queue, barriers. "" for a step out of range.
std::string step_facts(const Trace& trace, const Counters& counters, int step,
                       const Snapshots* snapshots = nullptr);

// "Step k of n (label). Why. Facts." — `why` and `facts` are whole sentences, each optional;
// `label` (optional) is translated with tr_text.
std::string compose_caption(int step, int step_count, const std::string& label,
                            const std::string& why, const std::string& facts);

}  // namespace ws::app
