/// \file scale_soundness.cpp
/// Soundness at scale: the certifiers against the oracle of the soundness tests
/// (test/support/oracle.h: FCL's discrete queries and an independent speed bound) on over 100,000
/// edges — random PRM edges, edges with a sampled contact, edges leaving an obstacle's surface,
/// grazing cubes at −1e-3 … 1e-2 m (near misses and shallow touches), 1 mm plates, needle slivers,
/// fast chains and self-sweeping chains — of the bundled arm (in examples/scene.yaml and alone) and
/// snake, and of every other world of example_worlds.h's robotWorlds() (the shared robots in their
/// scenes when ../shared/data exists) with their own near misses. Every edge is certified in
/// Decide and in FirstContact mode.
///
/// Prints, per certifier and mode: edges, the oracle's labels, false Free (a colliding edge called
/// free: must be 0), toc_lower past the oracle's contact (as fatal), false Collision (an edge the
/// oracle proves free called colliding), Undecided, Collision witnesses that FCL does not find within
/// contact_distance of contact, and the certifier's time; then the same counts per family of edges.
/// A certifier too slow for every edge runs on every k-th edge of each case (--every NAME=k; default
/// interval=20,toleranced=20) and may leave out families whose name contains a text (--skip
/// NAME=text; none by default; --skip NAME= clears NAME's): the table says how many edges
/// each certified. --families TEXT runs only the families whose name contains TEXT (each keeps the
/// seed it has in a full run, to reproduce a finding). Every fatal edge (false Free, toc_lower past
/// the contact, a witness not in contact) is printed to stderr with its states and both answers.
///
/// --sphere-front-end on|off sets every certifier's option sphere_front_end (default: the default).
///
/// Usage: scale_soundness [--edges N] [--seed S] [--threads T] [--certifiers a,b,c]
///                        [--every NAME=k,...] [--skip NAME=text,...] [--families TEXT] [--no-shared]
///                        [--sphere-front-end on|off]

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/adversarial_scenes.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"
#include "support/shared_problems.h"
#include "support/test_paths.h"

namespace
{
using namespace ompl_ccd;
using test::AdversarialCase;
using test::Edge;

/** \brief Command-line settings. */
struct Settings
{
  std::size_t edges = 100000;
  std::uint32_t seed = 1;
  int threads = 2;
  std::vector<std::string> certifiers = {"ca", "interval", "toleranced"};
  /** \brief Certifier → k: it certifies edges 0, k, 2k, ... of each case. interval and toleranced
      cost 5–18 ms and 1–2 ms an edge (Decide–FirstContact; ca 0.25–0.7 ms; bench/README), besides
      the oracle's time: every 20th edge by default. */
  std::map<std::string, std::size_t> every = {{"interval", 20}, {"toleranced", 20}};
  /** \brief Certifier → families it leaves out (their name contains the text). */
  std::multimap<std::string, std::string> skip;
  /** \brief Only the families whose name contains this text (all when empty). */
  std::string families;
  bool shared = true;
  CullingOptions culling;
};

/** \brief "a=1,b=2" → {(a, 1), (b, 2)}. */
std::vector<std::pair<std::string, std::string>> pairs(const std::string &list)
{
  std::vector<std::pair<std::string, std::string>> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
  {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("scale_soundness: '" + item + "' is not NAME=VALUE.");
    out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return out;
}

Settings parseArguments(int argc, char **argv)
{
  Settings settings;
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        throw std::runtime_error("scale_soundness: " + arg + " needs a value.");
      return argv[++i];
    };
    if (arg == "--edges")
      settings.edges = std::stoul(value());
    else if (arg == "--seed")
      settings.seed = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--threads")
      settings.threads = std::max(1, std::stoi(value()));
    else if (arg == "--certifiers")
    {
      settings.certifiers.clear();
      std::stringstream list(value());
      for (std::string name; std::getline(list, name, ',');)
        settings.certifiers.push_back(name);
    }
    else if (arg == "--every")
      for (const auto &[name, k] : pairs(value()))
        settings.every[name] = std::max<std::size_t>(1, std::stoul(k));
    else if (arg == "--skip")
    {
      const auto given = pairs(value());
      for (const auto &[name, text] : given)
        settings.skip.erase(name);  // the defaults of the certifiers named
      for (const auto &[name, text] : given)
        if (!text.empty())
          settings.skip.emplace(name, text);
    }
    else if (arg == "--families")
      settings.families = value();
    else if (arg == "--no-shared")
      settings.shared = false;
    else if (arg == "--sphere-front-end")
    {
      const std::string on = value();
      if (on != "on" && on != "off")
        throw std::runtime_error("scale_soundness: --sphere-front-end takes on or off, not '" + on + "'.");
      settings.culling.sphere_front_end = on == "on";
    }
    else
      throw std::runtime_error("scale_soundness: unknown argument '" + arg +
                               "'; use --edges N, --seed S, --threads T, --certifiers a,b,c, --every NAME=k,..., "
                               "--skip NAME=text,..., --families TEXT, --no-shared, --sphere-front-end on|off.");
  }
  return settings;
}

