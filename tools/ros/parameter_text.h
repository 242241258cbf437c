#pragma once
/// \file parameter_text.h
/// A scalar ROS parameter as the text a YAML scalar of it reads: what the nodes hand to the
/// validator options' parser (setValidatorOption), whatever type the parameter server holds.

#include <xmlrpcpp/XmlRpcValue.h>

#include <optional>
#include <string>

#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd::ros_node
{
/** \brief \a value as text ("true", "3", numberText of a double, the string itself); nullopt for
    a list, a map or another type. */
inline std::optional<std::string> scalarText(XmlRpc::XmlRpcValue &value)
{
  switch (value.getType())
  {
    case XmlRpc::XmlRpcValue::TypeString:
      return static_cast<std::string &>(value);
    case XmlRpc::XmlRpcValue::TypeBoolean:
      return static_cast<bool>(value) ? "true" : "false";
    case XmlRpc::XmlRpcValue::TypeInt:
      return std::to_string(static_cast<int>(value));
    case XmlRpc::XmlRpcValue::TypeDouble:
      return numberText(static_cast<double>(value));
    default:
      return std::nullopt;
  }
}
}  // namespace ompl_ccd::ros_node
