#pragma once
/// \file format_vector.h
/// Private: vectors in error messages, as "1 0.5 0" (no column padding).

#include <Eigen/Core>
#include <sstream>
#include <string>

namespace ompl_ccd
{
/** \brief Coefficients of \a v separated by single spaces. */
inline std::string formatVector(const Eigen::VectorXd &v)
{
  std::ostringstream out;
  out << v.transpose().format(Eigen::IOFormat(Eigen::StreamPrecision, Eigen::DontAlignCols, " ", " "));
  return out.str();
}
}  // namespace ompl_ccd