/** \brief A family of edges: its name, its share of the edges, and how to make \a n of them. */
struct Family
{
  std::string name;
  double share;
  std::function<std::vector<AdversarialCase>(std::size_t n, std::uint32_t seed)> make;
};

/** \brief One case per shared problem world. */
std::vector<test::NamedWorld> sharedWorlds()
{
  std::vector<test::NamedWorld> worlds = test::robotWorlds(true);
  worlds.erase(worlds.begin());  // the bundled arm comes first
  return worlds;
}

/** \brief \a n random edges of \a world (one case). */
std::vector<AdversarialCase> randomCase(const std::string &name, const CollisionWorldPtr &world, std::size_t n,
                                        std::uint32_t seed)
{
  test::RandomEdgeOptions options;
  options.seed = seed;
  return {{name, world, test::randomEdges(*world, n, options)}};
}

/** \brief \a n random edges with a sampled contact, half of them then cut to start at the surface. */
std::vector<AdversarialCase> collidingCases(const std::string &name, const CollisionWorldPtr &world, std::size_t n,
                                            std::uint32_t seed)
{
  test::RandomEdgeOptions options;
  options.seed = seed;
  std::vector<Edge> colliding = test::sampledCollidingEdges(*world, n, options);
  AdversarialCase near_contact =
      test::nearContactCase(world, std::vector<Edge>(colliding.begin() + n / 2, colliding.end()));
  near_contact.name = name + " near-contact";
  colliding.resize(n / 2);
  return {{name + " sampled-colliding", world, std::move(colliding)}, std::move(near_contact)};
}

/** \brief Grazing cubes near misses (1e-5 … 1e-2 m) and touches (−1e-4, −1e-3 m): \a n edges, at
    most 48 (each case places its cube by bisection on the motion's minimum distance: about a
    second of CPU per case on Panda). */
std::vector<AdversarialCase> grazing(const CollisionWorldPtr &world, std::size_t n, std::uint32_t seed)
{
  const std::vector<double> distances = {-1e-3, -1e-4, 1e-5, 1e-4, 1e-3, 1e-2};
  const std::size_t per_distance = std::clamp<std::size_t>(n / (2 * distances.size()), 1, 4);
  return test::grazingCases(world, distances, per_distance, seed);
}

