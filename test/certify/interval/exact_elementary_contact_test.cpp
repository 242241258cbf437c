// Elementary contact solver: closed-form times of contact, the degenerate motions (contact at t₀
// and t₁, touching over an interval, coplanar vertex and face, parallel and collinear edges, a
// collapsed triangle), a distance threshold, a rotating triangle against a closed form and a
// sampled oracle, and the boundary's error messages. The benchmark queries are in
// exact_elementary_contact_ccd_queries_test.cpp.

#include "certify/interval/exact_elementary_contact.h"

#include <cmath>
#include <memory>
#include <utility>

#include <Eigen/Geometry>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/constant_velocity_pose.h"
#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
using Eigen::Vector3d;
using Points = std::vector<Vector3d>;

/** \brief The four vertices of one pair moving linearly from \a start to \a end over [0, 1]. */
ElementaryContactResult solveLinear(FeaturePairKind kind, const Points &start, const Points &end,
                                    const ElementaryContactOptions &options = {})
{
  const LinearVertexMotion motion(start, end);
  const FeaturePair pair{kind, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}}}};
  return solveElementaryContacts({&motion}, {pair}, 0.0, 1.0, options);
}

/** \brief The triangle (0,0,0), (1,0,0), (0,1,0) at rest, the vertex moving from \a p0 to \a p1. */
ElementaryContactResult vertexAgainstUnitTriangle(const Vector3d &p0, const Vector3d &p1,
                                                  const ElementaryContactOptions &options = {})
{
  const Vector3d a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  return solveLinear(FeaturePairKind::VertexFace, {p0, a, b, c}, {p1, a, b, c}, options);
}

/** \brief A Collision whose bracket holds \a toc and is no wider than the tolerance. */
void expectContactAt(const ElementaryContactResult &result, double toc,
                     double tolerance = kElementaryTimeTolerance)
{
  ASSERT_EQ(result.verdict, Verdict::Collision) << "budget " << result.budget;
  EXPECT_LE(result.toc_lower, toc);
  EXPECT_GE(result.toc_upper, toc);
  EXPECT_LE(result.toc_upper - result.toc_lower, tolerance);
  EXPECT_GE(result.witness.time, result.toc_lower);
  EXPECT_LE(result.witness.time, result.toc_upper);
  EXPECT_LE(result.witness.distance, kElementaryContactDistance);
}

TEST(ElementaryContact, FallingVertexHitsTheFaceAtTheClosedFormTime)
{
  // z(t) = 1 − 3t: contact at t = 1/3 (not a double: the bracket must hold the real root).
  const auto result = vertexAgainstUnitTriangle({0.2, 0.3, 1.0}, {0.2, 0.3, -2.0});
  expectContactAt(result, 1.0 / 3.0);
  EXPECT_EQ(result.pair, 0);
  EXPECT_NEAR(result.witness.point_b.z(), 0.0, 1e-6);
  EXPECT_NEAR(std::fabs(result.witness.normal.z()), 1.0, 1e-12);
  EXPECT_GT(result.newton_reductions, 0);  // Newton shrinks the intervals around a transversal root
}

TEST(ElementaryContact, OutwardRoundingKeepsAnExactContactThatRoundingToNearestMisses)
{
  // p = (b + c)/4 lies exactly in the triangle (0, b, c) (barycentrics 1/2, 1/4, 1/4), so
  // det[b, c, p] = 0 exactly; the coordinates (integers below 2²⁸, scaled by 2⁻²⁸: all exact) make
  // the round-to-nearest determinant nonzero. Only outward rounding keeps the root.
  const double scale = std::ldexp(1.0, -28);
  const Vector3d a = Vector3d::Zero(), b = scale * Vector3d(251917196, 139239628, 125805480),
                 c = scale * Vector3d(102941832, 252470800, 255740184), p = 0.25 * (b + c);
  ASSERT_NE(p.dot(b.cross(c)), 0.0) << "the case no longer exercises rounding";
  const FeatureBoxes at_contact{pointBox(p), pointBox(a), pointBox(b), pointBox(c)};
  EXPECT_TRUE(coplanarity(FeaturePairKind::VertexFace, at_contact).contains(0.0));
  EXPECT_FALSE(featuresSeparated(FeaturePairKind::VertexFace, at_contact, 0.0));
  // The vertex crosses the face at p exactly at t = 1/2.
  const Vector3d k(0.25, -0.5, 0.125);
  expectContactAt(solveLinear(FeaturePairKind::VertexFace, {p - k, a, b, c}, {p + k, a, b, c}), 0.5);
}

