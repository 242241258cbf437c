// The validator options schema: defaults in range, text round trips, the one refusal message, and
// ranges that agree with the certifiers' own checks (an independent table of edge values here).
#include "ompl_ccd/ompl/validator_options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl/random_states.h"

namespace ompl_ccd
{
namespace
{
using ::testing::ThrowsMessage;

/** \brief \a name set from \a text on default options. */
ValidatorOptions with(const std::string &name, const std::string &text)
{
  ValidatorOptions options;
  setValidatorOption(options, name, text, "test");
  return options;
}

/** \brief The message setValidatorOption throws for \a name = \a text ("" if it does not throw). */
std::string refusal(const std::string &name, const std::string &text)
{
  try
  {
    with(name, text);
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "";
}

TEST(ValidatorOptions, NamesAreUniqueAndEveryEntryIsDocumented)
{
  const std::vector<std::string> names = validatorOptionNames();
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  for (const ValidatorOption &option : validatorOptionSchema())
  {
    EXPECT_THAT(option.type, ::testing::AnyOf("number", "integer", "boolean", "name", "folder")) << option.name;
    EXPECT_FALSE(option.validators.empty()) << option.name;
    EXPECT_FALSE(option.range.empty()) << option.name;
    EXPECT_FALSE(option.doc.empty()) << option.name;
  }
  EXPECT_EQ(findValidatorOption("tolerance", "test").type, "number");
  EXPECT_EQ(findValidatorOption("max_depth", "test").type, "integer");
  EXPECT_EQ(findValidatorOption("creep_probes", "test").type, "boolean");
  EXPECT_EQ(findValidatorOption("mass_distribution", "test").type, "name");
  EXPECT_EQ(findValidatorOption("certificate_cache", "test").type, "folder");
  EXPECT_EQ(names.front(), "resolution");
  EXPECT_EQ(names.size(), 38u);  // 6 common, 10 of the culling front end, 8 of "ca", 2 of "toleranced", 12 of "interval"
}

TEST(ValidatorOptions, TheCullingFrontEndsOptionsAreReadByEveryCertifier)
{
  // the query's three, then the front end's nine (its tenth, first_contact_probes, is read by the
  // certifiers that probe for the first contact: "ca, toleranced")
  const std::set<std::string> expected = {
      "tolerance",         "clearance",        "contact_distance",     "taylor_models",
      "max_taylor_pieces", "swept_box_samples", "swept_box_travel",    "certificate_max_dims",
      "certificate_max_cells", "certificate_cache", "early_probes",    "sphere_front_end"};
  std::set<std::string> read_by_all;
  for (const ValidatorOption &option : validatorOptionSchema())
    if (option.validators == "ca, toleranced, interval")
      read_by_all.insert(option.name);
  EXPECT_EQ(read_by_all, expected);
  // they set ValidatorOptions::culling, the one CullingOptions the factory gives every certifier
  EXPECT_EQ(with("certificate_max_dims", "0").culling.certificate_max_dims, 0);
  EXPECT_EQ(findValidatorOption("first_contact_probes", "test").validators, "ca, toleranced");
}

TEST(ValidatorOptions, EveryDefaultIsInItsRangeAndRoundTrips)
{
  const ValidatorOptions defaults;
  EXPECT_NO_THROW(checkValidatorOptions(defaults, "test"));
  for (const ValidatorOption &option : validatorOptionSchema())
  {
    EXPECT_TRUE(option.inRange(defaults)) << option.name;
    ValidatorOptions parsed;
    ASSERT_TRUE(option.parse(parsed, option.text(defaults))) << option.name;
    EXPECT_EQ(option.text(parsed), option.text(defaults)) << option.name;
  }
}

TEST(ValidatorOptions, TextSetsTheField)
{
  EXPECT_EQ(with("tolerance", "1e-4").tolerance, 1e-4);
  EXPECT_EQ(with("resolution", "0.005").resolution, 0.005);
  EXPECT_EQ(with("threads", "4").toleranced.threads, 4);
  EXPECT_EQ(with("mass_distribution", "mesh-vertices").toleranced.mass_distribution, MassDistribution::MeshVertices);
  EXPECT_EQ(with("collision_probes", "0").ca.collision_probes, 0);
  EXPECT_FALSE(with("creep_probes", "false").ca.creep_probes);
  EXPECT_TRUE(with("taylor_models", "true").culling.taylor_models);
  EXPECT_EQ(with("swept_box_travel", "0.25").culling.swept_box_travel, 0.25);
  EXPECT_EQ(with("certificate_cache", "/var/cache/ompl ccd").culling.certificate_cache, "/var/cache/ompl ccd");
  EXPECT_EQ(with("certificate_cache", "off").culling.certificate_cache, "off");
  EXPECT_EQ(ValidatorOptions{}.culling.certificate_cache, "default");
  EXPECT_EQ(with("max_depth", "30").toleranced.max_depth, 30);
  EXPECT_EQ(with("max_intervals", "100").toleranced.max_intervals, 100);
  EXPECT_EQ(with("time_pieces", "4").interval.time_pieces, 4);
  EXPECT_EQ(with("solver_max_depth", "30").interval.pair.solver_max_depth, 30);
  EXPECT_EQ(with("solver_max_depth", "30").toleranced.max_depth, TolerancedMotionOptions{}.max_depth);
  EXPECT_EQ(with("solver_max_boxes", "100").interval.pair.solver_max_boxes, 100);
  EXPECT_TRUE(with("swept_sphere_culling", "true").interval.swept_sphere_culling);
  EXPECT_EQ(numberText(0.1), "0.1");
  EXPECT_EQ(numberText(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(numberText(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(with("max_shape_steps", "7").interval.pair.max_shape_steps, 7);
  EXPECT_EQ(with("obb_max_level", "2").interval.pair.obb_max_level, 2);
  EXPECT_FALSE(with("obb_trees", "false").interval.pair.obb_trees);
  ValidatorOptions options;
  assignValidatorOption(options, "early_probes=5", "test");
  EXPECT_EQ(options.culling.early_probes, 5);
  assignValidatorOption(options, "first_contact_probes=0", "test");
  EXPECT_EQ(options.culling.first_contact_probes, 0);
}

TEST(ValidatorOptions, RefusalNamesOptionValueRangeAndDefault)
{
  EXPECT_EQ(refusal("threads", "300"),
            "test: option 'threads' is '300'; allowed: an integer in [1, 256] (more threads than cores gain nothing "
            "and each costs a start-up); e.g. the default 1.");
  EXPECT_EQ(refusal("resolution", "1"),
            "test: option 'resolution' is '1'; allowed: a number in [1e-05, 1) (OMPL needs a fraction below 1; a "
            "finer one samples over 1e5 states per edge, use a certifier instead); e.g. the default 0.01.");
  EXPECT_EQ(refusal("tolerance", "small"),
            "test: option 'tolerance' is 'small'; allowed: a finite number >= 1e-14 (narrower brackets than doubles resolve on [0, 1] would never be reached); e.g. the default 0.001.");
  EXPECT_EQ(refusal("creep_probes", "yes"),
            "test: option 'creep_probes' is 'yes'; allowed: true or false; e.g. the default true.");
  EXPECT_EQ(refusal("mass_distribution", "heavy"),
            "test: option 'mass_distribution' is 'heavy'; allowed: one of mesh-vertices, obb-corners; e.g. the "
            "default obb-corners.");
  EXPECT_THAT(refusal("tolerence", "1"),
              ::testing::StartsWith("test: unknown option 'tolerence' (did you mean 'tolerance'?); the options are "
                                    "resolution, tolerance, clearance, threads"));
  EXPECT_THAT(refusal("frobnicate", "1"), ::testing::StartsWith("test: unknown option 'frobnicate'; the options are "));
  EXPECT_THAT([] { ValidatorOptions o; assignValidatorOption(o, "tolerance", "test"); },
              ThrowsMessage<Error>("test: option 'tolerance' has no value; write NAME=VALUE, e.g. tolerance=1e-4."));
  ValidatorOptions options;
  options.culling.certificate_max_dims = 4;
  EXPECT_THAT([&] { checkValidatorOptions(options, "makeMotionValidator"); },
              ThrowsMessage<Error>("makeMotionValidator: option 'certificate_max_dims' is '4'; allowed: an integer in "
                                   "[0, 3]; e.g. the default 2."));
  EXPECT_EQ(refusal("certificate_cache", ""),
            "test: option 'certificate_cache' is ''; allowed: a folder, default or off; e.g. the default default.");
  EXPECT_EQ(refusal("contact_distance", "0"),
            "test: option 'contact_distance' is '0'; allowed: a finite number > 0 (positive, so that bodies that only "
            "touch are a contact); e.g. the default 1e-06.");
}

TEST(ValidatorOptions, TextNotWhollyOfTheTypeIsRefused)
{
  for (const char *text : {"", "0.1x", " 0.1", "1e999", "nan", "inf", "-inf"})
    EXPECT_NE(refusal("tolerance", text), "") << text;
  for (const char *text : {"2.5", "1e3", "99999999999", "four", "", " 2"})
    EXPECT_NE(refusal("threads", text), "") << text;
  for (const char *text : {"1", "True", "on"})
    EXPECT_NE(refusal("temporal_culling", text), "") << text;
}

/** \brief Values on either side of an option's range edges (written here, not read from the schema). */
struct Edges
{
  std::string name;
  std::vector<std::string> inside, outside;
};

const std::vector<Edges> kCommonEdges = {
    {"resolution", {"1e-05", "0.999"}, {"9.9e-06", "1", "0", "-0.1"}},
    {"tolerance", {"1e-14", "1e-12", "1e6"}, {"9.9e-15", "0", "-1e-3"}},
    {"clearance", {"0", "0.5"}, {"-1e-9"}},
    {"contact_distance", {"1e-12", "0.01"}, {"0", "-1e-6", "inf"}},
    {"threads", {"1", "256"}, {"0", "257", "10000", "-1"}},
};

const std::vector<Edges> kCaEdges = {
    {"max_steps_per_pair", {"1"}, {"0"}},       {"distance_rel_err", {"0"}, {"-0.1"}},
    {"slab_reuse", {"0", "1"}, {"-1"}},         {"collision_probes", {"0"}, {"-1"}},
    {"max_hull_steps", {"1"}, {"0"}},
    {"hull_max_gap", {"0"}, {"-1e-3"}},
};

const std::vector<Edges> kCullingEdges = {
    {"max_taylor_pieces", {"1"}, {"0"}},
    {"swept_box_samples", {"1"}, {"0"}},
    {"swept_box_travel", {"1e-9"}, {"0"}},
    {"certificate_max_dims", {"0", "3"}, {"-1", "4"}},
    {"certificate_max_cells", {"1"}, {"0"}},
    {"certificate_cache", {"default", "off", "relative/folder"}, {""}},
    {"early_probes", {"0"}, {"-1"}},
    {"first_contact_probes", {"0", "16"}, {"-1"}},
};

const std::vector<Edges> kTolerancedEdges = {
    {"max_depth", {"1", "60"}, {"0", "61"}},
    {"max_intervals", {"1"}, {"0"}},
    {"threads", {"1", "256"}, {"257"}},
};

const std::vector<Edges> kIntervalEdges = {
    {"time_pieces", {"1"}, {"0"}},       {"solver_max_boxes", {"1"}, {"0"}}, {"solver_max_depth", {"1"}, {"0"}},
    {"max_shape_steps", {"1"}, {"0"}},   {"split_pairs", {"1"}, {"0"}},      {"max_splits", {"0"}, {"-1"}},
    {"swept_sphere_steps", {"1"}, {"0"}}, {"obb_max_level", {"0", "20"}, {"-1", "21"}},
    {"span_probes", {"0"}, {"-1"}},
};

/** \brief The schema accepts every inside value and refuses every outside one (the ranges are
    written once, in the schema: every front end and makeMotionValidator check through it). */
void expectEdges(const std::vector<Edges> &table)
{
  for (const Edges &edges : table)
  {
    const ValidatorOption &option = findValidatorOption(edges.name, "test");
    for (const std::string &text : edges.inside)
    {
      EXPECT_EQ(refusal(edges.name, text), "") << edges.name << " = " << text;
    }
    for (const std::string &text : edges.outside)
    {
      EXPECT_NE(refusal(edges.name, text), "") << edges.name << " = " << text;
      ValidatorOptions options;
      if (option.parse(options, text))  // of the type, out of range
        EXPECT_THROW(checkValidatorOptions(options, "test"), Error) << edges.name << " = " << text;
    }
  }
}

TEST(ValidatorOptions, RangesEndWhereTheTablesSay)
{
  for (const auto *table : {&kCommonEdges, &kCaEdges, &kCullingEdges, &kTolerancedEdges, &kIntervalEdges})
    expectEdges(*table);
}

// Issue 42, item 8: the warning a front end prints for an option none of its validators reads.
TEST(ValidatorOptions, UnreadOptionsAreWarnedNamingTheReaders)
{
  EXPECT_EQ(unreadOptionWarning({"ca"}, "resolution", "validate"),
            "validate: option 'resolution' has no effect: ca does not read it (discrete does); drop it, or choose a "
            "validator that reads it.");
  EXPECT_EQ(unreadOptionWarning({"discrete"}, "tolerance", "plan"),
            "plan: option 'tolerance' has no effect: discrete does not read it (ca, toleranced, interval do); drop it, "
            "or choose a validator that reads it.");
  EXPECT_EQ(unreadOptionWarning({"interval", "toleranced"}, "collision_probes", "plan"),
            "plan: option 'collision_probes' has no effect: interval and toleranced do not read it (ca does); drop "
            "it, or choose a validator that reads it.");
  EXPECT_EQ(unreadOptionWarning({"ca", "ca"}, "threads", "x"),
            "x: option 'threads' has no effect: ca does not read it (toleranced does); drop it, or choose a validator "
            "that reads it.");
  EXPECT_EQ(unreadOptionWarning({"ca"}, "tolerance", "validate"), "");
  EXPECT_EQ(unreadOptionWarning({"discrete", "ca"}, "tolerance", "plan"), "");  // ca certifies discrete's path
  EXPECT_EQ(unreadOptionWarning({"magic"}, "resolution", "validate"), "");     // refused elsewhere
  EXPECT_EQ(unreadOptionWarning({}, "resolution", "validate"), "");
  EXPECT_THROW(unreadOptionWarning({"ca"}, "tolerence", "validate"), Error);
  // every option is read by some validator, and each reader is a validator's name
  for (const ValidatorOption &option : validatorOptionSchema())
  {
    const std::vector<std::string> readers = validatorsReading(option);
    ASSERT_FALSE(readers.empty()) << option.name;
    for (const std::string &reader : readers)
    {
      EXPECT_THAT(motionValidatorNames(), ::testing::Contains(reader)) << option.name;
      EXPECT_EQ(unreadOptionWarning({reader}, option.name, "test"), "") << option.name;
    }
  }
}
}  // namespace
}  // namespace ompl_ccd
