#pragma once
/// \file culling_options.h
/// The options of the culling front end every certifier runs first (src/certify/pipeline/): how
/// finely the motion is boxed, which self pairs get joint-space certificates, where those and
/// the bodies' convex hulls are cached between processes, and how many whole-robot and live-pair
/// probes open each mode.

#include <string>

namespace ompl_ccd
{
/** \brief The value of the option certificate_cache that means the default folder. */
inline constexpr const char *kDefaultCertificateCache = "default";
/** \brief The value of the option certificate_cache (or of the environment variable) that turns
    the cache off. */
inline constexpr const char *kNoCertificateCache = "off";
/** \brief The environment variable that sets the default folder (or "off"). */
inline constexpr const char *kCertificateCacheVariable = "OMPL_CCD_CERTIFICATE_CACHE";

/** \brief Knobs of the culling front end the certifiers share (`ca`, `toleranced`, `interval`);
    their ranges are the option schema's (validator_options.h), what they cost in bench/README.md. */
struct CullingOptions
{
  /** \brief Most pieces N of the motion-bound boxes: the boxes of the bodies at k/N, k = 0..N, those
      of each piece's two ends merged and widened by sweptBoxWidening (motion_bound.h: μ/(2N), or
      the chord's A/(8N²) when smaller). The boxes of each piece [k/N, (k+1)/N] also cull pairs
      piece by piece: a certifier skips the pieces during which a pair's boxes are apart. */
  int swept_box_samples = 32;
  /** \brief Metres: N is the fewest pieces over which the fastest body's motion bound μ is at
      most this much per piece (at most swept_box_samples). Short motions then pay for fewer
      poses. With the chord's second-order widening a piece's box is mostly the box of its two
      ends, so longer pieces lose little (bench/README.md). */
  double swept_box_travel = 0.5;
  /** \brief Self pairs moved relative to each other by at most this many joints (revolute or
      prismatic, at most 3) get a JointSpaceCertificate at construction: pieces of a motion along
      which it bounds the pair's distance by clearance + contact_distance are culled without any
      certifier's work. 0: none. */
  int certificate_max_dims = 2;
  /** \brief Largest certificate_max_dims: a certificate's cells are boxes of at most 3 joints. */
  static constexpr int kMaxCertificateDims = 3;
  /** \brief Most cells (exact distance queries at construction, built on every core) of each
      certificate: more cells cull more pieces and cost more construction time (bench/README.md). */
  int certificate_max_cells = 8192;
  /** \brief Where the certificates (and, for `ca`, the bodies' convex hulls) are cached between
      processes (certificateCacheFolder; certificate_cache.h, hull_cache.h): "default"
      (OMPL_CCD_CERTIFICATE_CACHE, else $XDG_CACHE_HOME/ompl_ccd, else ~/.cache/ompl_ccd), "off",
      or a folder. A second start of a validator for the same robot and options reads them instead
      of building them. Only a folder of the user's own that no one else can write is used, and
      only files tagged under the user's key are read (cache_file.h): no one else's file can
      change a verdict. */
  std::string certificate_cache = kDefaultCertificateCache;
  /** \brief Dynamic AABBs from Taylor models ([Zhang2007] Sec. 5.2) after the sampled
      motion-bound boxes, for the pairs whose sampled sweeps are apart (no tighter box can cull the
      others). Off by default: the sampled boxes leave them few pairs to cull, and composing the
      chain's Taylor models costs more than what they save (bench/README.md). */
  bool taylor_models = false;
  /** \brief Most Taylor sub-intervals: the motion is cut so that each piece turns any chain by at
      most about one radian. 1: one Taylor model over [0, 1]. */
  int max_taylor_pieces = 1;
  /** \brief Mode::Decide: first of all, the whole robot is checked at this many times of the
      bisection order 1/2, 1/4, 3/4, 1/8, ... (as OMPL's DiscreteMotionValidator orders its states);
      one in contact decides Collision before any bound is computed ([Zhang2007] Sec. 8). 0: none. */
  int early_probes = 3;
  /** \brief Mode::FirstContact (`ca`, `toleranced`): after the culling, the pairs it leaves are
      checked for collision at k/N, k = 0..N, for N this; the first time in collision, bisected
      against the free one before it, bounds the first contact from above, so that the certifier
      need certify the pairs only up to a tolerance before it. The probes certify nothing. 0: none. */
  int first_contact_probes = 16;
  /** \brief The sphere front end first (docs/design.md, "The sphere front end"): kLanes
      configurations of the edge at a time in SIMD lanes, inner balls proving contacts (Mode::Decide)
      and swept outer covers proving pairs apart, so that only what the balls leave reaches the
      culling boxes and the certifier's own stage. */
  bool sphere_front_end = false;
};

}  // namespace ompl_ccd