/** \brief Every family, shares summing to 1 (the shared worlds' families only with ../shared/data). */
std::vector<Family> families(bool shared)
{
  const CollisionWorldPtr arm_scene = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "");
  const CollisionWorldPtr snake = test::exampleWorld("snake/snake.urdf", "");
  // Shares: half the edges on the bundled robots, half on the shared worlds (renormalised when
  // ../shared/data is absent). Grazing cases are few: each places its cube by bisection on the
  // motion's minimum distance (seconds per case on Panda).
  std::vector<Family> out = {
      {"arm-scene random", 0.2, [=](std::size_t n, std::uint32_t s) { return randomCase("arm-scene random", arm_scene, n, s); }},
      {"arm-scene colliding", 0.1, [=](std::size_t n, std::uint32_t s) { return collidingCases("arm-scene", arm_scene, n, s); }},
      {"arm self random", 0.1, [=](std::size_t n, std::uint32_t s) { return randomCase("arm self random", arm, n, s); }},
      {"snake random", 0.06, [=](std::size_t n, std::uint32_t s) { return randomCase("snake random", snake, n, s); }},
      {"snake self-collision", 0.02, [=](std::size_t n, std::uint32_t s) {
         return std::vector<AdversarialCase>{test::selfCollisionCase(snake, n, s)};
       }},
      {"snake fast-chain", 0.01, [=](std::size_t n, std::uint32_t s) {
         return std::vector<AdversarialCase>{test::fastChainCase(snake, n, s)};
       }},
      {"arm grazing", 0.004, [=](std::size_t n, std::uint32_t s) { return grazing(arm, n, s); }},
      {"arm thin-plate", 0.003, [=](std::size_t n, std::uint32_t s) { return test::thinPlateCases(arm, n / 2, s); }},
      {"arm sliver", 0.003, [=](std::size_t n, std::uint32_t s) { return test::sliverCases(arm, n / 2, s); }},
  };
  if (shared && test::sharedDataPath(""))
  {
    const std::vector<test::NamedWorld> worlds = sharedWorlds();
    const double per_world = 0.5 / static_cast<double>(worlds.size());
    for (const test::NamedWorld &world : worlds)
    {
      const CollisionWorldPtr w = world.world;
      out.push_back({world.name + " random", 0.64 * per_world,
                     [=](std::size_t n, std::uint32_t s) { return randomCase(world.name + " random", w, n, s); }});
      out.push_back({world.name + " colliding", 0.356 * per_world,
                     [=](std::size_t n, std::uint32_t s) { return collidingCases(world.name, w, n, s); }});
      out.push_back({world.name + " grazing", 0.004 * per_world,
                     [=](std::size_t n, std::uint32_t s) { return grazing(w, n, s); }});
    }
  }
  double total = 0.0;
  for (const Family &family : out)
    total += family.share;
  for (Family &family : out)
    family.share /= total;
  return out;
}

/** \brief A certifier of \a world by name, at default options but for \a culling. */
std::unique_ptr<Certifier> makeCertifier(const std::string &name, const CollisionWorldPtr &world,
                                         const CullingOptions &culling)
{
  if (name == "ca")
    return std::make_unique<ConservativeAdvancement>(world, ConservativeAdvancementOptions{}, culling);
  if (name == "interval")
    return std::make_unique<IntervalArithmetic>(world, IntervalArithmeticOptions{}, culling);
  if (name == "toleranced")
    return std::make_unique<TolerancedMotion>(world, TolerancedMotionOptions{}, culling);
  throw std::runtime_error("scale_soundness: unknown certifier '" + name + "'; use ca, interval, toleranced.");
}

/** \brief Counts of one certifier in one mode (over a family or all). */
struct Count
{
  test::SoundnessTally tally;
  /** \brief Collision witnesses FCL finds farther than contact_distance from contact. */
  std::size_t bad_witnesses = 0;
  double seconds = 0.0;

  void merge(const Count &other)
  {
    test::SoundnessTally &t = tally;
    const test::SoundnessTally &o = other.tally;
    t.edges += o.edges;
    t.oracle_colliding += o.oracle_colliding;
    t.oracle_free += o.oracle_free;
    t.oracle_unresolved += o.oracle_unresolved;
    t.report_free += o.report_free;
    t.report_collision += o.report_collision;
    t.report_undecided += o.report_undecided;
    t.false_free += o.false_free;
    t.toc_lower_past_contact += o.toc_lower_past_contact;
    t.false_collision += o.false_collision;
    bad_witnesses += other.bad_witnesses;
    seconds += other.seconds;
  }
};

const Mode kModes[] = {Mode::Decide, Mode::FirstContact};

/** \brief Prints edge \a i of \a c, which \a name got fatally wrong in \a mode, to stderr, with FCL's
    distance at the report's witness (0 unless Collision). */
