#pragma once
/// \file seed.h
/// The seed of OMPL's random generators, as `plan --seed`, `benchmark --seed` and the YAML key
/// `seed` take it: decimal digits only, 0 to 2⁶⁴ − 1, refused alike by every front end (no
/// wrapping of -1, no clamping of 2⁶⁴).

#include <string>

namespace ompl_ccd::cli
{
/** \brief The seed written \a text.
    \throws Error "<where> must be a non-negative integer up to 18446744073709551615 (got '<text>');
            <fix>." for anything else (a sign, a fraction, a number beyond 2⁶⁴ − 1, spaces). */
unsigned long parseSeed(const std::string &text, const std::string &where, const std::string &fix);
}  // namespace ompl_ccd::cli
