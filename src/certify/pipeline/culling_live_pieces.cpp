// Live-piece culling of the culling front end: spatial culling ([Zhang2007] Sec. 5) with
// motion-bound boxes over the pieces [k/N, (k+1)/N] of the motion, self pairs again through their
// JointSpaceCertificate and then in their common ancestor's frame, and (option taylor_models) the
// Taylor-model boxes of Sec. 5.2. See culling_front_end.h.

#include <algorithm>
#include <cmath>
#include <iterator>

#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/numeric.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "certify/pipeline/potentially_colliding_pairs.h"

namespace ompl_ccd
{
namespace culling
{
double nextLiveTime(const char *live, int samples, double t)
{
  // the piece holding t: its start k/N must not be past t whatever t·N rounded to
  int k = std::clamp(static_cast<int>(t * samples), 0, samples - 1);
  while (k > 0 && static_cast<double>(k) / samples > t)
    --k;
  for (; k < samples; ++k)
    if (live[k])
      return std::max(t, static_cast<double>(k) / samples);
  return numeric::kInfinity;
}

double largestChainRotation(const JointMotion &motion)
{
  const RobotModel &model = motion.model();
  std::vector<double> rotation(model.links().size(), 0.0);
  double largest = 0.0;
  for (std::size_t l = 0; l < model.links().size(); ++l)
  {
    const Link &link = model.links()[l];
    double own = 0.0;
    if (link.parent_joint >= 0)
    {
      const Joint &joint = model.joints()[link.parent_joint];
      if (joint.type == JointType::Revolute || joint.type == JointType::Continuous)
        own = std::fabs(motion.jointDelta(link.parent_joint));
      else if (joint.type == JointType::Floating)
        own = std::fabs(motion.rootRotationAngle());
    }
    rotation[l] = (link.parent_link >= 0 ? rotation[link.parent_link] : 0.0) + own;
    largest = std::max(largest, rotation[l]);
  }
  return largest;
}
}  // namespace culling

void CullingFrontEnd::computeAabbs(CullingWorkspace &ws, const JointMotion &motion, double inflation) const
{
  const std::size_t n = bodies_.size();
  // Motion-bound boxes: a body's boxes at k/N and (k+1)/N merged and widened by sweptBoxWidening
  // hold it over [k/N, (k+1)/N]: every point stays within μ/(2N) of its place at an end, and within
  // A/(8N²) of the chord between its two places, which lies in their box.
  std::vector<double> speed(n), widening(n);
  for (std::size_t b = 0; b < n; ++b)
    speed[b] = motionBound(motion, bodies_[b].ref.link, bodies_[b].reach, 0.0, 1.0);
  const double largest = n > 0 ? *std::max_element(speed.begin(), speed.end()) : 0.0;
  // as many pieces as keep the fastest body within swept_box_travel per piece, at most swept_box_samples
  const int samples = static_cast<int>(
      std::clamp(std::ceil(largest / options_.swept_box_travel), 1.0, static_cast<double>(options_.swept_box_samples)));
  ws.samples = samples;
  ws.counters.box_pieces = samples;
  for (std::size_t b = 0; b < n; ++b)
    widening[b] = sweptBoxWidening(
        speed[b], accelerationBound(motion, bodies_[b].ref.link, bodies_[b].reach, 0.0, 1.0), 1.0 / samples);
  ws.aabbs.assign(n, Eigen::AlignedBox3d());
  ws.sample_boxes.assign(n, Eigen::AlignedBox3d());
  ws.sampled_sweeps.assign(n, Eigen::AlignedBox3d());
  ws.piece_boxes.assign(n * samples, Eigen::AlignedBox3d());
  const std::size_t links = world_->robot().links().size();
  forwardKinematicsAlong(motion, samples, ws.kinematics, ws.sample_poses);
  for (int k = 0; k <= samples; ++k)
  {
    const Eigen::Isometry3d *X_WL = &ws.sample_poses[k * links];
    for (std::size_t b = 0; b < n; ++b)
    {
      const Eigen::AlignedBox3d box = worldAabb(X_WL[bodies_[b].ref.link], bodies_[b].box);
      Eigen::AlignedBox3d piece = box;
      if (k > 0)
        piece.extend(ws.sample_boxes[b]);
      ws.sample_boxes[b] = box;
      ws.sampled_sweeps[b].extend(box);
      if (k > 0)
      {
        const Eigen::Vector3d widen = Eigen::Vector3d::Constant(numeric::padUp(widening[b]) + inflation);
        ws.piece_boxes[b * samples + k - 1] = Eigen::AlignedBox3d(piece.min() - widen, piece.max() + widen);
        ws.aabbs[b].extend(ws.piece_boxes[b * samples + k - 1]);
      }
    }
  }
}

void CullingFrontEnd::cullPieces(CullingWorkspace &ws, double t_end, const OpenPairs *open) const
{
  // A pair whose boxes are apart during piece k is farther apart than the inflation all through
  // it: no certifier looks at the piece, and a pair with no live piece is culled. Pieces from
  // t_end on are not asked about.
  const int samples = ws.samples;
  ws.live_pieces.resize(ws.pcl.size() * samples);
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const BodyPair &pair = ws.pcl[i];
    const Eigen::AlignedBox3d obstacle = pair.b >= 0 ? Eigen::AlignedBox3d() : obstacleBox(pair.obstacle);
    for (int k = 0; k < samples; ++k)
    {
      const double t_a = static_cast<double>(k) / samples, t_b = static_cast<double>(k + 1) / samples;
      ws.live_pieces[i * samples + k] =
          t_a < t_end &&
          ws.piece_boxes[pair.a * samples + k].intersects(pair.b >= 0 ? ws.piece_boxes[pair.b * samples + k]
                                                                      : obstacle) &&
          (!open || open->mayMeet(pair, t_a, t_b));
    }
  }
  keepLivePairs(ws);
}

