#include "certify_parameters.h"

#include "parameter_text.h"

#include <xmlrpcpp/XmlRpcValue.h>

#include <algorithm>
#include <cmath>

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"

namespace ompl_ccd::ros_node
{
namespace
{
using XmlRpc::XmlRpcValue;

const char *const kNode = "ompl_ccd_certify_node";
const std::vector<std::string> kKeys = {"mesh_base_dir", "package_paths", "scene",        "planning_frame",
                                        "validator",     "validator_options", "cloud_radius", "cloud_voxel",
                                        "max_cloud_age", "tf_timeout"};

/** \brief A scalar parameter as text (what setValidatorOption reads). */
std::string parameterText(XmlRpcValue &value, const std::string &name)
{
  const std::optional<std::string> text = scalarText(value);
  OMPL_CCD_THROW_UNLESS(text.has_value(), kNode, ": parameter '", name,
                        "' must be a string, number or boolean; fix its value.");
  return *text;
}

/** \brief ~\a key as a number ≥ \a min (> when \a strict), or \a fallback when unset. */
double number(const ros::NodeHandle &pnh, const std::string &key, double fallback, double min, bool strict)
{
  XmlRpcValue value;
  if (!pnh.getParam(key, value))
    return fallback;
  double x = NAN;
  if (value.getType() == XmlRpcValue::TypeDouble)
    x = static_cast<double>(value);
  else if (value.getType() == XmlRpcValue::TypeInt)
    x = static_cast<int>(value);
  OMPL_CCD_THROW_UNLESS(std::isfinite(x) && (strict ? x > min : x >= min), kNode, ": parameter '~", key,
                        "' must be a finite number ", strict ? ">" : ">=", " ", min, "; fix its value.");
  return x;
}

std::string text(const ros::NodeHandle &pnh, const std::string &key, const std::string &fallback)
{
  XmlRpcValue value;
  return pnh.getParam(key, value) ? parameterText(value, "~" + key) : fallback;
}
}  // namespace

CertifyParameters readCertifyParameters(const ros::NodeHandle &nh, const ros::NodeHandle &pnh)
{
  std::vector<std::string> names;
  pnh.getParamNames(names);
  const std::string prefix = pnh.getNamespace() + "/";
  for (const std::string &name : names)
    if (name.rfind(prefix, 0) == 0)
    {
      const std::string key = name.substr(prefix.size(), name.find('/', prefix.size()) - prefix.size());
      OMPL_CCD_THROW_UNLESS(std::find(kKeys.begin(), kKeys.end(), key) != kKeys.end(), kNode, ": unknown parameter '~",
                            key, "'; use one of: ", joinNames(kKeys), ".");
    }
  CertifyParameters p;
  OMPL_CCD_THROW_UNLESS(nh.getParam("robot_description", p.urdf), kNode,
                        ": missing parameter 'robot_description' (URDF text); load it with <param textfile=...>.");
  nh.getParam("robot_description_semantic", p.srdf);
  p.mesh_base_dir = text(pnh, "mesh_base_dir", "");
  p.scene = text(pnh, "scene", "");
  p.planning_frame = text(pnh, "planning_frame", "");
  p.validator = text(pnh, "validator", "ca");
  const std::vector<std::string> validators = motionValidatorNames();
  OMPL_CCD_THROW_UNLESS(std::find(validators.begin(), validators.end(), p.validator) != validators.end(), kNode,
                        ": parameter '~validator' is '", p.validator, "'; use one of: ", joinNames(validators), ".");
  XmlRpcValue paths;
  if (pnh.getParam("package_paths", paths))
  {
    OMPL_CCD_THROW_UNLESS(paths.getType() == XmlRpcValue::TypeArray, kNode,
                          ": parameter '~package_paths' must be a list of folders; fix its value.");
    for (int i = 0; i < paths.size(); ++i)
      p.package_paths.push_back(parameterText(paths[i], concat("~package_paths[", i, "]")));
  }
  for (const ValidatorOption &option : validatorOptionSchema())
  {
    XmlRpcValue value;
    if (pnh.getParam("validator_options/" + option.name, value))
      setValidatorOption(p.validator_options, option.name, parameterText(value, "~validator_options/" + option.name),
                         concat(kNode, ": ~validator_options"));
  }
  p.cloud_radius = number(pnh, "cloud_radius", p.cloud_radius, 0.0, true);
  p.cloud_voxel = number(pnh, "cloud_voxel", p.cloud_voxel, 0.0, false);
  p.max_cloud_age = number(pnh, "max_cloud_age", p.max_cloud_age, 0.0, true);
  p.tf_timeout = number(pnh, "tf_timeout", p.tf_timeout, 0.0, false);
  return p;
}
}  // namespace ompl_ccd::ros_node
