#include "node_parameters.h"

#include "parameter_text.h"

#include <ros/param.h>
#include <xmlrpcpp/XmlRpcValue.h>

#include <algorithm>
#include <optional>

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/validator_options.h"
#include "ompl_ccd/ompl/planner_factory.h"

namespace ompl_ccd::ros_node
{
namespace
{
using XmlRpc::XmlRpcValue;

/** \brief Private parameters the node reads (validator_options is a map of validator options). */
const std::vector<std::string> kPrivateKeys = {"mesh_base_dir", "package_paths", "scene",     "mode",
                                               "start",         "goal",          "planner",   "time_limit",
                                               "validator",     "validator_options", "seed",  "simplify",
                                               "path_file",     "report_file"};
/** \brief The context of validator option messages. */
const char *const kOptionsContext = "ompl_ccd_plan_node: ~validator_options";

/** \brief A value as a message shows it: "string 'x'", "a list", "a map", ... */
std::string shown(XmlRpcValue &value)
{
  switch (value.getType())
  {
    case XmlRpcValue::TypeString:
      return "string '" + static_cast<std::string &>(value) + "'";
    case XmlRpcValue::TypeBoolean:
      return static_cast<bool>(value) ? "true" : "false";
    case XmlRpcValue::TypeInt:
      return concat("integer ", static_cast<int>(value));
    case XmlRpcValue::TypeDouble:
      return concat("number ", static_cast<double>(value));
    case XmlRpcValue::TypeArray:
      return "a list";
    case XmlRpcValue::TypeStruct:
      return "a map";
    default:
      return "a value of another type";
  }
}

/** \brief Refuses \a value unless it is a number (an int is taken as a double). YAML 1.1 reads
    `1e-3` as a string, hence the hint. */
double toNumber(XmlRpcValue &value, const std::string &name, const std::string &expected)
{
  if (value.getType() == XmlRpcValue::TypeDouble)
    return static_cast<double>(value);
  if (value.getType() == XmlRpcValue::TypeInt)
    return static_cast<int>(value);
  throw Error(concat("ompl_ccd_plan_node: parameter '", name, "' must be ", expected, " (got ", shown(value),
                     "); fix its value (in YAML write exponents with a decimal point, e.g. 1.0e-3)."));
}

/** \brief Typed access to the node's private parameters with messages naming "~name". */
class PrivateParameters
{
public:
  explicit PrivateParameters(const ros::NodeHandle &pnh) : pnh_(pnh) {}

  /** \brief The value of ~\a key, or nullopt when it is not set. */
  std::optional<XmlRpcValue> get(const std::string &key) const
  {
    XmlRpcValue value;
    if (!pnh_.getParam(key, value))
      return std::nullopt;
    return value;
  }

  /** \brief The value of ~\a key; \throws Error saying how to set it when it is missing. */
  XmlRpcValue required(const std::string &key, const std::string &what) const
  {
    std::optional<XmlRpcValue> value = get(key);
    OMPL_CCD_THROW_UNLESS(value.has_value(), "ompl_ccd_plan_node: missing parameter '~", key, "' (", what,
                          "); set it in the config YAML or with <param name=\"", key, "\"> inside the node.");
    return *value;
  }

  /** \brief String ~\a key, or \a fallback when it is not set. */
  std::string string(const std::string &key, const std::string &fallback) const
  {
    std::optional<XmlRpcValue> value = get(key);
    return value ? toString(*value, key) : fallback;
  }

  /** \brief Number ~\a key (\a expected says which, for messages), or \a fallback when not set. */
  double number(const std::string &key, double fallback, const std::string &expected) const
  {
    std::optional<XmlRpcValue> value = get(key);
    return value ? toNumber(*value, "~" + key, expected) : fallback;
  }

  /** \brief Integer ~\a key (\a expected says which, for messages), or \a fallback when not set. */
  int integer(const std::string &key, int fallback, const std::string &expected) const
  {
    std::optional<XmlRpcValue> value = get(key);
    if (!value)
      return fallback;
    OMPL_CCD_THROW_UNLESS(value->getType() == XmlRpcValue::TypeInt, "ompl_ccd_plan_node: parameter '~", key,
                          "' must be ", expected, " (got ", shown(*value), "); fix its value.");
    return static_cast<int>(*value);
  }

