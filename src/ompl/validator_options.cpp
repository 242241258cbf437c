// The schema of the validator options: one entry per option. Adding an option is a field in
// ValidatorOptions (or in a certifier's options) and one entry in validatorOptionSchema().
#include "ompl_ccd/ompl/validator_options.h"

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "ompl_ccd/error.h"
#include "ompl_ccd/nearest_name.h"
#include "certify/pipeline/option_ranges.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief True iff strto* read all of \a text up to \a end, from its first character (they skip
    leading spaces, which no value has). */
bool readWhole(const std::string &text, const char *end)
{
  return !text.empty() && !std::isspace(static_cast<unsigned char>(text.front())) &&
         end == text.c_str() + text.size();
}

/** \brief A real interval; an infinite end is open and means "finite". */
struct NumberRange
{
  static constexpr const char *kType = "number";
  double lo, hi;
  bool lo_open, hi_open;

  bool contains(double v) const
  {
    return (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi) && std::isfinite(v);
  }
  std::string text() const
  {
    if (std::isinf(hi))
      return concat("a finite number ", lo_open ? "> " : ">= ", numberText(lo));
    return concat("a number in ", lo_open ? "(" : "[", numberText(lo), ", ", numberText(hi), hi_open ? ")" : "]");
  }
  static std::string format(double value) { return numberText(value); }
  /** \brief \a text read whole as a double; false if it is not a number. */
  static bool parse(const std::string &text, double &value)
  {
    char *end = nullptr;
    errno = 0;
    const double parsed = std::strtod(text.c_str(), &end);
    if (!readWhole(text, end) || errno == ERANGE)
      return false;
    value = parsed;
    return true;
  }
};

/** \brief The closed interval [lo, hi] of int; hi = INT_MAX means unbounded above. */
struct IntegerRange
{
  static constexpr const char *kType = "integer";
  int lo, hi;

  bool contains(int v) const { return v >= lo && v <= hi; }
  std::string text() const
  {
    return hi == INT_MAX ? concat("an integer >= ", lo) : concat("an integer in [", lo, ", ", hi, "]");
  }
  static std::string format(int value) { return std::to_string(value); }
  /** \brief \a text read whole as a decimal int; false if it is not one. */
  static bool parse(const std::string &text, int &value)
  {
    char *end = nullptr;
    errno = 0;
    const long long parsed = std::strtoll(text.c_str(), &end, 10);
    if (!readWhole(text, end) || errno == ERANGE || parsed < INT_MIN || parsed > INT_MAX)
      return false;
    value = static_cast<int>(parsed);
    return true;
  }
};

/** \brief The entry of a number or integer (per \a Range) reached by \a field, a generic lambda
    `(auto &o) -> auto &` that works on const and non-const ValidatorOptions. */
template <typename Range, typename Field>
ValidatorOption ranged(const char *name, const char *validators, Field field, Range range, const char *doc,
                       const char *reason = "")
{
  return {name,
          Range::kType,
          validators,
          range.text(),
          reason,
          doc,
          [field](const ValidatorOptions &o) { return Range::format(field(o)); },
          [field](ValidatorOptions &o, const std::string &text) { return Range::parse(text, field(o)); },
          [field, range](const ValidatorOptions &o) { return range.contains(field(o)); }};
}

template <typename Field>
ValidatorOption boolean(const char *name, const char *validators, Field field, const char *doc)
{
  const auto parse = [field](ValidatorOptions &o, const std::string &text) {
    if (text != "true" && text != "false")
      return false;
    field(o) = text == "true";
    return true;
  };
  const auto text = [field](const ValidatorOptions &o) { return std::string(field(o) ? "true" : "false"); };
  return {name, "boolean", validators, "true or false", "", doc, text, parse, [](const ValidatorOptions &) { return true; }};
}

