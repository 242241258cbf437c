#include "certify/interval/exact_elementary_contact.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>
#include <utility>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
/** \brief A time interval still to examine, its halving depth and the pairs active on it. */
struct TimeBox
{
  Interval T;
  int depth = 0;
  std::vector<int> pairs;
};

/** \brief T ∩ N, or nothing if they are disjoint. */
std::optional<Interval> intersect(const Interval &T, const Interval &N)
{
  const double lo = std::max(T.lo(), N.lo()), hi = std::min(T.hi(), N.hi());
  return lo <= hi ? std::optional<Interval>(Interval(lo, hi)) : std::nullopt;
}

/** \brief One solve: the compact table of the vertices the pairs use, and the boxes enclosing them
    over the current time interval ([Redon2004] Sec. 5.2.2: enclosed once per interval, shared). */
class SimultaneousSolver
{
public:
  SimultaneousSolver(const std::vector<const VertexMotion *> &motions, const std::vector<FeaturePair> &pairs,
                     const ElementaryContactOptions &options)
    : motions_(motions), pairs_(pairs), options_(options), vertices_(motions.size()), slots_(pairs.size()),
      requested_(motions.size())
  {
    std::vector<std::unordered_map<int, int>> slot_of(motions.size());  // vertex → slot, per motion
    for (std::size_t k = 0; k < pairs.size(); ++k)
      for (int j = 0; j < 4; ++j)
      {
        const VertexRef &ref = pairs[k].vertices[j];
        const auto [it, added] = slot_of[ref.motion].emplace(ref.vertex, vertices_[ref.motion].size());
        if (added)
          vertices_[ref.motion].push_back(ref.vertex);
        slots_[k][j] = {ref.motion, it->second};
      }
    for (std::vector<std::vector<IntervalVector3>> *table : {&positions_, &velocities_, &at_time_})
    {
      table->resize(motions.size());
      for (std::size_t i = 0; i < motions.size(); ++i)
        (*table)[i].resize(vertices_[i].size());
    }
    for (std::size_t i = 0; i < motions.size(); ++i)
      marked_.emplace_back(vertices_[i].size(), false);
  }

  ElementaryContactResult solve(double t0, double t1);

private:
  /** \brief Positions (and velocities, if \a rates) over T of the vertices of the pairs \a active
      into \a at (other entries are left as they were: no active pair reads them).
      \retval true iff velocities were requested and every motion asked gave them. */
  bool enclose(const Interval &T, const std::vector<int> &active, bool rates,
               std::vector<std::vector<IntervalVector3>> &at)
  {
    for (std::vector<int> &slots : requested_)
      slots.clear();
    for (const int k : active)
      for (const auto &[motion, slot] : slots_[k])
        if (!marked_[motion][slot])
        {
          marked_[motion][slot] = true;
          requested_[motion].push_back(slot);
        }
    bool all_rates = rates;
    for (std::size_t i = 0; i < motions_.size(); ++i)
    {
      if (requested_[i].empty())
        continue;
      request_.clear();
      for (const int slot : requested_[i])
      {
        marked_[i][slot] = false;
        request_.push_back(vertices_[i][slot]);
      }
      all_rates = motions_[i]->enclose(T, request_, boxes_, rates ? &rates_ : nullptr) && all_rates;
      for (std::size_t j = 0; j < request_.size(); ++j)
      {
        at[i][requested_[i][j]] = boxes_[j];
        if (all_rates)
          velocities_[i][requested_[i][j]] = rates_[j];
      }
    }
    return all_rates;
  }

  /** \brief The four vertex boxes of pair \a k from the table \a table. */
  FeatureBoxes boxes(int k, const std::vector<std::vector<IntervalVector3>> &table) const
  {
    FeatureBoxes x;
    for (int j = 0; j < 4; ++j)
      x[j] = table[slots_[k][j].first][slots_[k][j].second];
    return x;
  }

  /** \brief Drops the pairs proved apart on box.T; true if some remain. */
  bool cull(TimeBox &box) const
  {
    const auto apart = [&](int k) {
      return featuresSeparated(pairs_[k].kind, boxes(k, positions_), options_.distance);
    };
    box.pairs.erase(std::remove_if(box.pairs.begin(), box.pairs.end(), apart), box.pairs.end());
    return !box.pairs.empty();
  }