TEST(ElementaryContact, NewtonOffGivesTheSameBracket)
{
  ElementaryContactOptions options;
  options.newton_iterations = 0;
  const auto result = vertexAgainstUnitTriangle({0.2, 0.3, 1.0}, {0.2, 0.3, -2.0}, options);
  expectContactAt(result, 1.0 / 3.0);
  EXPECT_EQ(result.newton_reductions, 0);
}

TEST(ElementaryContact, VertexPassingBesideTheFaceIsFree)
{
  // Crosses the plane at (0.6, 0.6), outside the triangle (x + y > 1): coplanarity has a root,
  // the validity check rejects it.
  const auto result = vertexAgainstUnitTriangle({0.6, 0.6, 1.0}, {0.6, 0.6, -1.0});
  EXPECT_EQ(result.verdict, Verdict::Free);
  EXPECT_EQ(result.toc_lower, 1.0);
}

TEST(ElementaryContact, GrazingThroughAnEdgeIsContactANearMissIsFree)
{
  // The vertex crosses the plane exactly on the hypotenuse x + y = 1, at t = 1/2.
  expectContactAt(vertexAgainstUnitTriangle({0.5, 0.5, 1.0}, {0.5, 0.5, -1.0}), 0.5);
  // A micrometre outside it: far above contact_distance, so Free.
  const double off = 1e-6;
  EXPECT_EQ(vertexAgainstUnitTriangle({0.5 + off, 0.5, 1.0}, {0.5 + off, 0.5, -1.0}).verdict, Verdict::Free);
}

TEST(ElementaryContact, ContactAtTheStartAndAtTheEnd)
{
  const auto at_start = vertexAgainstUnitTriangle({0.2, 0.2, 0.0}, {0.2, 0.2, 1.0});
  expectContactAt(at_start, 0.0);
  EXPECT_EQ(at_start.toc_lower, 0.0);
  const auto at_end = vertexAgainstUnitTriangle({0.2, 0.2, 1.0}, {0.2, 0.2, 0.0});
  expectContactAt(at_end, 1.0);
  EXPECT_EQ(at_end.toc_upper, 1.0);
}

TEST(ElementaryContact, CoplanarVertexSlidingIntoTheFaceTouchesOverAnInterval)
{
  // In the triangle's plane for all t: coplanarity vanishes identically and must not free the
  // pair. The vertex enters at x = 0, t = 1/3, and stays in contact until it leaves at t = 0.6.
  expectContactAt(vertexAgainstUnitTriangle({-1.0, 0.2, 0.0}, {2.0, 0.2, 0.0}), 1.0 / 3.0);
  // The same slide above the triangle's top corner is free.
  EXPECT_EQ(vertexAgainstUnitTriangle({-1.0, 1.5, 0.0}, {2.0, 1.5, 0.0}).verdict, Verdict::Free);
}

TEST(ElementaryContact, CollapsedTriangle)
{
  // The triangle is a segment from (0,0,0) to (2,0,0) (its third vertex on it): the vertex crossing
  // the segment touches it, the vertex crossing its line beyond the end does not.
  const Vector3d a(0, 0, 0), b(2, 0, 0), c(1, 0, 0);
  expectContactAt(solveLinear(FeaturePairKind::VertexFace, {{1.5, 1, 0}, a, b, c}, {{1.5, -1, 0}, a, b, c}), 0.5);
  EXPECT_EQ(solveLinear(FeaturePairKind::VertexFace, {{3, 1, 0}, a, b, c}, {{3, -1, 0}, a, b, c}).verdict,
            Verdict::Free);
}

