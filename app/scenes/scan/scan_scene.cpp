// The scan scene's table of modes, its one parse (each mode's keys read by the mode the edit asks
// for), the files it opens and `bench --mode apps`.
#include "scan_scene.h"

#include <algorithm>

#include "common/error.h"
#include "compact/compact_mode.h"
#include "radix/radix_mode.h"
#include "scan/scan.h"
#include "scene_kit/file_params.h"
#include "segmented/segmented_mode.h"

namespace ws::app {

ScanScene::ScanScene() : ModalScene("scan", TR_NOOP("Parallel scan (prefix sums)")) {
  SceneCapabilities teach;
  teach.benchable = true;
  SceneCapabilities image = teach;
  image.takes_image = true;
  add_mode(
      {"scan", TR_NOOP("Scan (prefix sums)"), std::make_unique<ScanVariantsMode>(), teach, {}});
  add_mode({"compact", TR_NOOP("Stream compaction"), std::make_unique<CompactMode>(), image, {}});
  add_mode({"radix", TR_NOOP("Radix sort"), std::make_unique<RadixMode>(), teach, {}});
  add_mode({"segmented", TR_NOOP("Segmented scan"), std::make_unique<SegmentedMode>(), teach, {}});
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

BenchJob ScanScene::bench_job(const BenchRequest& request) const {
  if (request.mode == "apps") {  // the radix sort, then the compaction, as one report
    BenchRequest r = request;
    r.mode.clear();
    const BenchJob radix = find_mode<RadixMode>("radix")->bench_job(r);
    const BenchJob compact = find_mode<CompactMode>("compact")->bench_job(r);
    return translated([radix, compact](std::ostream& progress) {
      BenchReport sorts = radix(progress);
      BenchReport merged = merge_reports({sorts, compact(progress)});
      merged.json["mode"] = "apps";
      return merged;
    });
  }
  const std::vector<std::string> modes = capabilities().modes;
  if (!request.mode.empty() && std::find(modes.begin(), modes.end(), request.mode) == modes.end()) {
    std::string known;
    for (const std::string& m : modes) known += m + ", ";
    throw Error("bench --mode: unknown mode '" + request.mode + "' (" + known + "apps)");
  }
  return ModeTable::bench_job(request);
}

}  // namespace ws::app
