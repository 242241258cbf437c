#pragma once
/// \file sphere_stage.h
/// The sphere front end as the pipeline's first stage (docs/design.md, "The sphere front end"):
/// the edge sweep of spheres/edge_sweep.h on a motion, with its inner hits confirmed here in double
/// precision by the contact rule (sphere_contact.h), and what it leaves open handed to the culling
/// front end (cullLivePieces keeps only the pairs and pieces it names).
///   - Free: every pair's swept outer balls are apart by more than clearance + contact distance.
///   - Collision (Mode::Decide): a confirmed inner overlap: its configuration is the witness, its
///     time toc_upper; nothing is certified before it (toc_lower 0).
///   - Open: the pairs and stretches of the motion the balls leave, for the rest of the pipeline.
///
/// Thread safety: immutable; each thread has its own SphereStageWorkspace.

#include <memory>
#include <optional>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "certify/pipeline/joint_space_certificate.h"
#include "spheres/edge_sweep.h"
#include "spheres/sphere_model.h"

namespace ompl_ccd
{
/** \brief The pairs an earlier stage leaves, and when each may meet; everything else is shown
    apart. */
class OpenPairs
{
public:
  virtual ~OpenPairs() = default;
  /** \brief False only if \a pair is shown apart (by more than the query's inflation) all through
      [t0, t1]. */
  virtual bool mayMeet(const BodyPair &pair, double t0, double t1) const = 0;
};

/** \brief Per-thread state of the stage: the sweep's buffers, FCL objects for the contact rule's
    confirmations, and the last motion's open spans. */
class SphereStageWorkspace : public OpenPairs
{
public:
  explicit SphereStageWorkspace(const spheres::SphereModel &model);
  bool mayMeet(const BodyPair &pair, double t0, double t1) const override;

  spheres::SweepWorkspace sweep;
  CollisionWorkspace collision;
  /** \brief The open spans, ordered by pair (a, other, obstacle) then time. */
  std::vector<spheres::OpenSpan> open;
};

/** \brief What the stage decided on a motion. */
struct SphereStageResult
{
  enum class Outcome
  {
    Free,
    Collision,
    Open
  };
  Outcome outcome = Outcome::Open;
  /** \brief Outcome::Collision: the witness. */
  std::optional<Contact> contact;
  /** \brief Outcome::Open: the pairs and stretches left (the workspace's); null when the sweep
      did not run on this motion (everything open). */
  const OpenPairs *open = nullptr;
  int batches = 0;
  int open_spans = 0;
};

/** \brief The joint-space certificate of self pair (a, b), or null (for a stage without one: none). */
class CertificateOf
{
public:
  virtual ~CertificateOf() = default;
  virtual const JointSpaceCertificate *of(int a, int b) const = 0;
};

/** \brief The stage; see the file comment. */
class SphereStage
{
public:
  explicit SphereStage(std::shared_ptr<const spheres::SphereModel> model) : model_(std::move(model)) {}
  const spheres::SphereModel &model() const { return *model_; }
  std::unique_ptr<SphereStageWorkspace> makeWorkspace() const
  {
    return std::make_unique<SphereStageWorkspace>(*model_);
  }
  /** \brief The stage on \a motion for \a query (inner balls in Mode::Decide only); \a certificate
      gives a self pair's joint-space certificate, or null. */
  SphereStageResult run(SphereStageWorkspace &ws, const JointMotion &motion, const Query &query,
                        const CertificateOf &certificate) const;

private:
  std::shared_ptr<const spheres::SphereModel> model_;
};
}  // namespace ompl_ccd
