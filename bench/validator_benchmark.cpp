/// \file validator_benchmark.cpp
/// Motion validators on the same edges, in one run: every validator named on the command line
/// (default: motionValidatorNames()), OMPL's DiscreteMotionValidator at resolutions 0.01 and 0.001,
/// and a per-link-pair FCL continuousCollide baseline (fcl_linear_ccd.h), on every benchmark world
/// (test/support/example_worlds.h). Edges: random PRM-length edges labelled free or colliding by the
/// soundness oracle of the tests (test/support/oracle.h); on thin-obstacle worlds also the edges
/// sampling at 1 % misses and near misses at 10 µm–1 mm (test/support/grazing_edges.h). Prints
/// Markdown tables per world and edge set: median, p95 and p99 µs per checkMotion, collisions
/// missed, false collisions, Undecided answers, ratios to discrete@0.01; the certifiers' mean
/// statistics; optionally the cost against the number of links of chained arms; and at the end the
/// issues' targets each world/validator fails (speed_targets.h).
///
/// Usage: validator_benchmark [--edges N] [--seed S] [--validators a,b,c] [--no-shared]
///                            [--oracle-threads T] [--fcl-edges N] [--world NAME] [--first-contact]
///                            [--sweep OPTION=v1,v2,...]... [--contact-distances d1,d2,...]
///                            [--grazing-edges N] [--chain-scaling N] [--cpu-time] [--no-statistics]

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "fcl_linear_ccd.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "ompl_ccd/ompl/validator_options.h"
#include "speed_targets.h"

// The edges are labelled by the very oracle the soundness tests use (test/support).
#include "support/example_worlds.h"
#include "support/grazing_edges.h"
#include "support/oracle.h"
#include "support/random_edges.h"

namespace
{
using namespace ompl_ccd;
using bench::ValidatorRow;
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
  /** \brief The FCL baseline takes seconds per edge on real robots: only the first N edges of a set. */
  std::size_t fcl_edges = 20;
  /** \brief Only the worlds whose name contains this (all when empty). */
  std::string world;
  /** \brief Each certifier is measured again with each value of each of these options, besides
      its defaults: (option name, values as text). */
  std::vector<std::pair<std::string, std::vector<std::string>>> sweeps;
  /** \brief Time checkMotion(s1, s2, lastValid) — the first contact, as OMPL's KPIECE family and
      path repair ask — instead of checkMotion(s1, s2). */
  bool first_contact = false;
  /** \brief Thin-obstacle worlds: edges of each grazing kind (missed by sampling, near misses). */
  std::size_t grazing_edges = 20;
  /** \brief When > 0, also chains of 1..N bundled arms, and the cost per edge against their links. */
  int chain_scaling = 0;
  /** \brief Time each call by the CPU time of this thread (CLOCK_THREAD_CPUTIME_ID) instead of the
      wall clock: on a shared machine, the time the thread was preempted is left out. */
  bool cpu_time = false;
  /** \brief Gather the certifiers' report statistics (a second, untimed call per edge). Without,
      the second call is made only after an invalid answer, to tell Collision from Undecided. */
  bool statistics = true;
};

std::vector<std::string> splitList(const std::string &list)
{
  std::vector<std::string> items;
  std::stringstream stream(list);
  for (std::string item; std::getline(stream, item, ',');)
    if (!item.empty())
      items.push_back(item);
  return items;
}

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
      settings.validators = splitList(value());
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
    else if (arg == "--contact-distances")
      settings.sweeps.push_back({"contact_distance", splitList(value())});
    else if (arg == "--sweep")
    {
      const std::string sweep = value();
      const std::size_t equals = sweep.find('=');
      if (equals == std::string::npos)
        throw std::runtime_error("validator_benchmark: --sweep '" + sweep + "' has no '='; write OPTION=v1,v2,...");
      findValidatorOption(sweep.substr(0, equals), "validator_benchmark --sweep");
      settings.sweeps.push_back({sweep.substr(0, equals), splitList(sweep.substr(equals + 1))});
    }
    else if (arg == "--grazing-edges")
      settings.grazing_edges = std::stoul(value());
    else if (arg == "--chain-scaling")
      settings.chain_scaling = std::stoi(value());
    else if (arg == "--cpu-time")
      settings.cpu_time = true;
    else if (arg == "--no-statistics")
      settings.statistics = false;
    else
      throw std::runtime_error("validator_benchmark: unknown argument '" + arg +
                               "'; use --edges N, --seed S, --validators a,b,c, --no-shared, --oracle-threads T, "
                               "--fcl-edges N, --world NAME, --first-contact, --sweep OPTION=v1,v2,..., "
                               "--contact-distances d1,d2,..., --grazing-edges N, --chain-scaling N, --cpu-time, --no-statistics");
  }
  return settings;
}

