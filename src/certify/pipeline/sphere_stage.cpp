#include "certify/pipeline/sphere_stage.h"

#include <algorithm>
#include <tuple>

#include "certify/pipeline/sphere_contact.h"

namespace ompl_ccd
{
namespace
{
/// The order of open spans: by pair, then by start.
auto spanKey(const spheres::OpenSpan &span)
{
  return std::make_tuple(span.pair.a, span.pair.other, span.pair.obstacle, span.t0);
}
}  // namespace

SphereStageWorkspace::SphereStageWorkspace(const spheres::SphereModel &model)
  : sweep(model), collision(model.world())
{
}

bool SphereStageWorkspace::mayMeet(const BodyPair &pair, double t0, double t1) const
{
  const int other = pair.b >= 0 ? pair.b : -1, obstacle = pair.b >= 0 ? -1 : pair.obstacle;
  auto span = std::lower_bound(open.begin(), open.end(), std::make_tuple(pair.a, other, obstacle, -1.0),
                               [](const spheres::OpenSpan &s, const auto &key) { return spanKey(s) < key; });
  for (; span != open.end() && span->pair.a == pair.a && span->pair.other == other && span->pair.obstacle == obstacle;
       ++span)
    if (span->t0 < t1 && t0 < span->t1)
      return true;
  return false;
}

namespace
{
/// The stage's answers to the sweep: certificates for self pairs, double-precision confirmations.
class StageCaller : public spheres::SweepCaller
{
public:
  StageCaller(const spheres::SphereModel &model, SphereStageWorkspace &ws, const JointMotion &motion,
              const CertificateOf &certificate, double inflation)
    : model_(model), ws_(ws), motion_(motion), certificate_(certificate), inflation_(inflation)
  {
  }
  bool pairSpans(const spheres::SweepPair &pair, std::vector<std::pair<double, double>> &spans) const override
  {
    const JointSpaceCertificate *certificate = pair.other >= 0 ? certificate_.of(pair.a, pair.other) : nullptr;
    if (certificate)
      certificate->openSpans(motion_, 0.0, 1.0, inflation_, spans);
    return certificate != nullptr;
  }
  bool confirm(const spheres::InnerHit &hit) override
  {
    contact = confirmInnerHit(model_, ws_.collision, motion_, hit);
    return contact.has_value();
  }
  std::optional<Contact> contact;

private:
  const spheres::SphereModel &model_;
  SphereStageWorkspace &ws_;
  const JointMotion &motion_;
  const CertificateOf &certificate_;
  double inflation_;
};
}  // namespace

SphereStageResult SphereStage::run(SphereStageWorkspace &ws, const JointMotion &motion, const Query &query,
                                   const CertificateOf &certificate) const
{
  spheres::SweepSettings settings;
  settings.inflation = query.clearance + query.contact_distance;
  settings.inner = query.mode == Mode::Decide;
  SphereStageResult result;
  StageCaller caller(*model_, ws, motion, certificate, settings.inflation);
  spheres::SweepResult sweep = spheres::sweepEdge(*model_, ws.sweep, motion, settings, caller);
  result.batches = sweep.blocks;
  if (sweep.skipped)
    return result;  // everything open: no restriction
  if (sweep.confirmed_hit)
  {
    result.outcome = SphereStageResult::Outcome::Collision;
    result.contact = std::move(caller.contact);
    return result;
  }
  if (sweep.open.empty())
  {
    result.outcome = SphereStageResult::Outcome::Free;
    return result;
  }
  ws.open = std::move(sweep.open);
  for (spheres::OpenSpan &span : ws.open)  // named as the pipeline names pairs: by scene obstacle
    if (span.pair.obstacle >= 0)
      span.pair.obstacle = model_->obstacles()[span.pair.obstacle].scene_index;
  std::sort(ws.open.begin(), ws.open.end(), [](const auto &x, const auto &y) { return spanKey(x) < spanKey(y); });
  result.open = &ws;
  result.open_spans = static_cast<int>(ws.open.size());
  return result;
}
}  // namespace ompl_ccd