void printFatal(const std::string &name, const AdversarialCase &c, std::size_t i, Mode mode, const Report &report,
                double witness_distance, const test::OracleResult &oracle, std::mutex &print)
{
  const Eigen::IOFormat row(Eigen::FullPrecision, Eigen::DontAlignCols, " ", " ");
  const std::lock_guard<std::mutex> lock(print);
  std::fprintf(stderr,
               "FATAL %s %s: %s edge %zu: verdict %s, toc [%.17g, %.17g], FCL distance at the witness %.3g m; "
               "oracle %s, toc [%.17g, %.17g], certified until %.17g\n",
               name.c_str(), toString(mode), c.name.c_str(), i, toString(report.verdict), report.toc_lower,
               report.toc_upper, witness_distance, test::toString(oracle.verdict), oracle.toc_lo,
               oracle.toc_hi, oracle.certified_until);
  std::stringstream states;
  states << "  q0 " << c.edges[i].q0.transpose().format(row) << "\n  q1 " << c.edges[i].q1.transpose().format(row);
  std::fprintf(stderr, "%s\n", states.str().c_str());
}

/** \brief Certifies edges \a chosen of case \a c with \a name in both modes, on \a threads threads;
    adds to \a counts[mode]. */
void certifyCase(const std::string &name, const AdversarialCase &c, const std::vector<test::OracleResult> &labels,
                 const std::vector<std::size_t> &chosen, int threads, const CullingOptions &culling,
                 std::array<Count, 2> &counts)
{
  const std::unique_ptr<Certifier> certifier = makeCertifier(name, c.world, culling);
  std::atomic<std::size_t> next{0};
  std::mutex merge;
  auto work = [&] {
    auto ws = certifier->makeWorkspace();
    CollisionWorkspace fcl(*c.world);
    std::array<Count, 2> local;
    for (std::size_t k = next++; k < chosen.size(); k = next++)
    {
      const std::size_t i = chosen[k];
      const JointMotion motion(c.world->robot(), c.edges[i].q0, c.edges[i].q1);
      for (int m = 0; m < 2; ++m)
      {
        Query query;
        query.mode = kModes[m];
        const auto start = std::chrono::steady_clock::now();
        const Report report = certifier->certify(*ws, motion, query);
        local[m].seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const test::Classification classified = test::classify(report, labels[i], query.tolerance);
        local[m].tally.add(report, labels[i], classified);
        // FCL's distance at the witness (infinite when a Collision has none).
        double witness_distance = 0.0;
        if (report.verdict == Verdict::Collision)
          witness_distance = report.witness ? minimumDistance(*c.world, fcl, motion.stateAt(report.witness->time))
                                            : std::numeric_limits<double>::infinity();
        const bool bad_witness = witness_distance > query.contact_distance;
        local[m].bad_witnesses += bad_witness;
        if (classified.false_free || classified.toc_lower_past_contact || bad_witness)
          printFatal(name, c, i, kModes[m], report, witness_distance, labels[i], merge);
      }
    }
    const std::lock_guard<std::mutex> lock(merge);
    for (int m = 0; m < 2; ++m)
      counts[m].merge(local[m]);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t)
    pool.emplace_back(work);
  work();
  for (std::thread &thread : pool)
    thread.join();
}

void printRow(const std::string &what, const std::string &mode, const Count &c)
{
  const test::SoundnessTally &t = c.tally;
  std::printf("| %s | %s | %zu | %zu / %zu / %zu | **%zu** | %zu | %zu | %zu | %zu | %.1f |\n", what.c_str(),
              mode.c_str(), t.edges, t.oracle_colliding, t.oracle_free, t.oracle_unresolved, t.false_free,
              t.toc_lower_past_contact, t.false_collision, t.report_undecided, c.bad_witnesses, c.seconds);
}

