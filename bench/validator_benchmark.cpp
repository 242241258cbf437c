/// \file validator_benchmark.cpp
/// Motion validators on the same random PRM-length edges, in one run: every validator named on the
/// command line (default: motionValidatorNames()), OMPL's DiscreteMotionValidator at resolutions
/// 0.01 and 0.001, and a per-link-pair FCL continuousCollide baseline. Edges are labelled free or
/// colliding by the soundness oracle of the tests (test/support/oracle.h). Prints Markdown tables:
/// median and p95 µs per checkMotion, collisions missed, false collisions, and ratios of medians to
/// discrete@0.01, separately for free and colliding edges; then the certifiers' mean statistics.
///
/// Usage: validator_benchmark [--edges N] [--seed S] [--validators a,b,c] [--no-shared]
///                            [--oracle-threads T] [--fcl-edges N] [--world NAME] [--cpu-time]

#include <benchmark/benchmark.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/continuous_collision.h>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"

// The edges are labelled by the very oracle the soundness tests use (test/support).
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"

namespace
{
using namespace ompl_ccd;
using test::Edge;
using test::OracleResult;
using test::OracleVerdict;

/** \brief Command-line settings. */
struct Settings
{
  std::size_t edges = 500;
  std::uint32_t seed = 1;
  std::vector<std::string> validators;
  bool shared = true;
  int oracle_threads = 2;
  /** \brief The FCL baseline takes seconds per edge on real robots: only the first N edges. */
  std::size_t fcl_edges = 20;
  /** \brief Only the worlds whose name contains this (all when empty). */
  std::string world;
  /** \brief Certifiers are measured again with each of these contact distances (metres), besides
      the default: the verdict semantics' one free parameter (certifier.h). */
  std::vector<double> contact_distances;
  /** \brief Time checkMotion(s1, s2, lastValid) — the first contact, as OMPL's KPIECE family and
      path repair ask — instead of checkMotion(s1, s2). */
  bool first_contact = false;
  /** \brief Time each call by the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID) instead of
      the wall clock: on a shared machine a call also waits for a core. */
  bool cpu_time = false;
};

Settings parseArguments(int argc, char **argv)
{
  Settings settings;
  settings.validators = motionValidatorNames();
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        throw std::runtime_error("validator_benchmark: " + arg + " needs a value.");
      return argv[++i];
    };
    if (arg == "--edges")
      settings.edges = std::stoul(value());
    else if (arg == "--seed")
      settings.seed = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--validators")
    {
      settings.validators.clear();
      std::stringstream list(value());
      for (std::string name; std::getline(list, name, ',');)
        if (!name.empty())
          settings.validators.push_back(name);
    }
    else if (arg == "--no-shared")
      settings.shared = false;
    else if (arg == "--oracle-threads")
      settings.oracle_threads = std::stoi(value());
    else if (arg == "--fcl-edges")
      settings.fcl_edges = std::stoul(value());
    else if (arg == "--world")
      settings.world = value();
    else if (arg == "--first-contact")
      settings.first_contact = true;
    else if (arg == "--cpu-time")
      settings.cpu_time = true;
    else if (arg == "--contact-distances")
    {
      std::stringstream list(value());
      for (std::string item; std::getline(list, item, ',');)
        settings.contact_distances.push_back(std::stod(item));
    }
    else
      throw std::runtime_error("validator_benchmark: unknown argument '" + arg +
                               "'; use --edges N, --seed S, --validators a,b,c, --no-shared, --oracle-threads T, --fcl-edges N, --world NAME, "
                               "--contact-distances d1,d2,..., --first-contact, --cpu-time");
  }
  return settings;
}

/** \brief Per-link-pair FCL continuous collision: each link geometry and each obstacle (or other
    link) with its world pose at q0 and at q1, interpolated by FCL (CCDM_LINEAR: translation linear,
    rotation about a fixed axis) — which is NOT the robot's joint motion — solved by conservative
    advancement (CCDC_CONSERVATIVE_ADVANCEMENT, libccd GJK) on RSS meshes, the only mesh BV whose
    motion bound FCL implements. Every pair is tried (no culling); the first contact ends the edge. */