ValidatorOption massDistributionOption()
{
  const auto parse = [](ValidatorOptions &o, const std::string &text) {
    const std::optional<MassDistribution> kind = massDistributionNamed(text);
    if (kind)
      o.toleranced.mass_distribution = *kind;
    return kind.has_value();
  };
  return {"mass_distribution", "name", "toleranced", "one of " + joinNames(massDistributionNames()), "",
          "feature points of each body's metric ([SchroeckerWeber] Sec. 2)",
          [](const ValidatorOptions &o) { return std::string(toString(o.toleranced.mass_distribution)); }, parse,
          [](const ValidatorOptions &) { return true; }};
}

/** \brief The validators that read the culling front end's options (ValidatorOptions::culling). */
constexpr const char *kCullingReaders = "ca, toleranced, interval";

ValidatorOption certificateCacheOption()
{
  const auto parse = [](ValidatorOptions &o, const std::string &text) {
    o.culling.certificate_cache = text;
    return true;
  };
  return {"certificate_cache", "folder", kCullingReaders,
          concat("a folder, ", kDefaultCertificateCache, " or ", kNoCertificateCache),
          "",
          concat("where joint-space certificates and hulls are kept between runs (", kDefaultCertificateCache, ": $",
                 kCertificateCacheVariable, ", else $XDG_CACHE_HOME/ompl_ccd, else ~/.cache/ompl_ccd)"),
          [](const ValidatorOptions &o) { return o.culling.certificate_cache; }, parse,
          [](const ValidatorOptions &o) { return !o.culling.certificate_cache.empty(); }};
}

constexpr NumberRange kPositive{0.0, numeric::kInfinity, true, true};
constexpr NumberRange kNonNegative{0.0, numeric::kInfinity, false, true};
constexpr IntegerRange kAtLeastOne{1, INT_MAX};
constexpr IntegerRange kAtLeastZero{0, INT_MAX};

// The field an entry reads and writes, for const and non-const ValidatorOptions alike.
#define OMPL_CCD_FIELD(member) [](auto &o) -> auto & { return o.member; }

std::vector<ValidatorOption> commonOptions()
{
  return {
      ranged("resolution", "discrete", OMPL_CCD_FIELD(resolution), NumberRange{kMinResolution, 1.0, false, true},
             "longest valid segment, as a fraction of the space's extent",
             "OMPL needs a fraction below 1; a finer one samples over 1e5 states per edge, use a certifier instead"),
      ranged("tolerance", "ca, toleranced, interval", OMPL_CCD_FIELD(tolerance),
             NumberRange{kMinTolerance, numeric::kInfinity, false, true}, "first-contact: width of the TOC bracket",
             "narrower brackets than doubles resolve on [0, 1] would never be reached"),
      ranged("clearance", "ca, toleranced, interval", OMPL_CCD_FIELD(clearance), kNonNegative,
             "required clearance, metres"),
      ranged("threads", "toleranced", OMPL_CCD_FIELD(toleranced.threads), IntegerRange{1, TolerancedMotionOptions::kMaxThreads},
             "threads per query",
             "more threads than cores gain nothing and each costs a start-up"),
      massDistributionOption(),
      ranged("contact_distance", "ca, toleranced, interval", OMPL_CCD_FIELD(contact_distance), kPositive,
             "metres: a collision's witness is at most this far from contact (or penetrating)",
             "positive, so that bodies that only touch are a contact"),
  };
}

