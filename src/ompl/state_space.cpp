#include "ompl_ccd/ompl/state_space.h"

#include <cassert>
#include <ompl/base/spaces/RealVectorStateSpace.h>
#include <ompl/base/spaces/SE3StateSpace.h>
#include <ompl/base/spaces/SO2StateSpace.h>

namespace ompl_ccd
{
namespace ob = ompl::base;

namespace
{
/** \brief True iff every state value belongs to a revolute or prismatic joint (one RealVector). */
bool isRealVectorOnly(const RobotModel &model)
{
  for (const Joint &joint : model.joints())
    if (joint.nq() > 0 && (joint.type == JointType::Continuous || joint.type == JointType::Floating))
      return false;
  return true;
}

/** \brief True iff \a joint is one value of a RealVector run (bounded one-value joint). */
bool isBounded(const Joint &joint)
{
  return joint.type == JointType::Revolute || joint.type == JointType::Prismatic;
}

/** \brief Walks the joints that carry state values in state order and tells \a visit, for each,
    the compound component it lives in and its index inside that component. The layout is the one
    makeStateSpace builds: SE3 / SO2 components of their own, one RealVector per run of consecutive
    bounded joints (mimic joints carry no value and do not break a run). */
template <typename Visit>
void forEachComponent(const RobotModel &model, Visit &&visit)
{
  int component = -1;
  int index_in_run = 0;
  bool in_run = false;
  for (const Joint &joint : model.joints())
  {
    if (joint.nq() == 0)
      continue;
    if (isBounded(joint))
    {
      if (!in_run)
      {
        ++component;
        index_in_run = 0;
        in_run = true;
      }
      visit(joint, component, index_in_run++);
    }
    else
    {
      ++component;
      in_run = false;
      visit(joint, component, 0);
    }
  }
}
}  // namespace

ob::StateSpacePtr makeStateSpace(const RobotModel &model)
{
  model.checkCertifiable("makeStateSpace");
  const std::vector<Joint> &joints = model.joints();
  if (isRealVectorOnly(model))
  {
    auto space = std::make_shared<ob::RealVectorStateSpace>(model.nq());
    ob::RealVectorBounds bounds(model.nq());
    for (const Joint &joint : joints)
    {
      if (joint.nq() == 0)
        continue;
      bounds.setLow(joint.q_index, joint.lower);
      bounds.setHigh(joint.q_index, joint.upper);
      space->setDimensionName(joint.q_index, joint.name);
    }
    space->setBounds(bounds);
    space->setName(model.name());
    return space;
  }

  auto compound = std::make_shared<ob::CompoundStateSpace>();
  compound->setName(model.name());
  // Components in state order (the layout forEachComponent walks): the pending run of bounded
  // joints becomes one RealVector subspace when a continuous/floating joint or the end is met.
  ob::RealVectorBounds run_bounds(0);
  std::vector<std::string> run_names;
  auto flushRun = [&] {
    if (run_names.empty())
      return;
    auto run = std::make_shared<ob::RealVectorStateSpace>(run_names.size());
    run->setBounds(run_bounds);
    run->setName(run_names.front());
    for (std::size_t i = 0; i < run_names.size(); ++i)
      run->setDimensionName(i, run_names[i]);
    compound->addSubspace(run, 1.0);
    run_bounds = ob::RealVectorBounds(0);
    run_names.clear();
  };
  for (const Joint &joint : joints)
  {
    if (joint.nq() == 0)
      continue;
    if (isBounded(joint))
    {
      run_bounds.low.push_back(joint.lower);
      run_bounds.high.push_back(joint.upper);
      run_names.push_back(joint.name);
      continue;
    }
    flushRun();
    if (joint.type == JointType::Floating)
    {
      auto se3 = std::make_shared<ob::SE3StateSpace>();
      ob::RealVectorBounds bounds(3);
      for (int k = 0; k < 3; ++k)
      {
        bounds.setLow(k, joint.position_lower[k]);
        bounds.setHigh(k, joint.position_upper[k]);
      }
      se3->setBounds(bounds);
      se3->setName(joint.name);
      compound->addSubspace(se3, 1.0);
    }
    else
    {
      auto so2 = std::make_shared<ob::SO2StateSpace>();
      so2->setName(joint.name);
      compound->addSubspace(so2, 1.0);
    }
  }
  flushRun();
  compound->lock();
  return compound;
}

void stateToVector(const RobotModel &model, const ob::State *state, Eigen::VectorXd &q)
{
  q.resize(model.nq());
  if (isRealVectorOnly(model))
  {
    const double *values = state->as<ob::RealVectorStateSpace::StateType>()->values;
    for (int i = 0; i < model.nq(); ++i)
      q[i] = values[i];
    return;
  }
  const auto *compound = state->as<ob::CompoundState>();
  forEachComponent(model, [&](const Joint &joint, int component, int index) {
    const ob::State *part = (*compound)[component];
    switch (joint.type)
    {
      case JointType::Floating:
      {
        const auto *se3 = part->as<ob::SE3StateSpace::StateType>();
        const auto &rotation = se3->rotation();
        q.segment<7>(joint.q_index) << se3->getX(), se3->getY(), se3->getZ(), rotation.x, rotation.y,
            rotation.z, rotation.w;
        break;
      }
      case JointType::Continuous:
        q[joint.q_index] = part->as<ob::SO2StateSpace::StateType>()->value;
        break;
      case JointType::Revolute:
      case JointType::Prismatic:
        q[joint.q_index] = part->as<ob::RealVectorStateSpace::StateType>()->values[index];
        break;
    }
  });
}

void vectorToState(const RobotModel &model, const Eigen::VectorXd &q, ob::State *state)
{
  assert(q.size() == model.nq());
  if (isRealVectorOnly(model))
  {
    double *values = state->as<ob::RealVectorStateSpace::StateType>()->values;
    for (int i = 0; i < model.nq(); ++i)
      values[i] = q[i];
    return;
  }
  auto *compound = state->as<ob::CompoundState>();
  forEachComponent(model, [&](const Joint &joint, int component, int index) {
    ob::State *part = (*compound)[component];
    switch (joint.type)
    {
      case JointType::Floating:
      {
        auto *se3 = part->as<ob::SE3StateSpace::StateType>();
        se3->setXYZ(q[joint.q_index], q[joint.q_index + 1], q[joint.q_index + 2]);
        auto &rotation = se3->rotation();
        rotation.x = q[joint.q_index + 3];
        rotation.y = q[joint.q_index + 4];
        rotation.z = q[joint.q_index + 5];
        rotation.w = q[joint.q_index + 6];
        break;
      }
      case JointType::Continuous:
        part->as<ob::SO2StateSpace::StateType>()->value = q[joint.q_index];
        break;
      case JointType::Revolute:
      case JointType::Prismatic:
        part->as<ob::RealVectorStateSpace::StateType>()->values[index] = q[joint.q_index];
        break;
    }
  });
}
}  // namespace ompl_ccd
