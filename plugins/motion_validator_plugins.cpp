/// \file motion_validator_plugins.cpp
/// The pluginlib classes of ompl_ccd, one per makeMotionValidator name, compiled into the
/// library `libompl_ccd_plugins`. plugins/ompl_ccd_plugins.xml declares the ones this build's
/// motionValidatorNames() contains; test/ros/pluginlib_loading.cpp loads each of them.
/// Load with pluginlib::ClassLoader<ompl_ccd::MotionValidatorPlugin>("ompl_ccd",
/// "ompl_ccd::MotionValidatorPlugin") and the class names "ompl_ccd/Discrete",
/// "ompl_ccd/ConservativeAdvancement", "ompl_ccd/TolerancedMotion", "ompl_ccd/IntervalArithmetic".

#include <pluginlib/class_list_macros.hpp>

#include "ompl_ccd/ompl/motion_validator_plugin.h"

namespace ompl_ccd
{
/** \brief Plugin for makeMotionValidator's "ca": conservative advancement ([Zhang2007]). */
class ConservativeAdvancementPlugin : public MotionValidatorPlugin
{
public:
  /** \brief "ca". */
  std::string validatorName() const override { return "ca"; }
};

/** \brief Plugin for makeMotionValidator's "toleranced": toleranced motions ([SchroeckerWeber]). */
class TolerancedMotionPlugin : public MotionValidatorPlugin
{
public:
  /** \brief "toleranced". */
  std::string validatorName() const override { return "toleranced"; }
};

/** \brief Plugin for makeMotionValidator's "interval": ARTICULATE's interval arithmetic ([Redon2004]). */
class IntervalArithmeticPlugin : public MotionValidatorPlugin
{
public:
  /** \brief "interval". */
  std::string validatorName() const override { return "interval"; }
};
}  // namespace ompl_ccd

PLUGINLIB_EXPORT_CLASS(ompl_ccd::DiscretePlugin, ompl_ccd::MotionValidatorPlugin)
PLUGINLIB_EXPORT_CLASS(ompl_ccd::ConservativeAdvancementPlugin, ompl_ccd::MotionValidatorPlugin)
PLUGINLIB_EXPORT_CLASS(ompl_ccd::TolerancedMotionPlugin, ompl_ccd::MotionValidatorPlugin)
PLUGINLIB_EXPORT_CLASS(ompl_ccd::IntervalArithmeticPlugin, ompl_ccd::MotionValidatorPlugin)