std::vector<ValidatorOption> cullingFrontEndOptions()
{
  return {
      boolean("taylor_models", kCullingReaders, OMPL_CCD_FIELD(culling.taylor_models),
              "Taylor-model boxes ([Zhang2007] Sec. 5.2) after the motion-bound boxes"),
      ranged("max_taylor_pieces", kCullingReaders, OMPL_CCD_FIELD(culling.max_taylor_pieces), kAtLeastOne,
             "most time pieces of the Taylor models"),
      ranged("swept_box_samples", kCullingReaders, OMPL_CCD_FIELD(culling.swept_box_samples), kAtLeastOne,
             "most time pieces of the motion-bound boxes"),
      ranged("swept_box_travel", kCullingReaders, OMPL_CCD_FIELD(culling.swept_box_travel), kPositive,
             "metres the fastest body travels per motion-bound box piece"),
      ranged("certificate_max_dims", kCullingReaders, OMPL_CCD_FIELD(culling.certificate_max_dims),
             IntegerRange{0, CullingOptions::kMaxCertificateDims},
             "joint-space certificates for self pairs moved by at most this many joints (0: none)"),
      ranged("certificate_max_cells", kCullingReaders, OMPL_CCD_FIELD(culling.certificate_max_cells), kAtLeastOne,
             "most cells of each joint-space certificate (built at start-up)"),
      certificateCacheOption(),
      ranged("early_probes", kCullingReaders, OMPL_CCD_FIELD(culling.early_probes), kAtLeastZero,
             "decide: whole-robot collision checks at 1/2, 1/4, 3/4, ... first"),
      ranged("first_contact_probes", "ca, toleranced", OMPL_CCD_FIELD(culling.first_contact_probes), kAtLeastZero,
             "first-contact: collision checks of the culled pairs at k/N, k = 0..N, before the certifier's stage"),
      boolean("sphere_front_end", kCullingReaders, OMPL_CCD_FIELD(culling.sphere_front_end),
              "first the sphere front end: SIMD batches of configurations, inner balls proving contacts, swept "
              "outer covers proving pairs apart"),
  };
}

std::vector<ValidatorOption> conservativeAdvancementOptions()
{
  return {
      ranged("max_steps_per_pair", "ca", OMPL_CCD_FIELD(ca.max_steps_per_pair), kAtLeastOne,
             "most CA steps on one pair before it is given up (undecided)"),
      ranged("distance_rel_err", "ca", OMPL_CCD_FIELD(ca.distance_rel_err), kNonNegative,
             "relative error allowed in CA steps' distances (0: exact)"),
      ranged("slab_reuse", "ca", OMPL_CCD_FIELD(ca.slab_reuse), kNonNegative,
             "reuse the last distance's slab while it is this fraction of it (1: never)"),
      ranged("collision_probes", "ca", OMPL_CCD_FIELD(ca.collision_probes), kAtLeastZero,
             "decide: collision checks of a pair before its CA"),
      boolean("creep_probes", "ca", OMPL_CCD_FIELD(ca.creep_probes),
             "decide: collision checks ahead of a pair whose distance closes in"),
      ranged("max_hull_steps", "ca", OMPL_CCD_FIELD(ca.max_hull_steps), kAtLeastOne,
             "most CA steps on a pair's convex hulls (lower TOC bound)"),
      ranged("hull_max_gap", "ca", OMPL_CCD_FIELD(ca.hull_max_gap), kNonNegative,
             "metres a reduced convex hull may lie inside the full one (0: full hulls)"),
      boolean("temporal_culling", "ca", OMPL_CCD_FIELD(ca.temporal_culling),
             "temporal culling of pairs by hull TOC bounds ([Zhang2007] Alg. 1)"),
  };
}

std::vector<ValidatorOption> tolerancedOptions()
{
  return {
      ranged("max_depth", "toleranced", OMPL_CCD_FIELD(toleranced.max_depth), IntegerRange{1, 60},
             "deepest halving of a pair's time span; deeper is undecided (cap_max_depth)", "a double resolves no finer"),
      ranged("max_intervals", "toleranced", OMPL_CCD_FIELD(toleranced.max_intervals), kAtLeastOne,
             "most ball coverings (sub-intervals) per query; more is undecided (cap_max_intervals)"),
  };
}