  bool newtonCull(TimeBox &box, bool rates, ElementaryContactResult &result);
  bool findWitness(const TimeBox &box, ElementaryContactResult &result);

  const std::vector<const VertexMotion *> &motions_;
  const std::vector<FeaturePair> &pairs_;
  const ElementaryContactOptions &options_;
  /** \brief vertices_[i]: the vertices of motions_[i] that some pair uses. */
  std::vector<std::vector<int>> vertices_;
  /** \brief slots_[k][j]: (motion, index in vertices_[motion]) of pair k's vertex j. */
  std::vector<std::array<std::pair<int, int>, 4>> slots_;
  /** \brief Boxes over the current interval, velocities over it, positions at one time, by slot. */
  std::vector<std::vector<IntervalVector3>> positions_, velocities_, at_time_;
  /** \brief Scratch of enclose(): the slots asked per motion (and a mark per slot, false between calls),
      their vertex indices, the answers. */
  std::vector<std::vector<int>> requested_;
  std::vector<std::vector<bool>> marked_;
  std::vector<int> request_;
  std::vector<IntervalVector3> boxes_, rates_;
};

/** \brief Interval Newton culling, [Redon2004] Sec. 5.2.4: each pair's roots of f lie in
    N = m − f(m)/f'(T) (Eq. (18)) when 0 ∉ f'(T); contact needs f = 0 (distance 0 only). A pair
    whose N misses T is dropped; T shrinks to the hull of the pairs' N ∩ T (T itself for a pair
    without a usable derivative). False if no pair remains. */
bool SimultaneousSolver::newtonCull(TimeBox &box, bool rates, ElementaryContactResult &result)
{
  // With a distance d > 0 the pair may come within d without f vanishing: Newton does not apply.
  for (int step = 0; rates && options_.distance == 0.0 && step < options_.newton_iterations; ++step)
  {
    std::vector<Interval> slopes(box.pairs.size());
    bool usable = false;
    for (std::size_t i = 0; i < box.pairs.size(); ++i)
    {
      const int k = box.pairs[i];
      slopes[i] = coplanarityRate(pairs_[k].kind, boxes(k, positions_), boxes(k, velocities_));
      usable = usable || !slopes[i].contains(0.0);
    }
    if (!usable)
      return true;
    const double m = box.T.mid();
    enclose(Interval(m), box.pairs, false, at_time_);
    std::optional<Interval> reduced;
    std::vector<int> kept;
    for (std::size_t i = 0; i < box.pairs.size(); ++i)
    {
      const int k = box.pairs[i];
      std::optional<Interval> R = box.T;
      if (!slopes[i].contains(0.0))
        R = intersect(box.T, Interval(m) - coplanarity(pairs_[k].kind, boxes(k, at_time_)) / slopes[i]);  // Eq. (18)
      if (!R)
        continue;
      kept.push_back(k);
      reduced = reduced ? hull(*reduced, *R) : *R;
    }
    box.pairs = std::move(kept);
    if (!reduced)
    {
      ++result.newton_reductions;
      return false;
    }
    if (reduced->lo() == box.T.lo() && reduced->hi() == box.T.hi())
      return true;
    ++result.newton_reductions;
    box.T = *reduced;
    rates = enclose(box.T, box.pairs, true, positions_);
    if (!cull(box))
      return false;
  }
  return true;
}

/** \brief At the start and the midpoint of box.T, the pair with the smallest distance bound, if it
    is within distance + contact_distance: the contact, written to \a result. */
bool SimultaneousSolver::findWitness(const TimeBox &box, ElementaryContactResult &result)
{
  const double accept = Interval::down(options_.distance + options_.contact_distance);
  for (const double t : {box.T.lo(), box.T.mid()})
  {
    enclose(Interval(t), box.pairs, false, at_time_);
    for (const int k : box.pairs)
    {
      Contact witness = featureWitness(pairs_[k].kind, boxes(k, at_time_));
      if (witness.distance <= accept && (result.pair < 0 || witness.distance < result.witness.distance))
      {
        witness.time = t;
        result.witness = witness;
        result.pair = k;
      }
    }
    if (result.pair >= 0)
    {
      result.verdict = Verdict::Collision;
      result.toc_lower = box.T.lo();
      result.toc_upper = box.T.hi();
      return true;
    }
  }
  return false;
}

