#pragma once
/// \file culling_front_end.h
/// The culling front end the certifiers share (ca, interval, toleranced): what can be decided or
/// discarded about a joint motion before any certifier's own method runs.
///   - Whole-robot probes ([Zhang2007] Sec. 8's early exit): the robot checked with FCL at one time,
///     as one state of OMPL's DiscreteMotionValidator — the robot's box against the scene's
///     broadphase, each body's box against the obstacles that box overlaps, then the self pairs
///     whose boxes overlap and whose JointSpaceCertificate does not bound them apart at that time.
///   - Live-piece culling ([Zhang2007] Sec. 5): the motion is cut into N pieces [k/N, (k+1)/N]; each
///     body's motion-bound box over each piece (its boxes at the piece's ends, widened by the motion
///     bound, motion_bound.h) is tested against the scene (robot box, then body boxes: two levels)
///     and against the other bodies; a self pair's pieces are culled again through its
///     JointSpaceCertificate and with its boxes in the frame of its deepest common ancestor; the
///     Taylor-model boxes of Sec. 5.2 are optional. What is left is the potentially colliding pairs
///     (PCL) and, for each, its *live* pieces: during a dead piece the pair is farther apart than the
///     inflation asked for (clearance + contact distance), so no certifier needs to look at it.
///
/// Thread safety: immutable after construction; every query takes a per-thread CullingWorkspace.
///
/// References: [Zhang2007] in README.md (section References).

#include <Eigen/Geometry>
#include <fcl/narrowphase/collision_object.h>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ompl_ccd/bound/dynamic_aabb.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/bound/taylor_pose.h"
#include "certify/pipeline/cache_file.h"
#include "ompl_ccd/certify/pipeline/culling_options.h"
#include "certify/pipeline/joint_space_certificate.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/geometry/fcl_geometry.h"
#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/kinematics.h"
#include "certify/pipeline/sphere_stage.h"

namespace ompl_ccd
{
/** \brief One link geometry ("body") as the front end sees it. */
struct CullingBody
{
  BodyRef ref;
  /** \brief Levers of the geometry about its link origin and joint axis (motion_bound.h). */
  BodyReach reach;
  /** \brief Box of the geometry in its link (dynamic AABBs). */
  LocalBox box;
};

/** \brief A configuration found in collision by a probe: the pair, the time, FCL's contact point
    and its normal from body a towards the other. */
struct ProbeHit
{
  BodyPair pair;
  double t = 0.0;
  Eigen::Vector3d point = Eigen::Vector3d::Zero(), normal = Eigen::Vector3d::Zero();
};

/** \brief What the front end counted on the last motion (a certifier adds these to its stats). */
struct CullingCounters
{
  double collision_probes = 0, box_pieces = 0, taylor_pieces = 0, pcl_after_spatial_culling = 0;
};

class CullingFrontEnd;

/** \brief Per-thread state of the front end: link poses, FCL objects of the bodies (their probe
    boxes set by the probes), the motion-bound boxes, and the result of cullLivePieces: the PCL and
    the live pieces of each pair. A certifier's own workspace may derive from it. */
struct CullingWorkspace
{
  explicit CullingWorkspace(const CullingFrontEnd &front_end);
  virtual ~CullingWorkspace() = default;

  /** \brief Whether PCL \a i may come within the inflation during piece \a k = [k/N, (k+1)/N]. */
  bool live(std::size_t i, int k) const { return live_pieces[i * static_cast<std::size_t>(samples) + k] != 0; }
  /** \brief The earliest time ≥ \a t in a live piece of PCL \a i (∞ if none). */
  double nextLiveTime(std::size_t i, double t) const;

  KinematicsWorkspace kinematics;
  /** \brief The motion and time whose link poses are in kinematics (none yet: null, NaN). */
  const JointMotion *posed_motion = nullptr;
  double posed_time = std::numeric_limits<double>::quiet_NaN();
  Eigen::VectorXd q;
  /** \brief mesh_objects[b]: body b's geometry; its AABB is set by the probes. */
  std::vector<std::unique_ptr<BoxedCollisionObject>> mesh_objects;
  /** \brief A probe's body boxes (world frame), the obstacles its robot box overlaps, and whether
      it has placed body b's mesh object. */
  std::vector<Eigen::AlignedBox3d> probe_boxes;
  std::vector<int> probe_obstacles;
  std::vector<char> probe_placed;
  std::vector<TaylorPose> taylor;
  /** \brief Body b's box over the whole motion, and its box at the last sample (scratch). */
  std::vector<Eigen::AlignedBox3d> aabbs, sample_boxes;
  /** \brief Union of body b's boxes at the samples k/N, not widened: inside every box enclosing its
      sweep, so two bodies whose sampled sweeps overlap keep overlapping boxes however tight. */
  std::vector<Eigen::AlignedBox3d> sampled_sweeps;
  /** \brief Link poses at the samples k/N, k = 0..N: link l's at [k · links + l]. */
  std::vector<Eigen::Isometry3d> sample_poses;
  /** \brief Motion-bound box of body b over piece k at [b · N + k], inflated. */
  std::vector<Eigen::AlignedBox3d> piece_boxes;
  /** \brief Pieces N of this motion. */
  int samples = 0;
  /** \brief For PCL i, whether it is live during piece k, at [i · N + k]. */
  std::vector<char> live_pieces;
  /** \brief A certificate's open spans (scratch). */
  std::vector<std::pair<double, double>> open_spans;
  /** \brief The potentially colliding pairs left by cullLivePieces. */
  std::vector<BodyPair> pcl;
  CullingCounters counters;
  /** \brief The sphere stage's state (null without the stage). */
  std::unique_ptr<SphereStageWorkspace> spheres;
};

/** \brief The shared culling front end; see the file comment. */
class CullingFrontEnd
{
public:
  /** \brief Lists the bodies (collisionBodies()) with their levers and boxes, the self pairs, and
      builds the certificates (on every core; shared between front ends of the same robot, and read
      from the certificate cache when it has them: sharedCertificates).
      \throws Error if an option is out of range (CullingOptions::validate()). */
  CullingFrontEnd(CollisionWorldPtr world, const CullingOptions &options = {});