std::vector<ValidatorOption> intervalOptions()
{
  // the solver's budgets are named solver_*: toleranced already has a max_depth
  return {
      ranged("time_pieces", "interval", OMPL_CCD_FIELD(interval.time_pieces), kAtLeastOne,
             "equal time pieces of the box culling ([Redon2004] Sec. 4.1)"),
      ranged("solver_max_boxes", "interval", OMPL_CCD_FIELD(interval.pair.solver_max_boxes), kAtLeastOne,
             "most time intervals one solver call examines before it is undecided (stat cap_max_boxes)"),
      ranged("solver_max_depth", "interval", OMPL_CCD_FIELD(interval.pair.solver_max_depth), kAtLeastOne,
             "most halvings of a time interval in one solver call before it is undecided (stat cap_max_depth)"),
      ranged("max_shape_steps", "interval", OMPL_CCD_FIELD(interval.pair.max_shape_steps), kAtLeastOne,
             "most steps of a pair on its exact shapes (cylinders, spheres) before it is undecided (stat "
             "cap_max_shape_steps)"),
      ranged("split_pairs", "interval", OMPL_CCD_FIELD(interval.pair.split_pairs), kAtLeastOne,
             "equations of a sub-interval above which it is halved first"),
      ranged("max_splits", "interval", OMPL_CCD_FIELD(interval.pair.max_splits), kAtLeastZero,
             "most halvings of a sub-interval before its equations go to the solver however many"),
      ranged("obb_max_level", "interval", OMPL_CCD_FIELD(interval.pair.obb_max_level),
             IntegerRange{0, kObbLevelLimit},
             "highest OBB refinement level ([Redon2004] Sec. 5.1.1): at most 2^level sub-intervals per piece",
             "2^20 sub-intervals of a piece already lie below any joint's motion"),
      boolean("box_culling", "interval", OMPL_CCD_FIELD(interval.box_culling),
              "stage 1: cull body pairs by their interval boxes over a piece ([Redon2004] Sec. 4.1)"),
      boolean("swept_sphere_culling", "interval", OMPL_CCD_FIELD(interval.swept_sphere_culling),
              "stage 2: cull body pairs by line-swept spheres over a piece ([Redon2004] Sec. 4.2)"),
      ranged("swept_sphere_steps", "interval", OMPL_CCD_FIELD(interval.swept_sphere_steps), kAtLeastOne,
             "stage 2: capsules per piece and body"),
      ranged("span_probes", "interval", OMPL_CCD_FIELD(interval.span_probes), kAtLeastZero,
             "decide: collision checks of a pair across each span before its exact stage"),
      boolean("obb_trees", "interval", OMPL_CCD_FIELD(interval.pair.obb_trees),
              "stage 3: cull triangle pairs by continuous OBB-tree tests ([Redon2004] Sec. 5.1)"),
  };
}
#undef OMPL_CCD_FIELD

std::vector<ValidatorOption> makeSchema()
{
  std::vector<ValidatorOption> schema = commonOptions();
  for (auto part : {cullingFrontEndOptions(), conservativeAdvancementOptions(), tolerancedOptions(), intervalOptions()})
    schema.insert(schema.end(), part.begin(), part.end());
  return schema;
}
}  // namespace

std::string numberText(double value)
{
  char buffer[32];
  for (int digits = 6; digits <= 17; ++digits)
  {
    std::snprintf(buffer, sizeof(buffer), "%.*g", digits, value);
    if (std::strtod(buffer, nullptr) == value || std::isnan(value))
      break;
  }
  return buffer;
}

const std::vector<ValidatorOption> &validatorOptionSchema()
{
  static const std::vector<ValidatorOption> schema = makeSchema();
  return schema;
}

std::vector<std::string> validatorOptionNames()
{
  std::vector<std::string> names;
  for (const ValidatorOption &option : validatorOptionSchema())
    names.push_back(option.name);
  return names;
}

const ValidatorOption &findValidatorOption(const std::string &name, const std::string &context)
{
  for (const ValidatorOption &option : validatorOptionSchema())
    if (option.name == name)
      return option;
  throw Error(concat(context, ": unknown option '", name, "'", didYouMean(name, validatorOptionNames()),
                     "; the options are ", joinNames(validatorOptionNames()),
                     " (`ompl_ccd options` describes them); fix the name."));
}

std::vector<std::string> validatorsReading(const ValidatorOption &option)
{
  std::vector<std::string> names;
  std::size_t begin = 0;
  while (begin < option.validators.size())
  {
    std::size_t end = option.validators.find(',', begin);
    if (end == std::string::npos)
      end = option.validators.size();
    names.push_back(option.validators.substr(begin, end - begin));
    begin = option.validators.find_first_not_of(' ', end + 1);
  }
  return names;
}