/** \brief One measured contender: a motion validator, or the FCL baseline. */
struct Contender
{
  std::string label;
  ompl::base::SpaceInformationPtr si;
  ompl::base::MotionValidatorPtr validator;
  std::unique_ptr<bench::FclLinearCcd> fcl;
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

/** \brief What one contender answered on one edge set. */
struct Measured
{
  /** \brief Edges measured: the first \e count ones. */
  std::size_t count = 0;
  /** \brief Per measured edge: answer (true = valid), microseconds, and a certifier's verdict. */
  std::vector<bool> valid;
  std::vector<double> micros;
  std::vector<std::optional<Verdict>> verdicts;
  /** \brief Certifiers only: sums of report statistics over the edges. */
  std::map<std::string, double> stat_sums;
};

/** \brief A named set of edges with their labels (the oracle's, or the grazing edges' own). */
struct EdgeSet
{
  std::string name;
  std::vector<Edge> edges;
  std::vector<OracleVerdict> labels;
};

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

/** \brief The contenders of \a world: discrete at 0.01 and 0.001 (the ratios' reference), every
    other validator of the settings with its defaults and once per swept option value, and FCL. */
std::vector<Contender> makeContenders(const CollisionWorldPtr &world, const Settings &settings)
{
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
      for (const auto &[option, values] : settings.sweeps)
        for (const std::string &value : values)
        {
          ValidatorOptions options;
          setValidatorOption(options, option, value, "validator_benchmark --sweep");
          contenders.push_back(validatorContender(name + " " + option + "=" + value, name, world, options));
        }
    }
  Contender fcl;
  fcl.label = "fcl-ca-linear (per pair)";
  fcl.fcl = std::make_unique<bench::FclLinearCcd>(world);
  contenders.push_back(std::move(fcl));
  return contenders;
}

/** \brief Times every contender on every edge of \a set: a warm-up on the first 10 edges, then
    edge by edge in a shuffled order of contenders, so that drift and the cache effects of the
    previous call (another validator's data, or none of it after a long call) hit everyone alike.
    A certifier's verdict and statistics are taken from a second, untimed call (with
    --no-statistics only after an invalid answer: a valid one is Free). */
