#include "file_router.h"

#include <filesystem>

#include "common/error.h"
#include "i18n/i18n.h"
#include "io/asset_path.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

std::string file_name(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  return name.empty() ? path : name;
}

std::string scene_list(const SceneHost& host) {
  std::string ids;
  for (const Scene* s : host.scenes) ids += (ids.empty() ? "" : ", ") + std::string(s->id());
  return ids;
}

// Files a session's parameters name (an image, a graph): decoded on a worker before it applies.
void session_files(const nlohmann::json& params, std::vector<FileInfo>& out) {
  for (const auto& item : params.items()) {
    if (!item.value().is_string()) continue;
    const std::string value = item.value().get<std::string>();
    if (value.empty() || value.size() > 4096) continue;
    std::error_code ec;
    const std::string path = resolve_asset_path(value);
    if (!std::filesystem::is_regular_file(path, ec)) continue;
    const FilePreview p = probe_file(path);
    if (p.ok() && (p.info.kind == FileKind::Image || p.info.kind == FileKind::Graph))
      out.push_back(p.info);
  }
}

// Asks `scene` for the parameters that show `file`; null when it does not take it. A scene that
// takes the kind but not this file (too many values) throws ws::Error with the reason.
nlohmann::json ask(const Scene& scene, const FileInfo& file) {
  nlohmann::json params = scene.params_for_file(file);
  if (!params.is_null() && !params.is_object())
    throw Error(std::string("scene '") + scene.id() + "' answered a file with no parameter object");
  return params;
}

}  // namespace

std::string open_failure(const std::string& path, const std::string& why) {
  return trf("cannot open {0}: {1}", file_name(path), why);
}

OpenPlan plan_open(const std::string& path, const SceneHost& host) {
  OpenPlan plan;
  plan.preview = probe_file(path);
  const FileInfo& file = plan.preview.info;
  if (!plan.preview.problem.empty()) {
    plan.error = open_failure(path, plan.preview.problem);
    return plan;
  }
  if (file.kind == FileKind::Session) {
    try {
      Session s = load_session(path);
      bool known = false;
      for (const Scene* scene : host.scenes) known = known || s.scene == scene->id();
      if (!known)
        throw Error(
            trf("the session is for the scene '{0}', which this warpscope does not have "
                "(scenes: {1})",
                s.scene, scene_list(host)));
      session_files(s.params, plan.preload);
      plan.session = std::move(s);
    } catch (const std::exception& e) {
      plan.error = open_failure(path, e.what());
    }
    return plan;
  }
  Scene& current = host.current();
  try {
    plan.params = ask(current, file);
    if (!plan.params.is_null()) {
      plan.scene = &current;
    } else {
      for (Scene* other : host.scenes) {
        if (other == &current) continue;
        plan.params = ask(*other, file);
        if (plan.params.is_null()) continue;
        plan.scene = other;
        plan.switches = true;
        break;
      }
    }
  } catch (const std::exception& e) {
    plan.error = open_failure(path, e.what());
    plan.scene = nullptr;
    return plan;
  }
  if (!plan.scene) {
    plan.error = open_failure(path, trf("no scene opens {0} files ({1})", kind_name(file.kind),
                                        describe_preview(plan.preview)));
    return plan;
  }
  if (file.kind == FileKind::Image || file.kind == FileKind::Graph) plan.preload.push_back(file);
  return plan;
}

std::string apply_plan(const OpenPlan& plan, SceneHost& host) {
  const std::string path = plan.preview.info.path;
  if (!plan.ok()) throw Error(plan.error);
  Scene& previous = host.current();
  if (plan.session) {
    try {
      host.apply_session(*plan.session);
    } catch (const std::exception& e) {
      // apply_session keeps the parameters of the scene it tried; the scene shown goes back too.
      if (&host.current() != &previous) {
        try {
          host.show(previous);
        } catch (const std::exception&) {
        }
      }
      throw Error(open_failure(path, e.what()));
    }
    return trf("opened the session {0} ({1})", file_name(path), tr(host.current().title()));
  }
  Scene& target = *plan.scene;
  if (&target == &previous) {
    std::string error;
    apply_edit(target, plan.params, error);
    if (!error.empty()) throw Error(open_failure(path, error));
    return trf("opened {0}", file_name(path));
  }
  // Another scene: its parameters first, while it is not shown (a bad file changes nothing), then
  // the switch, whose attach resets it; a reset that fails puts everything back.
  const nlohmann::json before = target.params_to_json();
  try {
    target.params_from_json(plan.params);
  } catch (const std::exception& e) {
    throw Error(open_failure(path, e.what()));
  }
  try {
    host.show(target);
  } catch (const std::exception& e) {
    try {
      target.params_from_json(before);
    } catch (const std::exception&) {
    }
    try {
      host.show(previous);
    } catch (const std::exception&) {
    }
    throw Error(open_failure(path, e.what()));
  }
  return trf("opened {0} in {1}: {2} does not take {3} files", file_name(path), tr(target.title()),
             tr(previous.title()), kind_name(plan.preview.info.kind));
}

OpenOutcome open_file_now(const std::string& path, SceneHost& host) {
  OpenOutcome out;
  try {
    out.message = apply_plan(plan_open(path, host), host);
    out.ok = true;
  } catch (const std::exception& e) {
    out.message = e.what();
  }
  return out;
}

}  // namespace ws::app
