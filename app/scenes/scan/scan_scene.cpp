// The scan scene's table of modes (with their lecture variants and code panel sources), its one
// parse (each mode's keys read by the mode the edit asks for), the files it opens and the
// benchmarks of its modes.
#include "scan_scene.h"

#include <algorithm>

#include "common/variant_table.h"
#include "common/error.h"
#include "compact/compact_mode.h"
#include "radix/radix_mode.h"
#include "radix_bench.h"
#include "scan/scan.h"
#include "scan_bench.h"
#include "scene_kit/file_params.h"
#include "segmented/segmented_mode.h"
#include "segmented_bench.h"

namespace ws::app {

namespace {

// Lecture mode's keys 1..9 in the scan mode: the variants.
std::vector<std::string> variant_ids(const ScanSettings& /*s*/) {
  return ws::variant_ids(scan::variant_infos());
}

// The code panels' sources: the variant's kernel, the compaction's and the segmented scan's teach
// kernels, `marker` the step's statement.
KernelSource scan_code(const ScanSettings& s, const std::string& marker) {
  const scan::Variant v = s.scan.params.variant;
  return {scan::kernel_source_file(v), scan::info(v).id, marker, ""};
}
KernelSource compact_code(const ScanSettings& /*s*/, const std::string& marker) {
  return {"kernels/compact/compact.cu", "teach", marker,
          TR_NOOP("The teach kernels, traced step by step; fast mode counts, scans and scatters "
                  "whole tiles (the file's header).")};
}
KernelSource segmented_code(const ScanSettings& /*s*/, const std::string& marker) {
  return {"kernels/segmented_scan/segmented_scan.cu", "teach", marker, ""};
}

}  // namespace

ScanScene::ScanScene() : ModalScene("scan", TR_NOOP("Parallel scan (prefix sums)")) {
  const auto teach = SceneCapabilities().with_bench();
  const auto image = SceneCapabilities(teach).with_image();
  add_mode({"scan",
            TR_NOOP("Scan (prefix sums)"),
            std::make_unique<ScanVariantsMode>(),
            teach,
            {},
            variant_ids,
            scan_code});
  add_mode({"compact",
            TR_NOOP("Stream compaction"),
            std::make_unique<CompactMode>(),
            image,
            {},
            nullptr,
            compact_code});
  // The radix sort's view decides its kernel: the mode's own kernel_source().
  add_mode({"radix", TR_NOOP("Radix sort"), std::make_unique<RadixMode>(), teach, {}});
  add_mode({"segmented",
            TR_NOOP("Segmented scan"),
            std::make_unique<SegmentedMode>(),
            teach,
            {},
            nullptr,
            segmented_code});
  // Every mode's benchmark, and `bench --mode apps`: the radix sort, then the compaction.
  set_bench([this](const BenchRequest& r,
                   const std::string& mode) { return scan_scene_bench_job(settings(), mode, r); },
            {"apps"});
}

ScanVariantsMode& ScanScene::scan_variants() const {
  return *find_mode<ScanVariantsMode>("scan");
}

std::optional<bool> inclusive_param(ParamReader& keys, const std::string& contradiction) {
  const std::optional<bool> inclusive = keys.flag("inclusive");
  const std::optional<bool> exclusive = keys.flag("exclusive");
  WS_REQUIRE(!inclusive || !exclusive || *inclusive != *exclusive, contradiction);
  return exclusive ? std::optional<bool>(!*exclusive) : inclusive;
}

void ScanScene::parse(ScanSettings& s, ParamReader& keys, std::string& mode) const {
  if (!keys.has("mode") && keys.has("segments")) mode = "segmented";
  if (mode == "compact")
    parse_compact(s.compact, keys);
  else if (mode == "radix")
    parse_radix(s.radix, keys);
  else if (mode == "segmented")
    parse_segmented(s.segmented, keys);
  else
    parse_scan_variants(s.scan, keys);
}

nlohmann::json ScanScene::to_json(const ScanSettings& s, const std::string& mode) const {
  if (mode == "compact") return compact_json(s.compact);
  if (mode == "radix") return radix_json(s.radix);
  if (mode == "segmented") return segmented_json(s.segmented);
  return scan_variants_json(s.scan);
}

nlohmann::json ScanScene::params_for_file(const FileInfo& file) const {
  if (file.kind == FileKind::Image) return {{"mode", "compact"}, {"image", file.path}};
  if (file.kind != FileKind::Text) return nullptr;
  const auto text =
      values_text_of(file, scan::kTeachMaxN,
                     "teach mode shows at most " + std::to_string(scan::kTeachMaxN) + " values");
  if (!text) return nullptr;
  const std::string target = mode() == "compact" ? "compact" : "scan";
  nlohmann::json params = values_params(*text, to_json(settings(), target));
  params["mode"] = target;
  return params;
}

BenchJob scan_scene_bench_job(const ScanSettings& s, const std::string& mode,
                              const BenchRequest& request) {
  if (mode == "compact") return bench::scan_apps_bench_job(request, bench::ScanApp::Compact);
  if (mode == "radix") return bench::scan_apps_bench_job(request, bench::ScanApp::Radix);
  if (mode == "segmented")  // the command line: an inclusive int32 sum unless --type
    return bench::segmented_bench_job(request,
                                      request.from_scene ? s.segmented.params : segscan::Params{});
  if (mode == "apps") {  // the radix sort, then the compaction, as one report
    const BenchJob radix = scan_scene_bench_job(s, "radix", request);
    const BenchJob compact = scan_scene_bench_job(s, "compact", request);
    return [radix, compact](std::ostream& progress) {
      BenchReport sorts = radix(progress);
      return merge_reports({sorts, compact(progress)});
    };
  }
  bench::ScanBenchChoice choice;  // the command line: an inclusive float32 sum (--type changes it)
  if (request.from_scene)         // fast mode: the scene's operator, scan, type and input
    choice = {s.scan.params.op, s.scan.params.type, s.scan.params.inclusive,
              s.scan.input.distribution, s.scan.input.seed};
  return bench::scan_bench_job(request, choice);
}

}  // namespace ws::app
