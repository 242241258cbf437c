#pragma once
/// \file error.h
/// The one exception type ompl_ccd throws for bad user input, and the macro that
/// throws it at the boundary. Messages follow "<Function>: <what is wrong>
/// (<value>); <what to change>." so a user can fix the input without reading code.

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ompl_ccd
{
/** \brief Bad input: a file, element or value the user must change. */
class Error : public std::runtime_error
{
public:
  using std::runtime_error::runtime_error;
};

/** \brief Concatenates its arguments with operator<< (message building). */
template <typename... Args>
std::string concat(Args &&...args)
{
  std::ostringstream out;
  (out << ... << std::forward<Args>(args));
  return out.str();
}

/** \brief "a, b, c": a list of names for a message ("use one of: ..."). */
inline std::string joinNames(const std::vector<std::string> &names)
{
  std::string joined;
  for (const std::string &name : names)
    joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}
}  // namespace ompl_ccd

/// Throws ompl_ccd::Error with the concatenated message unless \a cond holds.
#define OMPL_CCD_THROW_UNLESS(cond, ...)                           \
  do                                                               \
  {                                                                \
    if (!(cond))                                                   \
      throw ::ompl_ccd::Error(::ompl_ccd::concat(__VA_ARGS__));    \
  } while (0)