class FclLinearCcd
{
public:
  explicit FclLinearCcd(const CollisionWorldPtr &world) : world_(world), kin0_(world->robot()), kin1_(world->robot())
  {
    request_.ccd_motion_type = fcl::CCDM_LINEAR;
    request_.ccd_solver_type = fcl::CCDC_CONSERVATIVE_ADVANCEMENT;
    request_.gjk_solver_type = fcl::GST_LIBCCD;
    const std::vector<Link> &links = world->robot().links();
    link_geometry_.resize(links.size());
    for (std::size_t l = 0; l < links.size(); ++l)
      for (const LinkGeometry &geometry : links[l].geometries)
        link_geometry_[l].push_back(convert(geometry.shape));
    for (const Obstacle &obstacle : world->scene().obstacles())
      obstacle_geometry_.push_back(convert(obstacle.shape));
  }

  /** \brief True iff some pair reports a contact. */
  bool collides(const Eigen::VectorXd &q0, const Eigen::VectorXd &q1)
  {
    const RobotModel &robot = world_->robot();
    forwardKinematics(robot, kin0_, q0);
    forwardKinematics(robot, kin1_, q1);
    auto pose = [&](const KinematicsWorkspace &kin, int l, std::size_t g) {
      return kin.X_WL[l] * robot.links()[l].geometries[g].X_LG;
    };
    const std::vector<Obstacle> &obstacles = world_->scene().obstacles();
    for (int l : world_->collidingLinks())
      for (std::size_t g = 0; g < link_geometry_[l].size(); ++g)
        for (std::size_t o = 0; o < obstacles.size(); ++o)
          if (pairCollides(link_geometry_[l][g], pose(kin0_, l, g), pose(kin1_, l, g), obstacle_geometry_[o],
                           obstacles[o].X_WG, obstacles[o].X_WG))
            return true;
    for (const auto &[a, b] : world_->selfPairs())
      for (std::size_t g = 0; g < link_geometry_[a].size(); ++g)
        for (std::size_t h = 0; h < link_geometry_[b].size(); ++h)
          if (pairCollides(link_geometry_[a][g], pose(kin0_, a, g), pose(kin1_, a, g), link_geometry_[b][h],
                           pose(kin0_, b, h), pose(kin1_, b, h)))
            return true;
    return false;
  }

private:
  static std::shared_ptr<fcl::CollisionGeometryd> convert(const CollisionShape &shape)
  {
    switch (shape.kind)
    {
      case CollisionShape::Kind::Mesh:
      {
        auto model = std::make_shared<fcl::BVHModel<fcl::RSSd>>();
        std::vector<fcl::Triangle> triangles;
        for (const Eigen::Vector3i &t : shape.mesh->triangles)
          triangles.emplace_back(t[0], t[1], t[2]);
        model->beginModel();
        model->addSubModel(shape.mesh->vertices, triangles);
        model->endModel();
        model->computeLocalAABB();
        return model;
      }
      case CollisionShape::Kind::Box:
        return std::make_shared<fcl::Boxd>(shape.box_size);
      case CollisionShape::Kind::Cylinder:
        return std::make_shared<fcl::Cylinderd>(shape.radius, shape.length);
      case CollisionShape::Kind::Sphere:
        return std::make_shared<fcl::Sphered>(shape.radius);
    }
    return nullptr;
  }

  /** \brief One pair; FCL's CA table has BVH × shape, not shape × BVH, so a mesh goes first. */
  bool pairCollides(const std::shared_ptr<fcl::CollisionGeometryd> &a, const Eigen::Isometry3d &a0,
                    const Eigen::Isometry3d &a1, const std::shared_ptr<fcl::CollisionGeometryd> &b,
                    const Eigen::Isometry3d &b0, const Eigen::Isometry3d &b1) const
  {
    fcl::ContinuousCollisionResultd result;
    if (a->getObjectType() != fcl::OT_BVH && b->getObjectType() == fcl::OT_BVH)
      fcl::continuousCollide(b.get(), b0, b1, a.get(), a0, a1, request_, result);
    else
      fcl::continuousCollide(a.get(), a0, a1, b.get(), b0, b1, request_, result);
    return result.is_collide;
  }