TEST(ElementaryContact, CrossingEdgesAtTheClosedFormTime)
{
  // Edge ab along x at z = 0; edge cd along y, descending z(t) = 0.7 − t: contact at t = 0.7.
  const Vector3d a(-1, 0, 0), b(1, 0, 0);
  const auto result = solveLinear(FeaturePairKind::EdgeEdge, {a, b, {0.25, -1, 0.7}, {0.25, 1, 0.7}},
                                  {a, b, {0.25, -1, -0.3}, {0.25, 1, -0.3}});
  expectContactAt(result, 0.7);
  EXPECT_NEAR((result.witness.point_a - Vector3d(0.25, 0, 0)).norm(), 0.0, 1e-6);
  // Past the end of ab: the lines cross, the segments do not.
  EXPECT_EQ(solveLinear(FeaturePairKind::EdgeEdge, {a, b, {1.5, -1, 0.7}, {1.5, 1, 0.7}},
                        {a, b, {1.5, -1, -0.3}, {1.5, 1, -0.3}})
                .verdict,
            Verdict::Free);
}

TEST(ElementaryContact, ParallelEdges)
{
  // Parallel edges stay parallel (e₁ × e₂ ≡ 0, Eq. (13) vanishes identically).
  const Vector3d a(0, 0, 0), b(1, 1, 0);
  // Side by side, moving together along z: free.
  EXPECT_EQ(solveLinear(FeaturePairKind::EdgeEdge, {a, b, {1, 0, 0}, {2, 1, 0}}, {a, b, {1, 0, 1}, {2, 1, 1}}).verdict,
            Verdict::Free);
  // Approaching sideways until the lines coincide at t = 1/2, overlapping: contact.
  expectContactAt(solveLinear(FeaturePairKind::EdgeEdge, {a, b, {0.5, -0.5, 0}, {1.5, 0.5, 0}},
                              {a, b, {-0.5, 0.5, 0}, {0.5, 1.5, 0}}),
                  0.5);
}

TEST(ElementaryContact, CollinearEdgesMeetEndToEnd)
{
  // ab = [0, 1] on the x axis, cd = [2 − 2t, 3 − 2t]: the ends meet at t = 1/2.
  const Vector3d a(0, 0, 0), b(1, 0, 0);
  expectContactAt(
      solveLinear(FeaturePairKind::EdgeEdge, {a, b, {2, 0, 0}, {3, 0, 0}}, {a, b, {0, 0, 0}, {1, 0, 0}}), 0.5);
  // Sliding along the line but stopping short: free.
  EXPECT_EQ(
      solveLinear(FeaturePairKind::EdgeEdge, {a, b, {3, 0, 0}, {4, 0, 0}}, {a, b, {1.5, 0, 0}, {2.5, 0, 0}}).verdict,
      Verdict::Free);
}

TEST(ElementaryContact, DistanceThresholdMovesTheContactEarlier)
{
  ElementaryContactOptions options;
  options.distance = 0.1;
  // z(t) = 1 − 2t reaches 0.1 at t = 0.45.
  const auto result = vertexAgainstUnitTriangle({0.2, 0.3, 1.0}, {0.2, 0.3, -1.0}, options);
  ASSERT_EQ(result.verdict, Verdict::Collision);
  EXPECT_LE(result.toc_lower, 0.45);
  EXPECT_GE(result.toc_upper, 0.45);
  EXPECT_LE(result.witness.distance, 0.1 + kElementaryContactDistance);
  // Passing 0.2 beside the face's corner never comes within 0.1.
  EXPECT_EQ(vertexAgainstUnitTriangle({1.2, 0.0, 1.0}, {1.2, 0.0, -1.0}, options).verdict, Verdict::Free);
}

