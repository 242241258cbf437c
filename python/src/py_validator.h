#pragma once
/// \file py_validator.h
/// A validator of the Python module: validator options from Python keyword values through the one
/// options schema (validator_options.h), NumPy edges and waypoints checked row by row as the edge
/// and path files of `ompl_ccd validate` are (edge_file.h), answered by an EdgeChecker on several
/// threads with the GIL released.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "ompl_ccd/ompl/edge_checker.h"
#include "py_world.h"

namespace ompl_ccd::python
{
/** \brief Validator options from Python keywords: each value is turned into the text the command
    line would give (bool → true/false, int, float → numberText, str as is) and set with
    setValidatorOption, so a bad name or value is refused with the command line's message.
    \throws Error "<context>: unknown option ..." or "<context>: option 'x' is ...; allowed: ...". */
ValidatorOptions validatorOptionsFrom(const pybind11::dict &keywords, const std::string &context);

/** \brief Validator \a name of a world, built once. */
class PyValidator
{
public:
  /** \brief Builds the validator (ca: its certificates) with the GIL released.
      \throws Error for an unknown validator, option or value. */
  PyValidator(std::shared_ptr<const PyWorld> world, const std::string &name, const pybind11::dict &options);

  /** \brief Answers the rows of \a edges, an (m, 2·nq) array (start then goal state per row).
      \returns a dict of arrays: "verdict" (int8: 0 free, 1 collision, 2 undecided), "toc_lower",
      "toc_upper", "time_us", "witness" (bool), "witness_time", "witness_link" and "witness_other"
      (int32 indices into PyWorld::contactNames(), -1 without witness), "witness_point_a",
      "witness_point_b", "witness_normal" ((m, 3)); with \a json also "json": the JSON line of
      each edge exactly as `ompl_ccd validate` prints it, numbered from \a first_edge.
      \throws Error for a wrong shape, a NaN or out-of-limits value (naming the row), a bad mode or
      jobs. */
  pybind11::dict check(const pybind11::array_t<double, pybind11::array::c_style | pybind11::array::forcecast> &edges,
                       const std::string &mode, int jobs, bool json, std::size_t first_edge) const;

  /** \brief As check, for the consecutive edges of \a waypoints, a (k, nq) array with k ≥ 2. */
  pybind11::dict checkPath(
      const pybind11::array_t<double, pybind11::array::c_style | pybind11::array::forcecast> &waypoints,
      const std::string &mode, int jobs, bool json, std::size_t first_edge) const;

  const std::string &name() const { return checker_->validatorName(); }

private:
  /** \brief Answers \a edges and packs the answers as check() returns them. */
  pybind11::dict answer(const std::vector<Edge> &edges, const std::string &mode, int jobs, bool json,
                        std::size_t first_edge, const std::string &context) const;

  std::shared_ptr<const PyWorld> world_;
  std::unique_ptr<const EdgeChecker> checker_;
};
}  // namespace ompl_ccd::python
