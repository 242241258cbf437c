#include "certify/interval/exact_continuous_obb_overlap.h"

namespace ompl_ccd
{
namespace
{
/// R · v for an interval rotation (row-major) and an exact vector.
IntervalVector3 rotate(const IntervalPose &X, const Eigen::Vector3d &v)
{
  IntervalVector3 out;
  for (int i = 0; i < 3; ++i)
    out[i] = X.R[3 * i] * Interval(v.x()) + X.R[3 * i + 1] * Interval(v.y()) + X.R[3 * i + 2] * Interval(v.z());
  return out;
}

/// Upper bound of |x| over x.
Interval magnitude(const Interval &x) { return Interval(x.mag()); }

/// Separated along one axis: lower bound of |a · T| above the upper bound of the right member.
bool apart(const Interval &projection, const Interval &extent) { return projection.mig() > extent.hi(); }
}  // namespace

IntervalObb moveObb(const ObbNode &node, const IntervalPose &X_FB)
{
  IntervalObb obb;
  for (int i = 0; i < 3; ++i)
    obb.axes[i] = rotate(X_FB, node.axes.col(i));
  const IntervalVector3 c = rotate(X_FB, node.center);
  for (int i = 0; i < 3; ++i)
    obb.center[i] = c[i] + X_FB.p[i];
  obb.half = node.half;
  return obb;
}

bool obbsSeparated(const IntervalObb &a, const IntervalObb &b, double margin)
{
  const IntervalVector3 T = b.center - a.center;
  // Centres always closer than the boxes' inscribed radii: the boxes overlap at every t, so no
  // axis can separate them (the full test would fail too, at a higher price).
  if (sqrt(squaredNorm(T)).hi() < Interval::down(a.half.minCoeff() + b.half.minCoeff()))
    return false;
  // The frame's own axes first (cheapest, and the tightest when the boxes' axes are wide
  // intervals): the boxes' interval AABBs.
  for (int k = 0; k < 3; ++k)
  {
    Interval extent = Interval(margin);
    for (int i = 0; i < 3; ++i)
      extent += Interval(a.half[i]) * magnitude(a.axes[i][k]) + Interval(b.half[i]) * magnitude(b.axes[i][k]);
    if (apart(T[k], extent))
      return true;
  }
  // |R_ij| = |e_i · f_j| bounded above, and the centre offset along each box's axes.
  Interval R[3][3], absR[3][3], TA[3], TB[3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
    {
      R[i][j] = dot(a.axes[i], b.axes[j]);
      absR[i][j] = magnitude(R[i][j]);
    }
  for (int i = 0; i < 3; ++i)
  {
    TA[i] = dot(a.axes[i], T);
    TB[i] = dot(b.axes[i], T);
  }
  const Interval d(margin);
  const auto ha = [&](int i) { return Interval(a.half[i]); };
  const auto hb = [&](int j) { return Interval(b.half[j]); };
  // The axes of a, then of b ([Redon2004] Eq. (12) with a = e_i, a = f_j).
  for (int i = 0; i < 3; ++i)
    if (apart(TA[i], ha(i) + hb(0) * absR[i][0] + hb(1) * absR[i][1] + hb(2) * absR[i][2] + d))
      return true;
  for (int j = 0; j < 3; ++j)
    if (apart(TB[j], hb(j) + ha(0) * absR[0][j] + ha(1) * absR[1][j] + ha(2) * absR[2][j] + d))
      return true;
  // e_i × f_j: a · T = TA[i+2] R[i+1][j] − TA[i+1] R[i+2][j] ([Gottschalk1996], indices mod 3).
  for (int i = 0; i < 3; ++i)
  {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j)
    {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const Interval projection = TA[i2] * R[i1][j] - TA[i1] * R[i2][j];
      const Interval extent = ha(i1) * absR[i2][j] + ha(i2) * absR[i1][j] + hb(j1) * absR[i][j2] +
                              hb(j2) * absR[i][j1] + d;
      if (apart(projection, extent))
        return true;
    }
  }
  return false;
}
}  // namespace ompl_ccd