std::string unreadOptionWarning(const std::vector<std::string> &validators, const std::string &name,
                                const std::string &context)
{
  const ValidatorOption &option = findValidatorOption(name, context);
  std::vector<std::string> known;  // every validator some option names
  for (const ValidatorOption &entry : validatorOptionSchema())
    for (const std::string &reader : validatorsReading(entry))
      if (std::find(known.begin(), known.end(), reader) == known.end())
        known.push_back(reader);
  const std::vector<std::string> readers = validatorsReading(option);
  std::vector<std::string> given;
  for (const std::string &validator : validators)
  {
    if (std::find(known.begin(), known.end(), validator) == known.end() ||
        std::find(readers.begin(), readers.end(), validator) != readers.end())
      return "";
    if (std::find(given.begin(), given.end(), validator) == given.end())
      given.push_back(validator);
  }
  if (given.empty())
    return "";
  std::string not_reading = given.front();
  for (std::size_t i = 1; i < given.size(); ++i)
    not_reading += (i + 1 == given.size() ? " and " : ", ") + given[i];
  return concat(context, ": option '", name, "' has no effect: ", not_reading, given.size() == 1 ? " does" : " do",
                " not read it (", option.validators, readers.size() == 1 ? " does" : " do",
                "); drop it, or choose a validator that reads it.");
}

void refuseValidatorOption(const ValidatorOption &option, const std::string &shown, const std::string &context)
{
  const std::string reason = option.reason.empty() ? "" : " (" + option.reason + ")";
  throw Error(concat(context, ": option '", option.name, "' is ", shown, "; allowed: ", option.range, reason,
                     "; e.g. the default ", option.text(ValidatorOptions{}), "."));
}

void setValidatorOption(ValidatorOptions &options, const std::string &name, const std::string &text,
                        const std::string &context)
{
  const ValidatorOption &option = findValidatorOption(name, context);
  ValidatorOptions changed = options;
  if (!option.parse(changed, text) || !option.inRange(changed))
    refuseValidatorOption(option, "'" + text + "'", context);
  options = changed;
}

void assignValidatorOption(ValidatorOptions &options, const std::string &assignment, const std::string &context)
{
  const std::size_t equals = assignment.find('=');
  OMPL_CCD_THROW_UNLESS(equals != std::string::npos, context, ": option '", assignment,
                        "' has no value; write NAME=VALUE, e.g. tolerance=1e-4.");
  setValidatorOption(options, assignment.substr(0, equals), assignment.substr(equals + 1), context);
}

void checkValidatorOptions(const ValidatorOptions &options, const std::string &context)
{
  for (const ValidatorOption &option : validatorOptionSchema())
    if (!option.inRange(options))
      refuseValidatorOption(option, "'" + option.text(options) + "'", context);
}
}  // namespace ompl_ccd

namespace ompl_ccd::pipeline
{
namespace
{
/** \brief checkValidatorOptions on the defaults with \a options in \a field and \a culling. */
template <typename Options>
void checkAmongDefaults(Options ValidatorOptions::*field, const Options &options, const CullingOptions &culling,
                        const std::string &context)
{
  ValidatorOptions all;
  all.*field = options;
  all.culling = culling;
  checkValidatorOptions(all, context);
}
}  // namespace

void checkOptionRanges(const ConservativeAdvancementOptions &options, const CullingOptions &culling,
                       const std::string &context)
{
  checkAmongDefaults(&ValidatorOptions::ca, options, culling, context);
}

void checkOptionRanges(const TolerancedMotionOptions &options, const CullingOptions &culling,
                       const std::string &context)
{
  checkAmongDefaults(&ValidatorOptions::toleranced, options, culling, context);
}

void checkOptionRanges(const IntervalArithmeticOptions &options, const CullingOptions &culling,
                       const std::string &context)
{
  checkAmongDefaults(&ValidatorOptions::interval, options, culling, context);
}
}  // namespace ompl_ccd::pipeline