std::vector<Measured> measure(const CollisionWorld &world, const EdgeSet &set, std::vector<Contender> &contenders,
                              const Settings &settings)
{
  std::vector<Measured> measured(contenders.size());
  for (std::size_t k = 0; k < contenders.size(); ++k)
  {
    Measured &m = measured[k];
    m.count = contenders[k].fcl ? std::min(settings.fcl_edges, set.edges.size()) : set.edges.size();
    m.valid.resize(m.count);
    m.micros.resize(m.count);
    m.verdicts.resize(m.count);
  }
  const auto now = [&settings] {  // µs
    if (!settings.cpu_time)
      return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
    timespec cpu;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    return 1e6 * static_cast<double>(cpu.tv_sec) + 1e-3 * static_cast<double>(cpu.tv_nsec);
  };
  const Mode mode = settings.first_contact ? Mode::FirstContact : Mode::Decide;
  auto run = [&](std::size_t k, std::size_t e, bool record) {
    Contender &c = contenders[k];
    const Edge &edge = set.edges[e];
    bool valid;
    double us;
    std::optional<Verdict> verdict;
    if (c.fcl)
    {
      const double t0 = now();
      valid = !c.fcl->collides(edge.q0, edge.q1);
      us = now() - t0;
    }
    else
    {
      // Each validator has its own space (a discrete validator sets its space's resolution).
      ompl::base::State *s1 = c.si->allocState(), *s2 = c.si->allocState();
      vectorToState(world.robot(), edge.q0, s1);
      vectorToState(world.robot(), edge.q1, s2);
      std::pair<ompl::base::State *, double> last_valid(c.si->allocState(), 0.0);
      const double t0 = now();
      valid = settings.first_contact ? c.validator->checkMotion(s1, s2, last_valid) : c.validator->checkMotion(s1, s2);
      us = now() - t0;
      c.si->freeState(last_valid.first);
      const auto certifying = std::dynamic_pointer_cast<const CertifyingMotionValidator>(c.validator);
      if (record && certifying && (settings.statistics || !valid))
      {
        const Report report = certifying->certify(s1, s2, mode);
        verdict = report.verdict;
        for (const auto &[key, value] : report.stats)
          measured[k].stat_sums[key] += value;
      }
      else if (record && certifying)
        verdict = Verdict::Free;
      c.si->freeState(s1);
      c.si->freeState(s2);
    }
    benchmark::DoNotOptimize(valid);
    if (record)
    {
      measured[k].valid[e] = valid;
      measured[k].micros[e] = us;
      measured[k].verdicts[e] = verdict;
    }
  };
  for (std::size_t e = 0; e < std::min<std::size_t>(10, set.edges.size()); ++e)  // warm-up
    for (std::size_t k = 0; k < contenders.size(); ++k)
      if (!contenders[k].fcl)
        run(k, e, false);
  std::mt19937 shuffler(settings.seed);
  std::vector<std::size_t> order(contenders.size());
  for (std::size_t e = 0; e < set.edges.size(); ++e)
  {
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::shuffle(order.begin(), order.end(), shuffler);
    for (const std::size_t k : order)
      if (e < measured[k].count)
        run(k, e, true);
  }
  return measured;
}

/** \brief The row of one contender on \a set. */
ValidatorRow summarize(const std::string &world, const std::string &label, const Measured &m, const EdgeSet &set)
{
  ValidatorRow row;
  row.world = world;
  row.validator = label;
  std::vector<double> free_us, colliding_us;
  for (std::size_t e = 0; e < m.count; ++e)
  {
    const bool free = set.labels[e] == OracleVerdict::CertifiedFree;
    const bool colliding = set.labels[e] == OracleVerdict::Colliding;
    if (!free && !colliding)
      continue;
    (free ? free_us : colliding_us).push_back(m.micros[e]);
    const bool undecided = m.verdicts[e] == Verdict::Undecided;
    row.undecided += undecided;
    row.false_collisions += free && !m.valid[e] && !undecided;
    row.missed += colliding && m.valid[e];
  }
  row.free_edges = free_us.size();
  row.colliding_edges = colliding_us.size();
  row.free_median = percentile(free_us, 0.5);
  row.free_p95 = percentile(free_us, 0.95);
  row.free_p99 = percentile(free_us, 0.99);
  row.colliding_median = percentile(colliding_us, 0.5);
  row.colliding_p95 = percentile(colliding_us, 0.95);
  row.colliding_p99 = percentile(colliding_us, 0.99);
  std::vector<double> all = free_us;
  all.insert(all.end(), colliding_us.begin(), colliding_us.end());
  row.p99 = percentile(all, 0.99);
  return row;
}

const ValidatorRow &referenceRow(const std::vector<ValidatorRow> &rows)
{
  return *std::find_if(rows.begin(), rows.end(), [](const ValidatorRow &r) { return r.validator == "discrete@0.010"; });
}