int run(const Settings &settings)
{
  const std::vector<Family> all = families(settings.shared);
  std::printf("# scale_soundness: %zu edges requested, seed %u, %d threads, %zu families, sphere front end %s\n\n",
              settings.edges, settings.seed, settings.threads, all.size(),
              settings.culling.sphere_front_end ? "on" : "off");
  std::map<std::string, std::array<Count, 2>> totals;
  std::vector<std::pair<std::string, std::map<std::string, std::array<Count, 2>>>> by_family;
  std::size_t total_edges = 0;
  double oracle_seconds = 0.0;
  std::uint32_t seed = settings.seed;
  for (const Family &family : all)
  {
    const std::uint32_t family_seed = seed;
    seed += 7919;
    if (family.name.find(settings.families) == std::string::npos)
      continue;
    const auto made = std::chrono::steady_clock::now();
    const std::size_t n = std::max<std::size_t>(2, static_cast<std::size_t>(family.share * settings.edges));
    const std::vector<AdversarialCase> cases = family.make(n, family_seed);
    std::map<std::string, std::array<Count, 2>> counts;
    std::size_t edges = 0;
    for (const AdversarialCase &c : cases)
    {
      const auto start = std::chrono::steady_clock::now();
      const std::vector<test::OracleResult> labels = test::labelEdges(*c.world, c.edges, {}, settings.threads);
      oracle_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      edges += c.edges.size();
      for (const std::string &name : settings.certifiers)
      {
        bool skipped = false;
        for (auto [it, end] = settings.skip.equal_range(name); it != end; ++it)
          skipped = skipped || family.name.find(it->second) != std::string::npos;
        if (skipped)
          continue;
        const auto every = settings.every.find(name);
        const std::size_t k = every == settings.every.end() ? 1 : every->second;
        std::vector<std::size_t> chosen;
        for (std::size_t i = 0; i < c.edges.size(); i += k)
          chosen.push_back(i);
        certifyCase(name, c, labels, chosen, settings.threads, settings.culling, counts[name]);
      }
    }
    total_edges += edges;
    for (const auto &[name, count] : counts)
      for (int m = 0; m < 2; ++m)
        totals[name][m].merge(count[m]);
    std::fprintf(stderr, "%s: %zu edges in %zu cases, %.0f s (oracle so far %.0f s)\n", family.name.c_str(), edges,
                 cases.size(), std::chrono::duration<double>(std::chrono::steady_clock::now() - made).count(),
                 oracle_seconds);
    for (const auto &[name, count] : counts)  // progress: a cut-off run still tells what it saw
      for (int m = 0; m < 2; ++m)
        std::fprintf(stderr, "  %s %s: %zu edges, false Free %zu, toc_lower past contact %zu, false Collision %zu, "
                     "Undecided %zu, witness not in contact %zu, %.1f s\n", name.c_str(), toString(kModes[m]),
                     count[m].tally.edges, count[m].tally.false_free, count[m].tally.toc_lower_past_contact,
                     count[m].tally.false_collision, count[m].tally.report_undecided, count[m].bad_witnesses,
                     count[m].seconds);
    by_family.emplace_back(family.name, std::move(counts));
  }

  std::printf("%zu oracle-labelled edges (oracle: %.0f s on %d threads).\n\n", total_edges, oracle_seconds,
              settings.threads);
  const char *header =
      "| %s | mode | edges | oracle colliding / free / unresolved | false Free | toc_lower past contact | "
      "false Collision | Undecided | witness not in contact | certifier s |\n|---|---|---|---|---|---|---|---|---|---|\n";
  std::printf(header, "certifier");
  for (const std::string &name : settings.certifiers)
    for (int m = 0; m < 2; ++m)
      printRow(name, toString(kModes[m]), totals[name][m]);
  std::printf("\nPer family:\n\n");
  std::printf(header, "family / certifier");
  for (const auto &[family, counts] : by_family)
    for (const auto &[name, count] : counts)
      for (int m = 0; m < 2; ++m)
        printRow(family + " / " + name, toString(kModes[m]), count[m]);
  std::size_t fatal = 0;
  for (const auto &[name, count] : totals)
    for (int m = 0; m < 2; ++m)
      fatal += count[m].tally.false_free + count[m].tally.toc_lower_past_contact + count[m].bad_witnesses;
  return fatal == 0 ? 0 : 2;
}
}  // namespace

int main(int argc, char **argv)
{
  try
  {
    return run(parseArguments(argc, argv));
  }
  catch (const std::exception &e)
  {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