  CollisionWorldPtr world_;
  KinematicsWorkspace kin0_, kin1_;
  fcl::ContinuousCollisionRequestd request_;
  std::vector<std::vector<std::shared_ptr<fcl::CollisionGeometryd>>> link_geometry_;
  std::vector<std::shared_ptr<fcl::CollisionGeometryd>> obstacle_geometry_;
};

/** \brief One measured contender: a motion validator, or the FCL baseline. */
struct Contender
{
  std::string label;
  ompl::base::SpaceInformationPtr si;
  ompl::base::MotionValidatorPtr validator;
  std::unique_ptr<FclLinearCcd> fcl;
  /** \brief Edges measured: the first \e measured ones. */
  std::size_t measured = 0;
  /** \brief Per measured edge: answer (true = valid) and microseconds. */
  std::vector<bool> valid;
  std::vector<double> micros;
  /** \brief Certifiers only: sums of report statistics over the edges. */
  std::map<std::string, double> stat_sums;
  /** \brief Certifiers only: per measured edge, the verdict of certify() in the timed mode. */
  std::vector<std::optional<Verdict>> verdicts;
};

Contender validatorContender(const std::string &label, const std::string &name, const CollisionWorldPtr &world,
                             const ValidatorOptions &options)
{
  Contender c;
  c.label = label;
  ompl::geometric::SimpleSetupPtr setup = makeSimpleSetup(world, name, options);
  c.si = setup->getSpaceInformation();
  c.si->setup();
  c.validator = c.si->getMotionValidator();
  return c;
}

double percentile(std::vector<double> values, double p)
{
  if (values.empty())
    return std::nan("");
  std::sort(values.begin(), values.end());
  const std::size_t i = std::min(values.size() - 1, static_cast<std::size_t>(p * (values.size() - 1) + 0.5));
  return values[i];
}

std::string format(double value, int precision = 1)
{
  if (std::isnan(value))
    return "–";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", precision, value);
  return buffer;
}

