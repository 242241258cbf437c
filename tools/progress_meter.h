#pragma once
/// \file progress_meter.h
/// Progress of a long `validate` run on standard error — edges done, edges per second, time left —
/// redrawn in place at most a few times a second, only when standard error is a terminal (a log
/// file or a pipe gets nothing), never on standard output, whose JSON lines stay clean.

#include <chrono>
#include <cstddef>
#include <ostream>

namespace ompl_ccd::cli
{
/** \brief A one-line progress display for \a total items. Not thread-safe (one per run). */
class ProgressMeter
{
public:
  using Clock = std::chrono::steady_clock;

  /** \param out where the line is drawn (standard error) \param total items to do
      \param enabled false: draws nothing (not a terminal, or --quiet)
      \param interval the least time between two redraws */
  ProgressMeter(std::ostream &out, std::size_t total, bool enabled,
                Clock::duration interval = std::chrono::milliseconds(200));

  /** \brief \a done items are done (now): redraws when the interval has passed since the last draw. */
  void update(std::size_t done);
  /** \brief Draws the final count and ends the line (if anything was drawn). */
  void finish();

  /** \brief Whether standard error is a terminal. */
  static bool stderrIsTerminal();

private:
  void draw(std::size_t done, Clock::time_point now);

  std::ostream &out_;
  std::size_t total_;
  bool enabled_;
  Clock::duration interval_;
  Clock::time_point start_, last_draw_;
  bool drawn_ = false;
  std::size_t done_ = 0;
};
}  // namespace ompl_ccd::cli