void CullingFrontEnd::restrictLivePieces(CullingWorkspace &ws, double t_end) const
{
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
    for (int k = 0; k < ws.samples; ++k)
      if (!(static_cast<double>(k) / ws.samples < t_end))
        ws.live_pieces[i * ws.samples + k] = 0;
  keepLivePairs(ws);
}

void CullingFrontEnd::keepLivePairs(CullingWorkspace &ws) const
{
  const int samples = ws.samples;
  keepPairs(ws, [&](std::size_t i) {
    const auto live = ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(i * samples);
    return std::find(live, live + samples, 1) != live + samples;
  });
}

void CullingFrontEnd::cullSelfPieces(CullingWorkspace &ws, const JointMotion &motion, double inflation) const
{
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const BodyPair &pair = ws.pcl[i];
    if (pair.b < 0)
      continue;
    // the certificate first: a cheap traversal that often leaves no piece for the boxes in the
    // ancestor's frame (each piece must pass both)
    if (const auto &certificate = certificates_[pair.a * bodies_.size() + pair.b])
      cullPiecesByCertificate(ws, motion, i, *certificate, inflation);
    cullSelfPiecesRelative(ws, motion, i, inflation);
  }
  keepLivePairs(ws);
}

void CullingFrontEnd::cullPiecesByCertificate(CullingWorkspace &ws, const JointMotion &motion, std::size_t i,
                                                      const JointSpaceCertificate &certificate, double inflation) const
{
  // a piece stays live only if it meets a span the certificate leaves open (asked over the live
  // pieces' range only)
  const int samples = ws.samples;
  const auto live = ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(i * samples);
  const auto first = std::find(live, live + samples, 1);
  if (first == live + samples)
    return;
  const auto last = std::find(std::make_reverse_iterator(live + samples), std::make_reverse_iterator(live), 1);
  ws.open_spans.clear();
  certificate.openSpans(motion, static_cast<double>(first - live) / samples,
                        static_cast<double>(samples - (last - std::make_reverse_iterator(live + samples))) / samples,
                        inflation, ws.open_spans);
  for (int k = 0; k < samples; ++k)
  {
    const double t_a = static_cast<double>(k) / samples, t_b = static_cast<double>(k + 1) / samples;
    ws.live_pieces[i * samples + k] =
        ws.live_pieces[i * samples + k] &&
        std::any_of(ws.open_spans.begin(), ws.open_spans.end(),
                    [&](const std::pair<double, double> &span) { return span.first <= t_b && t_a <= span.second; });
  }
}