TEST(ElementaryContact, PairsSolvedTogetherReportTheEarliestContact)
{
  // Motion 0: the unit triangle at rest and a vertex falling onto it at t = 0.7 (z = 0.7 − t).
  // Motion 1: an edge along y at x = 0.5 descending onto the triangle's edge ab at t = 0.3.
  // The edge–edge pair shares a and b with the vertex–face pair.
  const Vector3d a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  const LinearVertexMotion triangle_and_vertex({a, b, c, {0.2, 0.3, 0.7}}, {a, b, c, {0.2, 0.3, -0.3}});
  const LinearVertexMotion edge({{0.5, -1, 0.3}, {0.5, 1, 0.3}}, {{0.5, -1, -0.7}, {0.5, 1, -0.7}});
  const FeaturePair vertex_face{FeaturePairKind::VertexFace, {{{0, 3}, {0, 0}, {0, 1}, {0, 2}}}};
  const FeaturePair edge_edge{FeaturePairKind::EdgeEdge, {{{0, 0}, {0, 1}, {1, 0}, {1, 1}}}};
  const std::vector<const VertexMotion *> motions{&triangle_and_vertex, &edge};
  const auto both = solveElementaryContacts(motions, {vertex_face, edge_edge}, 0.0, 1.0);
  expectContactAt(both, 0.3);
  EXPECT_EQ(both.pair, 1);
  const auto reversed = solveElementaryContacts(motions, {edge_edge, vertex_face}, 0.0, 1.0);
  expectContactAt(reversed, 0.3);
  EXPECT_EQ(reversed.pair, 0);
  // Without the edge, the vertex's contact; after it (t ≥ 0.8), nothing.
  expectContactAt(solveElementaryContacts(motions, {vertex_face}, 0.0, 1.0), 0.7);
  EXPECT_EQ(solveElementaryContacts(motions, {vertex_face, edge_edge}, 0.8, 1.0).verdict, Verdict::Free);
}

TEST(ElementaryContact, BudgetsRunOutAsUndecided)
{
  ElementaryContactOptions options;
  options.max_boxes = 3;
  options.newton_iterations = 0;  // Newton alone would pin the root within three intervals
  const auto result = vertexAgainstUnitTriangle({0.2, 0.3, 1.0}, {0.2, 0.3, -2.0}, options);
  EXPECT_EQ(result.verdict, Verdict::Undecided);
  EXPECT_EQ(result.budget, "max_boxes");
  EXPECT_LE(result.toc_lower, 1.0 / 3.0);
}

/** \brief A triangle in the plane x = 1 of a body turning about z by θ(t) = 1 − 2t; a fixed vertex
    q in the world. */
struct RotatingTriangle
{
  static constexpr double kRate = -2.0, kStartAngle = 1.0;
  const Points p_BV{{1.0, -0.5, -0.5}, {1.0, 0.5, -0.5}, {1.0, 0.0, 0.5}};

  /** \brief The pose; without its rate enclosure when \a with_rate is false. */
  static std::shared_ptr<const PoseEnclosureFunction> pose(bool with_rate)
  {
    /** \brief Forwards enclose() only: PoseEnclosureFunction's default encloseRate() (none). */
    struct PositionsOnly : PoseEnclosureFunction
    {
      explicit PositionsOnly(std::shared_ptr<const PoseEnclosureFunction> pose) : pose_(std::move(pose)) {}
      void enclose(const Interval &T, IntervalPose &X_WB) const override { pose_->enclose(T, X_WB); }
      std::shared_ptr<const PoseEnclosureFunction> pose_;
    };
    const Eigen::Matrix3d R0 = Eigen::AngleAxisd(kStartAngle, Vector3d::UnitZ()).toRotationMatrix();
    const auto full = std::make_shared<ConstantVelocityPose>(R0, Vector3d::Zero(), Vector3d::UnitZ(), kRate,
                                                             Vector3d::Zero());
    if (with_rate)
      return full;
    return std::make_shared<PositionsOnly>(full);
  }

  ElementaryContactResult solve(const Vector3d &q, bool with_rate = true) const
  {
    const RigidVertexMotion triangle(pose(with_rate), p_BV);
    const LinearVertexMotion vertex({q}, {q});
    const FeaturePair pair{FeaturePairKind::VertexFace, {{{1, 0}, {0, 0}, {0, 1}, {0, 2}}}};
    return solveElementaryContacts({&triangle, &vertex}, {pair}, 0.0, 1.0);
  }