ElementaryContactResult SimultaneousSolver::solve(double t0, double t1)
{
  ElementaryContactResult result;
  const auto undecided = [&](double toc_lower, const char *budget) {
    result.toc_lower = toc_lower;
    result.toc_upper = t1;
    result.budget = budget;
    return result;
  };
  TimeBox root{Interval(t0, t1), 0, {}};
  for (int k = 0; k < static_cast<int>(pairs_.size()); ++k)
    root.pairs.push_back(k);
  // Depth first, earlier half first ([Redon2004] Sec. 5.2.3): when a box is taken, every time
  // before its start has been proved free.
  std::vector<TimeBox> stack{std::move(root)};
  while (!stack.empty())
  {
    TimeBox box = std::move(stack.back());
    stack.pop_back();
    if (result.boxes >= options_.max_boxes)
      return undecided(box.T.lo(), "max_boxes");
    ++result.boxes;
    const bool rates = enclose(box.T, box.pairs, options_.newton_iterations > 0, positions_);
    if (!cull(box) || !newtonCull(box, rates, result))
      continue;
    if (box.T.width() <= options_.time_tolerance && findWitness(box, result))
      return result;
    const double m = box.T.mid();
    if (box.depth >= options_.max_depth || !(box.T.lo() < m && m < box.T.hi()))
      return undecided(box.T.lo(), "max_depth");
    stack.push_back({Interval(m, box.T.hi()), box.depth + 1, box.pairs});
    stack.push_back({Interval(box.T.lo(), m), box.depth + 1, std::move(box.pairs)});
  }
  result.verdict = Verdict::Free;
  result.toc_lower = result.toc_upper = t1;
  return result;
}
}  // namespace

ElementaryContactResult solveElementaryContacts(const std::vector<const VertexMotion *> &motions,
                                                const std::vector<FeaturePair> &pairs, double t0, double t1,
                                                const ElementaryContactOptions &options)
{
  OMPL_CCD_THROW_UNLESS(std::isfinite(t0) && std::isfinite(t1) && t0 <= t1, "solveElementaryContacts: time interval [",
                        t0, ", ", t1, "] is empty or not finite; give t0 <= t1.");
  OMPL_CCD_THROW_UNLESS(options.time_tolerance > 0.0, "solveElementaryContacts: time_tolerance ",
                        options.time_tolerance, " is not positive; give a bracket width > 0.");
  OMPL_CCD_THROW_UNLESS(options.distance >= 0.0 && options.contact_distance >= 0.0,
                        "solveElementaryContacts: distance ", options.distance, " or contact_distance ",
                        options.contact_distance, " is negative; give distances >= 0.");
  OMPL_CCD_THROW_UNLESS(options.max_depth >= 1 && options.max_boxes >= 1, "solveElementaryContacts: max_depth ",
                        options.max_depth, " or max_boxes ", options.max_boxes, " is below 1; give budgets >= 1.");
  for (std::size_t i = 0; i < motions.size(); ++i)
    OMPL_CCD_THROW_UNLESS(motions[i] != nullptr, "solveElementaryContacts: motion ", i,
                          " is null; pass a VertexMotion.");
  for (std::size_t k = 0; k < pairs.size(); ++k)
    for (const VertexRef &ref : pairs[k].vertices)
      OMPL_CCD_THROW_UNLESS(ref.motion >= 0 && ref.motion < static_cast<int>(motions.size()) && ref.vertex >= 0 &&
                                ref.vertex < motions[ref.motion]->size(),
                            "solveElementaryContacts: pair ", k, " refers to vertex ", ref.vertex, " of motion ",
                            ref.motion, ", which does not exist; index the given motions' vertices.");
  return SimultaneousSolver(motions, pairs, options).solve(t0, t1);
}
}  // namespace ompl_ccd