void CullingFrontEnd::cullSelfPiecesRelative(CullingWorkspace &ws, const JointMotion &motion, std::size_t i,
                                                     double inflation) const
{
  // Two links move rigidly with their deepest common ancestor C: their distance is the one in C's
  // frame, where only the joints below C move them. Their boxes there, sampled and widened by the
  // motion bound relative to C (motion_bound.h), are apart during more pieces than the world
  // boxes whenever C itself moves.
  const RobotModel &robot = world_->robot();
  const BodyPair &pair = ws.pcl[i];
  const CullingBody &A = bodies_[pair.a], &B = bodies_[pair.b];
  const int ancestor = pair.ancestor;
  const int samples = ws.samples;
  const auto live = ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(i * samples);
  if (ancestor < 0 || robot.links()[ancestor].parent_joint < 0  // C is the fixed root: world boxes
      || std::find(live, live + samples, 1) == live + samples)
    return;
  const std::size_t links = robot.links().size();
  const auto widening = [&](const CullingBody &body) {
    const double mu = motionBound(motion, body.ref.link, body.reach, 0.0, 1.0, ancestor);
    const double acceleration = accelerationBound(motion, body.ref.link, body.reach, 0.0, 1.0, ancestor);
    return numeric::padUp(sweptBoxWidening(mu, acceleration, 1.0 / samples)) + inflation;
  };
  const double widen_a = widening(A), widen_b = widening(B);
  // the body's box in C's frame at sample k, widened (fixed when the body is on C itself)
  const auto boxInAncestor = [&](const CullingBody &body, int k, double widen) {
    const Eigen::Isometry3d *X_WL = &ws.sample_poses[k * links];
    const Eigen::AlignedBox3d box =
        body.ref.link == ancestor ? worldAabb(Eigen::Isometry3d::Identity(), body.box)
                                  : worldAabb(X_WL[ancestor].inverse() * X_WL[body.ref.link], body.box);
    return Eigen::AlignedBox3d(box.min().array() - widen, box.max().array() + widen);
  };
  int sampled = -1;  // the sample whose boxes are in start_a, start_b
  Eigen::AlignedBox3d start_a, start_b;
  for (int k = 0; k < samples; ++k)
  {
    if (!ws.live_pieces[i * samples + k])
      continue;
    if (sampled != k)
    {
      start_a = boxInAncestor(A, k, widen_a);
      start_b = boxInAncestor(B, k, widen_b);
    }
    const Eigen::AlignedBox3d end_a = boxInAncestor(A, k + 1, widen_a), end_b = boxInAncestor(B, k + 1, widen_b);
    ws.live_pieces[i * samples + k] = start_a.merged(end_a).intersects(start_b.merged(end_b));
    start_a = end_a;
    start_b = end_b;
    sampled = k + 1;
  }
}

template <typename Keep>
void CullingFrontEnd::keepPairs(CullingWorkspace &ws, const Keep &keep) const
{
  const std::size_t samples = static_cast<std::size_t>(ws.samples);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
    if (keep(i))
    {
      ws.pcl[kept] = ws.pcl[i];
      std::copy_n(ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(i * samples), samples,
                  ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(kept * samples));
      ++kept;
    }
  ws.pcl.resize(kept);
  ws.live_pieces.resize(kept * samples);
}

