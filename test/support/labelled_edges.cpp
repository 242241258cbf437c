#include "labelled_edges.h"

#include <gtest/gtest.h>

#include <iostream>

#include "support/soundness_suite.h"

namespace ompl_ccd::test
{
std::size_t expectSoundOnLabelledEdges(const Certifier &certifier, const CollisionWorld &oracle_world,
                                       const std::vector<Edge> &edges, const std::vector<OracleResult> &labels,
                                       const std::string &name)
{
  const double tolerance = 1e-3;
  auto ws = certifier.makeWorkspace();
  std::size_t collisions = 0;
  for (const Mode mode : {Mode::Decide, Mode::FirstContact})
  {
    SoundnessTally tally;
    for (std::size_t i = 0; i < edges.size(); ++i)
    {
      Query query;
      query.mode = mode;
      query.tolerance = tolerance;
      const JointMotion motion(oracle_world.robot(), edges[i].q0, edges[i].q1);
      const Report report = certifier.certify(*ws, motion, query);
      const Classification verdict = classify(report, labels[i], tolerance);
      const std::string where = name + " edge " + std::to_string(i) + " " + toString(mode);
      EXPECT_FALSE(verdict.false_free) << where;
      EXPECT_FALSE(verdict.toc_lower_past_contact) << where;
      if (report.verdict == Verdict::Collision)
        EXPECT_TRUE(witnessInContact(oracle_world, motion, report, query.contact_distance)) << where;
      tally.add(report, labels[i], verdict);
    }
    std::cout << name << ", " << toString(mode) << ":\n" << tally.summary() << "\n";
    EXPECT_TRUE(tally.sound()) << name;
    collisions += tally.report_collision;
  }
  return collisions;
}
}  // namespace ompl_ccd::test
