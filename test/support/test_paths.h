#pragma once
/// \file test_paths.h
/// Where tests find the bundled examples, their own data and (optionally) ../shared/data.

#include <optional>
#include <string>

namespace ompl_ccd::test
{
/** \brief Absolute path of \a relative under the repository's examples/ folder. */
std::string examplePath(const std::string &relative);
/** \brief Absolute path of \a relative under test/data/. */
std::string testDataPath(const std::string &relative);
/** \brief Absolute path of \a relative under ../shared/data, or nullopt when that folder (or the
    file) is absent — callers GTEST_SKIP() then, with a message. */
std::optional<std::string> sharedDataPath(const std::string &relative);
/** \brief Path of the built `ompl_ccd` command-line program. */
std::string cliPath();
}  // namespace ompl_ccd::test