  /** \brief Independent oracle (Eigen's rotation, plain doubles): |height of q over the triangle's
      plane| when q projects into the triangle, +∞ when it does not (q cannot touch it then). */
  double height(const Vector3d &q, double t) const
  {
    const Eigen::Matrix3d R = Eigen::AngleAxisd(kStartAngle + kRate * t, Vector3d::UnitZ()).toRotationMatrix();
    const Vector3d a = R * p_BV[0], b = R * p_BV[1], c = R * p_BV[2];
    const Vector3d n = (b - a).cross(c - a).normalized();
    const double height = n.dot(q - a);
    const Vector3d foot = q - height * n;
    const Vector3d e = b - a, w = c - a;
    // Barycentric coordinates of the foot; inside iff all are in [0, 1].
    const double d00 = e.dot(e), d01 = e.dot(w), d11 = w.dot(w), d20 = (foot - a).dot(e), d21 = (foot - a).dot(w);
    const double den = d00 * d11 - d01 * d01, v = (d11 * d20 - d01 * d21) / den, u = (d00 * d21 - d01 * d20) / den;
    const bool inside = v >= 0 && u >= 0 && u + v <= 1;
    return inside ? std::fabs(height) : std::numeric_limits<double>::infinity();
  }
};

TEST(ElementaryContact, RotatingTriangleHitsAFixedVertexAtTheClosedFormTime)
{
  // q = (r, 0, 0) in the world, r = 1.02: in body coordinates q = r (cos θ, −sin θ, 0) reaches the
  // plane x = 1 first when θ = 1 − 2t = acos(1/r), with |y| = r sin θ ≈ 0.2 inside the triangle's
  // section at z = 0 (|y| ≤ 0.25): t* = (1 − acos(1/r)) / 2.
  const RotatingTriangle rig;
  const double r = 1.02, toc = (RotatingTriangle::kStartAngle - std::acos(1.0 / r)) / -RotatingTriangle::kRate;
  const Vector3d q(r, 0.0, 0.0);
  const auto result = rig.solve(q);
  expectContactAt(result, toc);
  EXPECT_GT(result.newton_reductions, 0);  // the pose gives its rate: Newton runs
  // Oracle: before the bracket the vertex is never on the triangle (sampled densely), at t* it is.
  const int samples = 20000;
  for (int i = 0; i < samples; ++i)
  {
    const double t = result.toc_lower * i / samples;
    ASSERT_GT(rig.height(q, t), 0.0) << "t = " << t;
  }
  EXPECT_LT(rig.height(q, toc), 1e-12);
  // A pose enclosure without a rate: no Newton step, the same contact.
  const auto without_rate = rig.solve(q, false);
  expectContactAt(without_rate, toc);
  EXPECT_EQ(without_rate.newton_reductions, 0);
}

TEST(ElementaryContact, RotatingTriangleMissesAVertexAboveIt)
{
  // At z = 0.6 the vertex is above the triangle's top (z ≤ 0.5): it crosses the plane beside it.
  const RotatingTriangle rig;
  const Vector3d q(1.02, 0.0, 0.6);
  EXPECT_EQ(rig.solve(q).verdict, Verdict::Free);
  for (int i = 0; i <= 1000; ++i)
    ASSERT_EQ(rig.height(q, i / 1000.0), std::numeric_limits<double>::infinity());
}

TEST(ElementaryContact, BadInputIsRefusedWithAMessage)
{
  const LinearVertexMotion motion(Points(4, Vector3d::Zero()), Points(4, Vector3d::Zero()));
  const FeaturePair pair{FeaturePairKind::VertexFace, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}}}};
  EXPECT_THAT([&] { solveElementaryContacts({&motion}, {pair}, 1.0, 0.0); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("solveElementaryContacts: time interval [1, 0]")));
  FeaturePair bad = pair;
  bad.vertices[3].vertex = 4;
  EXPECT_THAT([&] { solveElementaryContacts({&motion}, {bad}, 0.0, 1.0); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("pair 0 refers to vertex 4 of motion 0")));
  ElementaryContactOptions options;
  options.time_tolerance = 0.0;
  EXPECT_THAT([&] { solveElementaryContacts({&motion}, {pair}, 0.0, 1.0, options); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("time_tolerance 0 is not positive")));
  EXPECT_THAT([&] { LinearVertexMotion(Points(2), Points(1)); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("LinearVertexMotion: 2 start positions but 1")));
}
}  // namespace
}  // namespace ompl_ccd