void printTable(const std::vector<ValidatorRow> &rows)
{
  const ValidatorRow &reference = referenceRow(rows);
  std::cout << "| validator | free: median µs | p95 | p99 | ×discrete@0.01 | p95 ×discrete p95 | false collisions"
               " | colliding: median µs | p95 | p99 | ×discrete@0.01 | collisions missed | undecided |\n"
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const ValidatorRow &r : rows)
    std::cout << "| " << r.validator << " | " << format(r.free_median) << " | " << format(r.free_p95) << " | "
              << format(r.free_p99) << " | " << format(r.free_median / reference.free_median, 2) << " | "
              << format(r.free_p95 / reference.free_p95, 2) << " | " << r.false_collisions << " / " << r.free_edges
              << " | " << format(r.colliding_median) << " | " << format(r.colliding_p95) << " | "
              << format(r.colliding_p99) << " | " << format(r.colliding_median / reference.colliding_median, 2)
              << " | " << r.missed << " / " << r.colliding_edges << " | " << r.undecided << " |\n";
}

/** \brief What one world's run gives the summary: the rows of each edge set, by set name. */
using WorldRows = std::vector<std::pair<std::string, std::vector<ValidatorRow>>>;

/** \brief The random edges of \a world, labelled by the oracle, and on a thin-obstacle world its
    grazing edges (labelled by construction, verified by the oracle when built). */
std::vector<EdgeSet> edgeSets(const test::NamedWorld &bench, const Settings &settings)
{
  const CollisionWorld &world = *bench.world;
  test::RandomEdgeOptions edge_options;
  edge_options.seed = settings.seed;
  EdgeSet random{"random edges", test::randomEdges(world, settings.edges, edge_options), {}};
  const auto oracle_start = std::chrono::steady_clock::now();
  for (const OracleResult &label : test::labelEdges(world, random.edges, {}, settings.oracle_threads))
    random.labels.push_back(label.verdict);
  const double oracle_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - oracle_start).count();
  const auto count = [&](OracleVerdict v) { return std::count(random.labels.begin(), random.labels.end(), v); };
  std::cout << "\n### " << bench.name << "\n\n"
            << random.edges.size() << " random edges (seed " << settings.seed
            << ", length 0.1–0.3 of the space extent); oracle: " << count(OracleVerdict::CertifiedFree)
            << " certified free, " << count(OracleVerdict::Colliding) << " colliding, "
            << count(OracleVerdict::Unresolved) << " unresolved (excluded below), labelled in "
            << format(oracle_seconds, 1) << " s. fcl-ca-linear: first " << std::min(settings.fcl_edges, settings.edges)
            << " edges of a set only.";
  std::vector<EdgeSet> sets = {std::move(random)};
  if (bench.thin_obstacles && settings.grazing_edges > 0)
  {
    const auto start = std::chrono::steady_clock::now();
    const test::GrazingEdges grazing = test::grazingEdges(world, settings.grazing_edges, settings.seed);
    sets.push_back({"edges sampling at 1 % misses (oracle: colliding)", grazing.missed_by_sampling,
                    std::vector<OracleVerdict>(grazing.missed_by_sampling.size(), OracleVerdict::Colliding)});
    sets.push_back({"near misses at 10 µm–1 mm (oracle: certified free)", grazing.near_misses,
                    std::vector<OracleVerdict>(grazing.near_misses.size(), OracleVerdict::CertifiedFree)});
    std::cout << " Grazing edges (test/support/grazing_edges.h) built and verified in "
              << format(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1) << " s.";
  }
  std::cout << "\n";
  return sets;
}

/** \brief Times every contender on every edge set of \a bench and prints its tables. */
WorldRows runWorld(const test::NamedWorld &bench, const Settings &settings)
{
  const std::vector<EdgeSet> sets = edgeSets(bench, settings);
  std::vector<Contender> contenders = makeContenders(bench.world, settings);
  WorldRows world_rows;
  for (const EdgeSet &set : sets)
  {
    const std::vector<Measured> measured = measure(*bench.world, set, contenders, settings);
    std::vector<ValidatorRow> rows;
    for (std::size_t k = 0; k < contenders.size(); ++k)
      rows.push_back(summarize(bench.name, contenders[k].label, measured[k], set));
    std::cout << "\n" << set.name << " (" << set.edges.size() << "):\n\n";
    printTable(rows);
    if (&set == &sets.front() && settings.statistics)
      for (std::size_t k = 0; k < contenders.size(); ++k)
      {
        if (measured[k].stat_sums.empty())
          continue;
        std::cout << "\n"
                  << contenders[k].label << ", mean report statistics per edge ("
                  << (settings.first_contact ? "FirstContact" : "Decide") << " mode):";
        for (const auto &[key, sum] : measured[k].stat_sums)
          std::cout << " " << key << " " << format(sum / measured[k].count, 2) << ";";
        std::cout << "\n";
      }
    world_rows.push_back({set.name, std::move(rows)});
    std::cout << std::flush;  // a long run shows its progress
  }
  return world_rows;
}