  /** \brief Boolean ~\a key, or \a fallback when it is not set. */
  bool boolean(const std::string &key, bool fallback) const
  {
    std::optional<XmlRpcValue> value = get(key);
    if (!value)
      return fallback;
    OMPL_CCD_THROW_UNLESS(value->getType() == XmlRpcValue::TypeBoolean, "ompl_ccd_plan_node: parameter '~", key,
                          "' must be true or false (got ", shown(*value), "); fix its value.");
    return static_cast<bool>(*value);
  }

  /** \brief \a value of ~\a key as a string; \throws Error naming ~\a key if it is none. */
  std::string toString(XmlRpcValue &value, const std::string &key) const
  {
    OMPL_CCD_THROW_UNLESS(value.getType() == XmlRpcValue::TypeString, "ompl_ccd_plan_node: parameter '~", key,
                          "' must be a string (got ", shown(value), "); fix its value.");
    return static_cast<std::string &>(value);
  }

  /** \brief Refuses private parameters not in kPrivateKeys or the validator options schema (typos). */
  void refuseUnknownNames() const
  {
    std::vector<std::string> names;
    ros::param::getParamNames(names);
    const std::string prefix = pnh_.getNamespace() + "/";
    for (const std::string &name : names)
    {
      if (name.rfind(prefix, 0) != 0)
        continue;
      const std::string key = name.substr(prefix.size());
      const std::string top = key.substr(0, key.find('/'));
      OMPL_CCD_THROW_UNLESS(std::find(kPrivateKeys.begin(), kPrivateKeys.end(), top) != kPrivateKeys.end(),
                            "ompl_ccd_plan_node: unknown parameter '~", key, "'; the node reads ~",
                            joinNames(kPrivateKeys), ": fix the name.");
      if (top == "validator_options" && key != top)
        findValidatorOption(key.substr(top.size() + 1), kOptionsContext);  // throws for an unknown option
    }
  }

private:
  const ros::NodeHandle &pnh_;
};

/** \brief ~\a key as a list of numbers or a named state. */
StateSpec readState(const PrivateParameters &params, const std::string &key)
{
  XmlRpcValue value = params.required(key, "a list of joint values or an SRDF group_state name");
  if (value.getType() == XmlRpcValue::TypeString)
    return static_cast<std::string &>(value);
  OMPL_CCD_THROW_UNLESS(value.getType() == XmlRpcValue::TypeArray, "ompl_ccd_plan_node: parameter '~", key,
                        "' must be a list of joint values or the name of an SRDF group_state (got ", shown(value),
                        "); fix its value.");
  std::vector<double> values;
  for (int i = 0; i < value.size(); ++i)
    values.push_back(toNumber(value[i], concat("~", key, "[", i, "]"), "a number"));
  return values;
}

/** \brief Refuses a value of ~\a key that is not one of \a known. */
void checkName(const std::string &key, const std::string &value, const std::vector<std::string> &known)
{
  OMPL_CCD_THROW_UNLESS(std::find(known.begin(), known.end(), value) != known.end(), "ompl_ccd_plan_node: parameter '~",
                        key, "' is '", value, "'; set it to one of: ", joinNames(known), ".");
}

/** \brief ~\a key as a list of strings; empty when not set. */
std::vector<std::string> readStringList(const PrivateParameters &params, const std::string &key)
{
  std::optional<XmlRpcValue> value = params.get(key);
  if (!value)
    return {};
  OMPL_CCD_THROW_UNLESS(value->getType() == XmlRpcValue::TypeArray, "ompl_ccd_plan_node: parameter '~", key,
                        "' must be a list of folders (got ", shown(*value), "); fix its value.");
  std::vector<std::string> out;
  for (int i = 0; i < value->size(); ++i)
    out.push_back(params.toString((*value)[i], concat(key, "[", i, "]")));
  return out;
}

/** \brief ~validator_options/NAME for every option of the schema that is set, over the defaults. */
ValidatorOptions readValidatorOptions(const PrivateParameters &params)
{
  ValidatorOptions options;
  if (std::optional<XmlRpcValue> map = params.get("validator_options"))
    OMPL_CCD_THROW_UNLESS(map->getType() == XmlRpcValue::TypeStruct, kOptionsContext,
                          " must be a map of option: value (got ", shown(*map), "); the options are ",
                          joinNames(validatorOptionNames()), ".");
  for (const ValidatorOption &option : validatorOptionSchema())
  {
    std::optional<XmlRpcValue> value = params.get("validator_options/" + option.name);
    if (!value)
      continue;
    const std::optional<std::string> text = scalarText(*value);
    if (!text)
      refuseValidatorOption(option, shown(*value), kOptionsContext);
    setValidatorOption(options, option.name, *text, kOptionsContext);
  }
  return options;
}
}  // namespace

NodeParameters readNodeParameters(const ros::NodeHandle &nh, const ros::NodeHandle &pnh)
{
  const PrivateParameters params(pnh);
  params.refuseUnknownNames();
  NodeParameters out;

  OMPL_CCD_THROW_UNLESS(nh.getParam("robot_description", out.urdf),
                        "ompl_ccd_plan_node: missing or non-string parameter 'robot_description' (resolved to '",
                        nh.resolveName("robot_description"),
                        "'); load the URDF text, e.g. <param name=\"robot_description\" textfile=\"robot.urdf\"/>.");
  if (nh.hasParam("robot_description_semantic"))
    OMPL_CCD_THROW_UNLESS(nh.getParam("robot_description_semantic", out.srdf),
                          "ompl_ccd_plan_node: parameter 'robot_description_semantic' must be the SRDF text; "
                          "load it with <param name=\"robot_description_semantic\" textfile=\"robot.srdf\"/>.");
  out.mesh_base_dir = params.string("mesh_base_dir", "");
  out.package_paths = readStringList(params, "package_paths");
  XmlRpcValue scene = params.required("scene", "the scene file");
  out.scene = params.toString(scene, "scene");

  const std::string mode = params.string("mode", "plan");
  OMPL_CCD_THROW_UNLESS(mode == "plan" || mode == "validate", "ompl_ccd_plan_node: parameter '~mode' is '", mode,
                        "'; set it to plan or validate.");
  out.mode = mode == "plan" ? NodeMode::Plan : NodeMode::Validate;
  if (out.mode == NodeMode::Plan)
  {
    out.start = readState(params, "start");
    out.goal = readState(params, "goal");
  }

  PlanRequest &request = out.request;
  request.planner = params.string("planner", request.planner);
  checkName("planner", request.planner, plannerNames());
  request.time_limit = params.number("time_limit", request.time_limit, "a number of seconds");
  OMPL_CCD_THROW_UNLESS(request.time_limit > 0.0, "ompl_ccd_plan_node: parameter '~time_limit' is ",
                        request.time_limit, "; set it to a positive number of seconds.");
  request.validator = params.string("validator", request.validator);
  checkName("validator", request.validator, motionValidatorNames());
  request.validator_options = readValidatorOptions(params);
  // plan: the planning and the certifying validator; validate: the one validator.
  const std::vector<std::string> readers =
      out.mode == NodeMode::Plan ? std::vector<std::string>{request.validator, certifyingValidator(request)}
                                 : std::vector<std::string>{request.validator};
  for (const ValidatorOption &option : validatorOptionSchema())
    if (params.get("validator_options/" + option.name))
    {
      const std::string warning = unreadOptionWarning(readers, option.name, kOptionsContext);
      if (!warning.empty())
        out.warnings.push_back(warning);
    }
  if (params.get("seed"))
  {
    const int seed = params.integer("seed", 0, "a non-negative integer");
    OMPL_CCD_THROW_UNLESS(seed >= 0, "ompl_ccd_plan_node: parameter '~seed' is ", seed,
                          "; set it to a non-negative integer or delete it.");
    request.seed = static_cast<unsigned long>(seed);
  }
  request.simplify = params.boolean("simplify", request.simplify);

  out.path_file = params.string("path_file", "");
  OMPL_CCD_THROW_UNLESS(out.mode == NodeMode::Plan || !out.path_file.empty(),
                        "ompl_ccd_plan_node: parameter '~path_file' is missing; in validate mode set it to the path "
                        "file to certify (one waypoint per line).");
  out.report_file = params.string("report_file", "");
  return out;
}

}  // namespace ompl_ccd::ros_node