Eigen::AlignedBox3d CullingFrontEnd::obstacleBox(int obstacle) const
{
  const fcl::AABBd &box = world_->scene().object(obstacle).getAABB();
  return Eigen::AlignedBox3d(box.min_, box.max_);
}

double CullingWorkspace::nextLiveTime(std::size_t i, double t) const
{
  return culling::nextLiveTime(&live_pieces[i * samples], samples, t);
}

void CullingFrontEnd::refineAabbs(CullingWorkspace &ws, const JointMotion &motion, double inflation) const
{
  // Taylor-model boxes ([Zhang2007] Sec. 5.2), intersected with the swept boxes (both enclose the sweep).
  const std::size_t n = bodies_.size();
  const Eigen::Vector3d widen = Eigen::Vector3d::Constant(inflation);
  // pieces short enough that no chain turns by much more than a radian in one
  const int pieces =
      std::clamp(static_cast<int>(std::ceil(culling::largestChainRotation(motion))), 1, options_.max_taylor_pieces);
  // Only pairs that survived the swept boxes and whose sampled sweeps are apart can be culled by
  // any enclosing box (a Taylor box holds the sampled sweep): only their bodies are refined.
  std::vector<bool> in_play(n, false);
  bool any = false;
  for (const BodyPair &pair : ws.pcl)
    if (!ws.sampled_sweeps[pair.a].intersects(pair.b >= 0 ? ws.sampled_sweeps[pair.b] : obstacleBox(pair.obstacle)))
    {
      in_play[pair.a] = true;
      if (pair.b >= 0)
        in_play[pair.b] = true;
      any = true;
    }
  if (!any)
    return;
  std::vector<Eigen::AlignedBox3d> taylor_boxes(n);
  for (int k = 0; k < pieces; ++k)
  {
    linkTaylorPoses(motion, TaylorDomain(static_cast<double>(k) / pieces, static_cast<double>(k + 1) / pieces),
                    ws.taylor);
    for (std::size_t b = 0; b < n; ++b)
      if (in_play[b])
        taylor_boxes[b].extend(dynamicAabb(ws.taylor[bodies_[b].ref.link], bodies_[b].box));
  }
  for (std::size_t b = 0; b < n; ++b)
    if (in_play[b])
      ws.aabbs[b] = ws.aabbs[b].intersection(
          Eigen::AlignedBox3d(taylor_boxes[b].min() - widen, taylor_boxes[b].max() + widen));
  ws.counters.taylor_pieces = pieces;
}

void CullingFrontEnd::cullLivePieces(CullingWorkspace &ws, const JointMotion &motion, double inflation,
                                     double t_end, const OpenPairs *open) const
{
  // the cheap swept boxes first: over the whole motion (cullPairs), then piece by piece, then the
  // self pairs through their certificates and in their ancestor's frame
  computeAabbs(ws, motion, inflation);
  ws.pcl.clear();
  cullPairs(*world_, ws.aabbs, self_pairs_, ws.pcl);
  if (open)  // the pairs an earlier stage shows apart all along are gone before any piece is boxed
    ws.pcl.erase(std::remove_if(ws.pcl.begin(), ws.pcl.end(),
                                [&](const BodyPair &pair) { return !open->mayMeet(pair, 0.0, 1.0); }),
                 ws.pcl.end());
  cullPieces(ws, t_end, open);
  cullSelfPieces(ws, motion, inflation);
  // then the Taylor-model boxes (option taylor_models)
  if (options_.taylor_models && !ws.pcl.empty())
  {
    refineAabbs(ws, motion, inflation);
    keepPairs(ws, [&](std::size_t i) {
      const BodyPair &pair = ws.pcl[i];
      return ws.aabbs[pair.a].intersects(pair.b >= 0 ? ws.aabbs[pair.b] : obstacleBox(pair.obstacle));
    });
  }
  ws.counters.pcl_after_spatial_culling = static_cast<double>(ws.pcl.size());
}
}  // namespace ompl_ccd
