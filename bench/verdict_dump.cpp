// verdict_dump: every certifier's answer on every edge of the soundness suites and of every
// benchmark world, one line per edge and mode, with every double printed with %.17g — the record a
// change that must not change any verdict is compared by (run it on both builds, diff the output).
//
//   verdict_dump [--edges N] [--seed S] [--no-shared] [--world NAME] [--certifiers ca,toleranced,interval]
//                [--suite-only | --worlds-only] [--stats]
//
// A line: "<set> <certifier> <mode> <edge> <verdict> <toc_lower> <toc_upper>", then for a witness
// "<link> <other> <time> <distance> <point_a> <point_b> <normal>", then with --stats every counter
// as name=value (counters depend on how a certifier works, not on what it answers).
#include <ompl/base/ScopedState.h>

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/example_worlds.h"
#include "support/grazing_edges.h"
#include "support/random_edges.h"
#include "support/soundness_suite.h"

namespace ob = ompl::base;
using namespace ompl_ccd;

namespace
{
struct Settings
{
  std::size_t edges = 100;
  std::uint32_t seed = 20261127;
  bool shared = true, suite = true, worlds = true, stats = false;
  std::string world;
  std::vector<std::string> certifiers = {"ca", "toleranced", "interval"};
};

std::vector<std::string> splitCommas(const std::string &text)
{
  std::vector<std::string> parts;
  std::istringstream in(text);
  for (std::string part; std::getline(in, part, ',');)
    parts.push_back(part);
  return parts;
}

Settings readSettings(int argc, char **argv)
{
  Settings s;
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--edges" && has_value)
      s.edges = std::stoul(argv[++i]);
    else if (arg == "--seed" && has_value)
      s.seed = static_cast<std::uint32_t>(std::stoul(argv[++i]));
    else if (arg == "--world" && has_value)
      s.world = argv[++i];
    else if (arg == "--certifiers" && has_value)
      s.certifiers = splitCommas(argv[++i]);
    else if (arg == "--no-shared")
      s.shared = false;
    else if (arg == "--suite-only")
      s.worlds = false;
    else if (arg == "--worlds-only")
      s.suite = false;
    else if (arg == "--stats")
      s.stats = true;
    else
      throw std::runtime_error("verdict_dump: unknown argument '" + arg +
                               "'; use --edges N, --seed S, --no-shared, --world NAME, --certifiers a,b, "
                               "--suite-only, --worlds-only, --stats.");
  }
  return s;
}

void printVector(const Eigen::Vector3d &v)
{
  std::printf(" %.17g %.17g %.17g", v.x(), v.y(), v.z());
}

void printReport(const std::string &set, const std::string &certifier, Mode mode, std::size_t edge,
                 const Report &report, bool stats)
{
  std::printf("%s %s %s %zu %s %.17g %.17g", set.c_str(), certifier.c_str(), toString(mode), edge,
              toString(report.verdict), report.toc_lower, report.toc_upper);
  if (report.witness)
  {
    const Contact &w = *report.witness;
    std::printf(" %s %s %.17g %.17g", w.link.c_str(), w.other.c_str(), w.time, w.distance);
    printVector(w.point_a);
    printVector(w.point_b);
    printVector(w.normal);
  }
  if (stats)
    for (const auto &[name, value] : report.stats)
      std::printf(" %s=%.17g", name.c_str(), value);
  std::printf("\n");
}

/** \brief Every certifier's answers on \a edges of \a world, both modes, as lines named \a set. */
void dumpEdges(const std::string &set, const CollisionWorldPtr &world, const std::vector<test::Edge> &edges,
               const Settings &settings)
{
  const ob::SpaceInformationPtr si = makeSimpleSetup(world, "discrete")->getSpaceInformation();
  si->setup();
  std::string name = set;
  for (char &c : name)
    if (c == ' ')
      c = '_';
  for (const std::string &certifier : settings.certifiers)
  {
    const auto validator =
        std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator(certifier, si, world));
    if (!validator)
      throw std::runtime_error("verdict_dump: '" + certifier + "' is not a certifier");
    for (const Mode mode : {Mode::Decide, Mode::FirstContact})
      for (std::size_t e = 0; e < edges.size(); ++e)
      {
        ob::ScopedState<> s1(si), s2(si);
        vectorToState(world->robot(), edges[e].q0, s1.get());
        vectorToState(world->robot(), edges[e].q1, s2.get());
        printReport(name, certifier, mode, e, validator->certify(s1.get(), s2.get(), mode), settings.stats);
      }
  }
}

void dumpWorlds(const Settings &settings)
{
  for (const test::NamedWorld &world : test::robotWorlds(settings.shared, settings.world))
  {
    test::RandomEdgeOptions options;
    options.seed = settings.seed;
    std::vector<test::Edge> edges = test::randomEdges(*world.world, settings.edges, options);
    options.seed = settings.seed + 1000;
    for (const test::Edge &edge : test::sampledCollidingEdges(*world.world, settings.edges, options))
      edges.push_back(edge);
    if (world.thin_obstacles)
    {
      const test::GrazingEdges grazing = test::grazingEdges(*world.world, 10, settings.seed);
      edges.insert(edges.end(), grazing.missed_by_sampling.begin(), grazing.missed_by_sampling.end());
      edges.insert(edges.end(), grazing.near_misses.begin(), grazing.near_misses.end());
    }
    dumpEdges(world.name, world.world, edges, settings);
    std::fflush(stdout);
  }
}

void dumpSuite(const Settings &settings)
{
  test::SoundnessSuiteSizes sizes;
  sizes.arm_scene_random = settings.edges;
  sizes.snake_random = settings.edges / 5;
  sizes.thin_plates = settings.edges / 5;
  sizes.grazing_per_distance = 4;
  sizes.slivers = settings.edges / 10;
  sizes.fast_chain = 5;
  sizes.self_collision = settings.edges / 5;
  sizes.arm_self_random = settings.edges / 5;
  for (const test::AdversarialCase &c : test::soundnessSuite(sizes, settings.seed))
  {
    dumpEdges("suite:" + c.name, c.world, c.edges, settings);
    std::fflush(stdout);
  }
}
}  // namespace

int main(int argc, char **argv)
{
  try
  {
    const Settings settings = readSettings(argc, argv);
    if (settings.suite)
      dumpSuite(settings);
    if (settings.worlds)
      dumpWorlds(settings);
    return 0;
  }
  catch (const std::exception &error)
  {
    std::fprintf(stderr, "%s\n", error.what());
    return 1;
  }
}