/** \brief The issues' targets on every world's random edges, and soundness (collisions missed,
    near misses called collisions) on every edge set: one line per world and certifier at its
    default options. */
void printTargets(const std::vector<WorldRows> &worlds, const Settings &settings)
{
  std::cout << "\n## Targets (" << (settings.first_contact ? "FirstContact" : "Decide")
            << " mode; speed_targets.h)\n\n"
               "| world | validator | free ×discrete@0.01 | colliding × | free p95 ÷ discrete p95 | p99 ms | "
               "false coll. | undecided | failed |\n|---|---|---:|---:|---:|---:|---:|---:|---|\n";
  for (const WorldRows &world : worlds)
  {
    const std::vector<ValidatorRow> &rows = world.front().second;
    const ValidatorRow &reference = referenceRow(rows);
    for (std::size_t k = 0; k < rows.size(); ++k)
    {
      const ValidatorRow &r = rows[k];
      const bool swept = r.validator.find('=') != std::string::npos;  // targets are for the defaults
      if (r.validator.rfind("discrete", 0) == 0 || r.validator.rfind("fcl", 0) == 0 || swept)
        continue;
      std::vector<std::string> failed = bench::failedTargets(r, reference, settings.first_contact);
      for (std::size_t s = 1; s < world.size(); ++s)
      {
        const ValidatorRow &g = world[s].second[k];
        if (g.missed > 0)
          failed.push_back("FALSE FREE: " + std::to_string(g.missed) + " of " + world[s].first);
        if (g.false_collisions > 0 || g.undecided > 0)
          failed.push_back(std::to_string(g.false_collisions) + " collisions, " + std::to_string(g.undecided) +
                           " undecided on " + std::to_string(g.free_edges + g.colliding_edges) + " " + world[s].first);
      }
      std::string failures;
      for (const std::string &f : failed)
        failures += (failures.empty() ? "" : "; ") + f;
      std::cout << "| " << r.world << " | " << r.validator << " | " << format(r.free_median / reference.free_median, 2)
                << " | " << format(r.colliding_median / reference.colliding_median, 2) << " | "
                << format(r.free_p95 / reference.free_p95, 2) << " | " << format(r.p99 / 1000.0, 1) << " | "
                << r.false_collisions << " / " << r.free_edges << " | " << r.undecided << " | "
                << (failures.empty() ? "all hold" : failures) << " |\n";
    }
  }
}

/** \brief With --sweep: every certifier setting on every world, one line each — the rates of
    false collisions and Undecided answers on the random edges (and on the near misses), and the
    median and p95 times, free and colliding. */
void printSweep(const std::vector<WorldRows> &worlds, const Settings &settings)
{
  const auto percent = [](std::size_t count, std::size_t of) {
    return of == 0 ? std::string("–") : format(100.0 * count / of, 1) + " %";
  };
  std::cout << "\n## Certifier settings (" << (settings.first_contact ? "FirstContact" : "Decide")
            << " mode): random edges, and the near misses where the world has them\n\n"
               "| world | validator | false coll. | undecided | free median µs | free p95 | colliding median µs | "
               "colliding p95 | near misses: false coll. | near misses: undecided | near misses: median µs |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const WorldRows &world : worlds)
  {
    const std::vector<ValidatorRow> &rows = world.front().second;
    const auto near = std::find_if(world.begin(), world.end(), [](const auto &set) {
      return set.first.rfind("near misses", 0) == 0;
    });
    for (std::size_t k = 0; k < rows.size(); ++k)
    {
      const ValidatorRow &r = rows[k];
      if (r.validator.rfind("discrete", 0) == 0 || r.validator.rfind("fcl", 0) == 0)
        continue;
      std::cout << "| " << r.world << " | " << r.validator << " | " << percent(r.false_collisions, r.free_edges)
                << " | " << percent(r.undecided, r.free_edges + r.colliding_edges) << " | " << format(r.free_median)
                << " | " << format(r.free_p95) << " | " << format(r.colliding_median) << " | "
                << format(r.colliding_p95) << " | ";
      if (near == world.end())
        std::cout << "– | – | – |\n";
      else
      {
        const ValidatorRow &n = near->second[k];
        std::cout << n.false_collisions << " / " << n.free_edges << " | " << n.undecided << " | "
                  << format(n.free_median) << " |\n";
      }
    }
  }
}

