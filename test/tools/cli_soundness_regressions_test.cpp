/// Soundness regressions through the `ompl_ccd` command line, on robots and scenes written for
/// them (test/data/soundness): a floating root whose quaternions are a little off unit norm, a half
/// turn whose direction only OMPL's own arithmetic decides, and first-contact tolerances at and
/// below what doubles resolve. Every certifier, both modes: *collision* (or a refusal, exit 2),
/// never *free*, never an abort or a hang.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "support/cli_run.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using nlohmann::json;
using ::testing::HasSubstr;

const std::vector<std::string> kCertifiers = {"ca", "toleranced", "interval"};
const std::vector<std::string> kModes = {"decide", "first-contact"};

/** \brief The per-edge JSON records of a run (the summary line dropped, checked present). */
std::vector<json> edgeRecords(const test::CliRun &run)
{
  std::vector<json> records;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);)
    records.push_back(json::parse(line));
  EXPECT_FALSE(records.empty() || !records.back().contains("summary")) << run.out;
  if (!records.empty())
    records.pop_back();
  return records;
}

std::string soundnessData(const std::string &name) { return test::testDataPath("soundness/" + name); }

class CliSoundnessRegressions : public ::testing::Test
{
protected:
  /** \brief `validate` of the floating bar among \a scene on \a edges with \a validator in \a mode. */
  test::CliRun validate(const std::string &scene, const std::string &edges, const std::string &validator,
                        const std::string &mode, const std::string &extra = "") const
  {
    return test::runCli("validate --quiet --robot " + soundnessData("floating_bar.urdf") + " --scene " +
                            soundnessData(scene) + " --edges " + soundnessData(edges) + " --validator " + validator +
                            " --mode " + mode + " " + extra,
                        folder_.path());
  }

  /** \brief Every certifier in both modes finds every edge of \a edges in collision with the plate,
      in the window [\a earliest, \a latest] where the plate lies across the sweep. */
  void expectEveryCertifierFindsThePlate(const std::string &scene, const std::string &edges, double earliest,
                                         double latest) const
  {
    for (const std::string &validator : kCertifiers)
      for (const std::string &mode : kModes)
      {
        const test::CliRun run = validate(scene, edges, validator, mode);
        ASSERT_EQ(run.code, 0) << validator << " " << mode << ": " << run.err;
        for (const json &record : edgeRecords(run))
        {
          EXPECT_EQ(record["verdict"], "collision") << validator << " " << mode << ": " << record;
          if (record["verdict"] != "collision")
            continue;
          EXPECT_EQ(record["witness"]["other"], "plate") << validator << " " << mode;
          EXPECT_GE(record["toc_upper"].get<double>(), earliest) << validator << " " << mode;
          EXPECT_LE(record["toc_upper"].get<double>(), latest) << validator << " " << mode;
        }
      }
  }

  test::TestFolder folder_;
};

// A 10 m bar on a floating root turns 3.8e-3 rad about z through a 0.1 mm plate (t ≈ 0.65 .. 0.72).
// The state file's quaternions have norms 1 + 9e-7 and 1 − 9e-7: within what a state may hold, and
// normalised when read. Taken raw, acos of their dot product gave a turn 19 times too small to the
// certifiers' motion model, which then certified the sweep of another motion free.
TEST_F(CliSoundnessRegressions, QuaternionsOffUnitNormAreNormalisedAndTheirTurnCertified)
{
  expectEveryCertifierFindsThePlate("slight_turn_plate.yaml", "slight_turn_unnormalised_edges.txt", 0.64, 0.73);
  // OMPL's SO3StateSpace asserts unit norms to 1e-9: the sampled validator gets the normalised
  // states too, and answers instead of aborting.
  for (const std::string &mode : kModes)
  {
    const test::CliRun run = validate("slight_turn_plate.yaml", "slight_turn_unnormalised_edges.txt", "discrete", mode);
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(edgeRecords(run).size(), 2u);
  }
}

// Quaternions farther off unit norm than a state may hold are refused with the joint named.
TEST_F(CliSoundnessRegressions, QuaternionsFarOffUnitNormAreRefused)
{
  std::ofstream(folder_.file("far.txt")) << "0 0 0 0 0 0 1.001  0 0 0 0 0 0.001 1\n";
  const test::CliRun run = test::runCli("validate --quiet --robot " + soundnessData("floating_bar.urdf") + " --scene " +
                                            soundnessData("slight_turn_plate.yaml") + " --validator ca --edges " +
                                            folder_.file("far.txt"),
                                        folder_.path());
  EXPECT_EQ(run.code, 2);
  EXPECT_THAT(run.err, HasSubstr("floating joint 'float' quaternion (qx qy qz qw) = [0 0 0 1.001] has norm 1.001, "
                                 "not 1; normalise it."));
}

// A half turn of the root about its z axis, q1 = q0 · (π about z) a few ulps off: OMPL's dot
// product of the two, summed in its order, is −2.1e-17, so it turns towards −q1, about −z, through
// a 0.5 mm plate near t = 0.59; a dot product rounded in another order is 0 and turns about +z,
// where nothing is. The interval certifier's model turned the other way and said free.
TEST_F(CliSoundnessRegressions, HalfTurnGoesTheWayOmplsArithmeticPicks)
{
  expectEveryCertifierFindsThePlate("half_turn_plate.yaml", "half_turn_edges.txt", 0.5899, 0.5901);
}

// First contact at the narrowest tolerance the schema accepts terminates with a bracket that
// narrow on the bundled arm (every certifier); a narrower one is refused naming the smallest.
TEST_F(CliSoundnessRegressions, TolerancesDownToWhatDoublesResolveTerminate)
{
  const std::string arm = "--robot " + test::examplePath("arm/arm.urdf") + " --scene " +
                          test::examplePath("scene.yaml") + " --edges " + test::examplePath("arm_edges.txt");
  std::ostringstream narrowest;
  narrowest.precision(17);
  narrowest << kMinTolerance;
  for (const std::string &validator : kCertifiers)
  {
    const test::CliRun run = test::runCli("validate --quiet " + arm + " --validator " + validator +
                                              " --mode first-contact --tolerance " + narrowest.str(),
                                          folder_.path());
    ASSERT_EQ(run.code, 0) << validator << ": " << run.err;
    int collisions = 0;
    for (const json &record : edgeRecords(run))
    {
      EXPECT_NE(record["verdict"], "undecided") << validator << ": " << record;
      if (record["verdict"] != "collision")
        continue;
      ++collisions;
      EXPECT_LE(record["toc_upper"].get<double>() - record["toc_lower"].get<double>(), kMinTolerance) << validator;
    }
    EXPECT_GT(collisions, 0) << validator;

    const test::CliRun refused = test::runCli("validate --quiet " + arm + " --validator " + validator +
                                                  " --mode first-contact --tolerance 1e-15",
                                              folder_.path());
    EXPECT_EQ(refused.code, 2) << validator;
    EXPECT_THAT(refused.err, HasSubstr("option 'tolerance' is '1e-15'; allowed: a finite number >= 1e-14"));
  }
}
}  // namespace
}  // namespace ompl_ccd