  /** \brief The robot and scene. */
  const CollisionWorld &world() const { return *world_; }
  const CullingOptions &options() const { return options_; }
  /** \brief Every body, indexed as in BodyPair::a and ::b. */
  const std::vector<CullingBody> &bodies() const { return bodies_; }
  /** \brief The non-excluded self pairs. */
  const std::vector<BodyPair> &selfPairs() const { return self_pairs_; }
  /** \brief The sphere stage (CullingOptions::sphere_front_end), or null. */
  const SphereStage *sphereStage() const { return spheres_.get(); }
  /** \brief Self pair (a, b)'s certificate, or null. */
  const JointSpaceCertificate *certificate(const BodyPair &pair) const
  {
    return certificates_[pair.a * bodies_.size() + pair.b].get();
  }
  /** \brief Every scene pair and self pair: the PCL before any culling. */
  std::size_t pairCount() const { return bodies_.size() * world_->scene().obstacles().size() + self_pairs_.size(); }

  /** \brief Link poses at time \a t of \a motion into ws.kinematics, unless already there. */
  void poseAt(CullingWorkspace &ws, const JointMotion &motion, double t) const;
  /** \brief The whole robot checked for collision at time \a t (file comment); the first pair found
      in collision, with FCL's contact. Certifies nothing. */
  std::optional<ProbeHit> probeWholeRobot(CullingWorkspace &ws, const JointMotion &motion, double t) const;
  /** \brief Live-piece culling of \a motion (file comment): fills ws.pcl and ws.live_pieces; pieces
      starting at or after \a t_end are dead (a certifier that needs [0, t_end] only).
      \param inflation the distance that counts as contact (clearance + contact distance): a dead
             piece keeps the pair farther apart than that.
      \param open what an earlier stage left (the sphere stage), or null: pairs and pieces it shows
             apart, by more than the same inflation, are dead. */
  void cullLivePieces(CullingWorkspace &ws, const JointMotion &motion, double inflation, double t_end = 1.0,
                      const OpenPairs *open = nullptr) const;
  /** \brief After cullLivePieces: the pieces starting at or after \a t_end made dead, and the pairs
      left without a live piece dropped from ws.pcl. */
  void restrictLivePieces(CullingWorkspace &ws, double t_end) const;

private:
  friend struct CullingWorkspace;
  void computeAabbs(CullingWorkspace &ws, const JointMotion &motion, double inflation) const;
  void refineAabbs(CullingWorkspace &ws, const JointMotion &motion, double inflation) const;
  void cullPieces(CullingWorkspace &ws, double t_end, const OpenPairs *open) const;
  void cullSelfPieces(CullingWorkspace &ws, const JointMotion &motion, double inflation) const;
  void cullPiecesByCertificate(CullingWorkspace &ws, const JointMotion &motion, std::size_t i,
                               const JointSpaceCertificate &certificate, double inflation) const;
  void cullSelfPiecesRelative(CullingWorkspace &ws, const JointMotion &motion, std::size_t i, double inflation) const;
  void keepLivePairs(CullingWorkspace &ws) const;
  template <typename Keep>
  void keepPairs(CullingWorkspace &ws, const Keep &keep) const;
  Eigen::AlignedBox3d obstacleBox(int obstacle) const;
  const fcl::CollisionObjectd &placedForProbe(CullingWorkspace &ws, int b) const;

  CollisionWorldPtr world_;
  CullingOptions options_;
  std::vector<CullingBody> bodies_;
  std::vector<BodyPair> self_pairs_;
  /** \brief Certificate of self pair (a, b) at certificates_[a · bodies + b], or null. */
  std::vector<std::shared_ptr<const JointSpaceCertificate>> certificates_;
  std::shared_ptr<const SphereStage> spheres_;
};

namespace culling
{
/** \brief The earliest time ≥ \a t in a live piece of a pair, or ∞ if none.
    \param[in] live the pair's N = \a samples flags, piece k = [k/N, (k+1)/N] live iff live[k] ≠ 0.
    \pre samples ≥ 1; t ≥ 0. The piece holding t is found whatever t·N rounds to. */
double nextLiveTime(const char *live, int samples, double t);

/** \brief The largest Σ of rotation rates (radians per unit t) along the path from the root to a
    link: how finely the Taylor models cut the motion. */
double largestChainRotation(const JointMotion &motion);
}  // namespace culling
}  // namespace ompl_ccd