/** \brief Chains of 1..N bundled arms (armChainRobot) in the example scene: each world's tables,
    then the median µs per edge against the number of bodies, per validator. */
void runChainScaling(const Settings &settings)
{
  std::cout << "\n## Cost against the number of links: chains of 1.." << settings.chain_scaling
            << " bundled arms in examples/scene.yaml\n";
  std::vector<std::pair<test::NamedWorld, std::vector<ValidatorRow>>> chains;
  for (int arms = 1; arms <= settings.chain_scaling; ++arms)
  {
    const test::NamedWorld chain{"ccd_arm_chain_" + std::to_string(arms) + " / examples/scene.yaml",
                                 test::armChainWorld(arms)};
    chains.push_back({chain, runWorld(chain, settings).front().second});
  }
  std::cout << "\n### Median µs per edge against bodies (links with geometry)\n\n"
               "| arms | DoF | bodies | self pairs | validator | free median µs | µs per body | colliding median µs "
               "| µs per body |\n|---:|---:|---:|---:|---|---:|---:|---:|---:|\n";
  for (const auto &[chain, rows] : chains)
  {
    const CollisionWorld &world = *chain.world;
    const double bodies = static_cast<double>(world.collidingLinks().size());
    for (const ValidatorRow &r : rows)
      std::cout << "| " << world.robot().nq() / 6 << " | " << world.robot().nq() << " | " << bodies << " | "
                << world.selfPairs().size() << " | " << r.validator << " | " << format(r.free_median) << " | "
                << format(r.free_median / bodies, 2) << " | " << format(r.colliding_median) << " | "
                << format(r.colliding_median / bodies, 2) << " |\n";
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
                 "lastValid)), single thread, interleaved over validators, "
              << (settings.cpu_time ? "the thread's CPU time (--cpu-time). " : "wall clock. ")
              << "Labels come from the soundness oracle (distance + speed-bound certification, dense "
                 "sampling at 1e-4, bisection). \"false collisions\" counts Collision (discrete: invalid) on "
                 "certified-free edges, \"undecided\" the Undecided answers on labelled edges. "
                 "\"fcl-ca-linear\" checks every link/obstacle and link/link "
                 "pair with fcl::continuousCollide (CCDM_LINEAR, CCDC_CONSERVATIVE_ADVANCEMENT, libccd GJK, "
                 "RSS meshes) between the links' start and end poses: FCL interpolates each link's pose "
                 "linearly, which is not the robot's joint motion, so its misses are partly a different "
                 "motion, not only a different algorithm. /proc/loadavg at the start: "
              << [] {
                   std::ifstream file("/proc/loadavg");
                   std::string line;
                   return std::getline(file, line) ? line : std::string("?");
                 }()
              << "\n";
    std::vector<WorldRows> worlds;
    for (const test::NamedWorld &bench : test::robotWorlds(settings.shared, settings.world))
      worlds.push_back(runWorld(bench, settings));
    if (settings.chain_scaling > 0)
      runChainScaling(settings);
    if (!worlds.empty() && !settings.sweeps.empty())
      printSweep(worlds, settings);
    if (!worlds.empty())
      printTargets(worlds, settings);
  }
  catch (const std::exception &e)
  {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