/** \brief Times every contender on every labelled edge of \a bench and prints its tables. */
void runWorld(const test::NamedWorld &bench, const Settings &settings)
{
  const CollisionWorldPtr &world = bench.world;
  test::RandomEdgeOptions edge_options;
  edge_options.seed = settings.seed;
  const std::vector<Edge> edges = test::randomEdges(*world, settings.edges, edge_options);
  const auto oracle_start = std::chrono::steady_clock::now();
  const std::vector<OracleResult> labels = test::labelEdges(*world, edges, {}, settings.oracle_threads);
  const double oracle_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - oracle_start).count();
  std::size_t n_free = 0, n_colliding = 0, n_unresolved = 0;
  for (const OracleResult &label : labels)
  {
    n_free += label.verdict == OracleVerdict::CertifiedFree;
    n_colliding += label.verdict == OracleVerdict::Colliding;
    n_unresolved += label.verdict == OracleVerdict::Unresolved;
  }

  // OMPL's sampling validator at both resolutions is always measured: the ratios' reference.
  std::vector<Contender> contenders;
  for (double resolution : {0.01, 0.001})
  {
    ValidatorOptions options;
    options.resolution = resolution;
    contenders.push_back(validatorContender("discrete@" + format(resolution, 3), "discrete", world, options));
  }
  for (const std::string &name : settings.validators)
    if (name != "discrete")
    {
      contenders.push_back(validatorContender(name, name, world, {}));
      for (double contact_distance : settings.contact_distances)
      {
        ValidatorOptions options;
        options.contact_distance = contact_distance;
        std::ostringstream label;
        label << name << " contact " << contact_distance;
        contenders.push_back(validatorContender(label.str(), name, world, options));
      }
    }
  Contender fcl;
  fcl.label = "fcl-ca-linear (per pair)";
  fcl.fcl = std::make_unique<FclLinearCcd>(world);
  contenders.push_back(std::move(fcl));
  for (Contender &c : contenders)
  {
    c.measured = c.fcl ? std::min(settings.fcl_edges, edges.size()) : edges.size();
    c.valid.resize(c.measured);
    c.micros.resize(c.measured);
    c.verdicts.resize(c.measured);
  }

  // Each validator has its own space (a discrete validator sets its space's resolution), so the
  // states are made in that space.
  const auto now_us = [&] {
    if (!settings.cpu_time)
      return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
    timespec cpu{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    return 1e6 * static_cast<double>(cpu.tv_sec) + 1e-3 * static_cast<double>(cpu.tv_nsec);
  };
  auto measure = [&](Contender &c, std::size_t e, bool record) {
    const Edge &edge = edges[e];
    bool valid;
    double us;
    if (c.fcl)
    {
      const double t0 = now_us();
      valid = !c.fcl->collides(edge.q0, edge.q1);
      us = now_us() - t0;
    }
    else
    {
      ompl::base::State *s1 = c.si->allocState(), *s2 = c.si->allocState();
      vectorToState(world->robot(), edge.q0, s1);
      vectorToState(world->robot(), edge.q1, s2);
      std::pair<ompl::base::State *, double> last_valid(c.si->allocState(), 0.0);
      const double t0 = now_us();
      valid = settings.first_contact ? c.validator->checkMotion(s1, s2, last_valid) : c.validator->checkMotion(s1, s2);
      us = now_us() - t0;
      c.si->freeState(last_valid.first);
      const Mode mode = settings.first_contact ? Mode::FirstContact : Mode::Decide;
      if (record)
        if (auto certifying = std::dynamic_pointer_cast<const CertifyingMotionValidator>(c.validator))
        {
          const Report report = certifying->certify(s1, s2, mode);
          c.verdicts[e] = report.verdict;
          for (const auto &[key, value] : report.stats)
            c.stat_sums[key] += value;
        }
      c.si->freeState(s1);
      c.si->freeState(s2);
    }
    benchmark::DoNotOptimize(valid);
    if (record)
    {
      c.valid[e] = valid;
      c.micros[e] = us;
    }
  };
  for (std::size_t e = 0; e < std::min<std::size_t>(10, edges.size()); ++e)  // warm-up
    for (Contender &c : contenders)
      if (!c.fcl)
        measure(c, e, false);
  // Interleaved, in a shuffled order per edge, so that drift and the cache effects of the previous
  // call (another validator's data, or none of it after a long call) hit everyone alike.
  std::mt19937 shuffler(settings.seed);
  std::vector<std::size_t> order(contenders.size());
  for (std::size_t e = 0; e < edges.size(); ++e)
  {
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), shuffler);
    for (const std::size_t k : order)
      if (e < contenders[k].measured)
        measure(contenders[k], e, true);
  }

  std::cout << "\n### " << bench.name << "\n\n"
            << edges.size() << " edges (seed " << settings.seed << ", length 0.1–0.3 of the space extent); oracle: "
            << n_free << " certified free, " << n_colliding << " colliding, " << n_unresolved
            << " unresolved (excluded below), labelled in " << format(oracle_seconds, 1) << " s. fcl-ca-linear: first "
            << std::min(settings.fcl_edges, edges.size()) << " edges only.\n\n";

  auto times = [&](const Contender &c, OracleVerdict verdict) {
    std::vector<double> us;
    for (std::size_t e = 0; e < c.measured; ++e)
      if (labels[e].verdict == verdict)
        us.push_back(c.micros[e]);
    return us;
  };
  const Contender &reference = *std::find_if(contenders.begin(), contenders.end(),
                                             [](const Contender &c) { return c.label == "discrete@0.010"; });
  const double ref_free = percentile(times(reference, OracleVerdict::CertifiedFree), 0.5);
  const double ref_colliding = percentile(times(reference, OracleVerdict::Colliding), 0.5);
  std::cout << "| validator | free: median µs | free: p95 µs | free: ×discrete@0.01 | false collisions"
               " | colliding: median µs | colliding: p95 µs | colliding: ×discrete@0.01 | collisions missed |\n"
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const Contender &c : contenders)
  {
    std::size_t missed = 0, false_collisions = 0, free_edges = 0, colliding_edges = 0;
    for (std::size_t e = 0; e < c.measured; ++e)
    {
      missed += labels[e].verdict == OracleVerdict::Colliding && c.valid[e];
      false_collisions += labels[e].verdict == OracleVerdict::CertifiedFree && !c.valid[e];
      free_edges += labels[e].verdict == OracleVerdict::CertifiedFree;
      colliding_edges += labels[e].verdict == OracleVerdict::Colliding;
    }
    const std::vector<double> free_us = times(c, OracleVerdict::CertifiedFree);
    const std::vector<double> colliding_us = times(c, OracleVerdict::Colliding);
    const double free_median = percentile(free_us, 0.5), colliding_median = percentile(colliding_us, 0.5);
    std::cout << "| " << c.label << " | " << format(free_median) << " | " << format(percentile(free_us, 0.95))
              << " | " << format(free_median / ref_free, 2) << " | " << false_collisions << " / " << free_edges << " | "
              << format(colliding_median) << " | " << format(percentile(colliding_us, 0.95)) << " | "
              << format(colliding_median / ref_colliding, 2) << " | " << missed << " / " << colliding_edges << " |\n";
  }
  // The certifiers' own verdicts (certify() in the timed mode, outside the timed calls): how often
  // each is Undecided, its tail over all edges, and whether it agrees with ca where both decide.
  const auto ca = std::find_if(contenders.begin(), contenders.end(), [](const Contender &c) { return c.label == "ca"; });
  std::cout << "\n| certifier | undecided / edges | undecided on certified free | p99 µs (all edges) | max µs | "
               "decided by both it and ca | verdicts unlike ca's |\n|---|---:|---:|---:|---:|---:|---:|\n";
  for (const Contender &c : contenders)
  {
    if (c.stat_sums.empty())
      continue;
    std::size_t undecided = 0, undecided_free = 0, both = 0, unlike = 0;
    for (std::size_t e = 0; e < c.measured; ++e)
    {
      const bool open = c.verdicts[e] == Verdict::Undecided;
      undecided += open;
      undecided_free += open && labels[e].verdict == OracleVerdict::CertifiedFree;
      if (ca == contenders.end() || open || ca->verdicts[e] == Verdict::Undecided || !c.verdicts[e] || !ca->verdicts[e])
        continue;
      both += 1;
      unlike += c.verdicts[e] != ca->verdicts[e];
    }
    std::cout << "| " << c.label << " | " << undecided << " / " << c.measured << " | " << undecided_free << " | "
              << format(percentile(c.micros, 0.99)) << " | " << format(*std::max_element(c.micros.begin(), c.micros.end()))
              << " | " << both << " | " << unlike << " |\n";
  }
  for (const Contender &c : contenders)
  {
    if (c.stat_sums.empty())
      continue;
    std::cout << "\n"
              << c.label << ", mean report statistics per edge ("
              << (settings.first_contact ? "FirstContact" : "Decide") << " mode):";
    for (const auto &[key, sum] : c.stat_sums)
      std::cout << " " << key << " " << format(sum / c.measured, 2) << ";";
    std::cout << "\n";
  }
}
}  // namespace

int main(int argc, char **argv)
{
  try
  {
    const Settings settings = parseArguments(argc, argv);
    ompl::msg::setLogLevel(ompl::msg::LOG_WARN);
    std::cout << "## Motion validators on random PRM-length edges\n\n"
                 "Times are per checkMotion(s1, s2) call (with --first-contact: checkMotion(s1, s2, "
                 "lastValid)), single thread, interleaved over validators (with --cpu-time: the thread's CPU time). "
                 "Labels come from the soundness oracle (distance + speed-bound certification, dense "
                 "sampling at 1e-4, bisection). \"fcl-ca-linear\" checks every link/obstacle and link/link "
                 "pair with fcl::continuousCollide (CCDM_LINEAR, CCDC_CONSERVATIVE_ADVANCEMENT, libccd GJK, "
                 "RSS meshes) between the links' start and end poses: FCL interpolates each link's pose "
                 "linearly, which is not the robot's joint motion, so its misses are partly a different "
                 "motion, not only a different algorithm.\n";
    for (const test::NamedWorld &bench : test::robotWorlds(settings.shared))
      if (bench.name.find(settings.world) != std::string::npos)
        runWorld(bench, settings);
  }
  catch (const std::exception &e)
  {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
