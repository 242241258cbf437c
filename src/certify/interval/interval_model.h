#pragma once
/// \file interval_model.h
/// Private to the interval certifier: its model (IntervalArithmetic::model()), immutable once built
/// and shared by every thread: the bodies' and obstacles' boxes, the line-swept spheres (stage 2),
/// the exact stage (stage 3, exact_pair_solver.h), the front end; and the steps of [Redon2004]
/// over a per-thread Workspace (interval_arithmetic.cpp).
///
/// References: [Redon2004] in README.md (section References).

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "certify/interval/exact_pair_solver.h"
#include "certify/interval/swept_sphere_culling.h"
#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"

namespace ompl_ccd
{
namespace pipeline
{
struct PairRun;     // certify/pipeline/pipeline.h
class TocBracket;  // certify/pipeline/pipeline.h
}  // namespace pipeline

namespace interval
{
/** \brief Conservative steps on the exact shapes per span before its OBB trees
    (PairContactRequest::approach_steps), in both modes: a pair closing in on a contact reaches it
    in a few dozen, and a pair that stays near but apart over a span (a mesh pair passing within
    millimetres) is proved apart without the OBB trees, which would descend to thousands of leaf
    pairs for it. */
constexpr int kApproachSteps = 200;

/** \brief The interval certifier's model: see the file comment. */
class Model
{
public:
  Model(CollisionWorldPtr world, const IntervalArithmeticOptions &options, const CullingOptions &culling);

  struct Workspace;
  /** \brief [Redon2004] on \a motion after the pipeline's start check and probes: stages 1–3 over
      the live runs. \pre checkQuery(query) passed. */
  Report certify(Workspace &ws, const JointMotion &motion, const Query &query) const;
  /** \brief A workspace for one thread. */
  std::unique_ptr<Workspace> makeWorkspace() const;

  const CollisionWorld &world() const { return *world_; }
  const IntervalArithmeticOptions &options() const { return options_; }
  const CullingFrontEnd &frontEnd() const { return front_end_; }

private:
  /** \brief What a time piece's body boxes (stage 1) come from: none yet, the plain interval
      products, or the narrowed ones (bound/taylor_pose.h). */
  static constexpr char kUnboxed = 0, kPlainBoxes = 1, kNarrowedBoxes = 2;
  /** \brief Every body's box over time piece \a k from the link poses \a poses says, into ws. */
  void boxPiece(Workspace &ws, const JointMotion &motion, int k, char poses) const;
  /** \brief Whether stage 1 or 2 proves \a pair farther than \a margin apart on time piece \a k
      (counted in ws). */
  bool culledOnPiece(Workspace &ws, const JointMotion &motion, const BodyPair &pair, int k, double margin) const;
  /** \brief Appends to ws.spans the spans of the time pieces of \a run, up to \a limit, that stages 1
      and 2 leave. */
  void addSpans(Workspace &ws, const JointMotion &motion, const pipeline::PairRun &run, double limit,
                double margin) const;
  /** \brief Mode::Decide: stages 1 and 2 on every live run, then span_probes FCL checks across each
      span left, earliest first; true (the contact in \a bracket) when one is in collision. */
  bool probeSpans(Workspace &ws, const JointMotion &motion, const Query &query, pipeline::TocBracket &bracket) const;
  /** \brief Stage 3 ([Redon2004] Sec. 5) on the spans, earliest first, each up to bracket.limit(),
      the live runs cut into spans (stages 1 and 2) as their turn comes, into \a bracket. */
  void exactStage(Workspace &ws, const JointMotion &motion, const Query &query, pipeline::TocBracket &bracket) const;
  /** \brief The report's statistics (the file comment lists them); \a budget a cap that ran out. */
  Stats statistics(const Workspace &ws, std::chrono::steady_clock::time_point start, const std::string &budget) const;

  CollisionWorldPtr world_;
  IntervalArithmeticOptions options_;
  /** \brief The shared culling front end (probes, live pieces). */
  CullingFrontEnd front_end_;
  /** \brief Stage 3, and its bodies (collisionBodies(world), as the front end's). */
  std::shared_ptr<const PairContactSolver> exact_;
  /** \brief Body boxes in their link frame, obstacle boxes in the world. */
  std::vector<Eigen::AlignedBox3d> body_boxes_L_, obstacle_boxes_;
  /** \brief Stage 2: each body's line-swept sphere. */
  std::shared_ptr<const SweptSphereCulling> swept_spheres_;
};
}  // namespace interval
}  // namespace ompl_ccd
