#pragma once
/// \file warning_log.h
/// OMPL's warnings collected while a WarningLog lives (the library warns through OMPL_WARN).

#include <string>
#include <vector>

#include <ompl/util/Console.h>

namespace ompl_ccd::test
{
/** \brief Installs itself as OMPL's output handler; keeps the text of every warning. */
class WarningLog : public ompl::msg::OutputHandler
{
public:
  WarningLog() { ompl::msg::useOutputHandler(this); }
  ~WarningLog() override { ompl::msg::restorePreviousOutputHandler(); }
  WarningLog(const WarningLog &) = delete;
  WarningLog &operator=(const WarningLog &) = delete;
  void log(const std::string &text, ompl::msg::LogLevel level, const char *, int) override
  {
    if (level == ompl::msg::LOG_WARN)
      messages.push_back(text);
  }
  /** \brief The warnings, oldest first. */
  std::vector<std::string> messages;
};
}  // namespace ompl_ccd::test
