#include "progress_meter.h"

#include <unistd.h>

#include <cstdio>

namespace ompl_ccd::cli
{
ProgressMeter::ProgressMeter(std::ostream &out, std::size_t total, bool enabled, Clock::duration interval)
  : out_(out), total_(total), enabled_(enabled), interval_(interval), start_(Clock::now()), last_draw_(start_)
{
}

bool ProgressMeter::stderrIsTerminal() { return isatty(STDERR_FILENO) == 1; }

void ProgressMeter::update(std::size_t done)
{
  done_ = done;
  const Clock::time_point now = Clock::now();
  if (enabled_ && now - last_draw_ >= interval_)
    draw(done, now);
}

void ProgressMeter::finish()
{
  if (!enabled_ || !drawn_)
    return;
  draw(done_, Clock::now());
  out_ << '\n' << std::flush;
}

void ProgressMeter::draw(std::size_t done, Clock::time_point now)
{
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0.0 ? static_cast<double>(done) / seconds : 0.0;
  char line[160];
  if (rate > 0.0 && done < total_)
    std::snprintf(line, sizeof line, "\r%zu/%zu edges, %.0f edges/s, %.0f s left   ", done, total_, rate,
                  static_cast<double>(total_ - done) / rate);
  else
    std::snprintf(line, sizeof line, "\r%zu/%zu edges, %.0f edges/s              ", done, total_, rate);
  out_ << line << std::flush;
  last_draw_ = now;
  drawn_ = true;
}
}  // namespace ompl_ccd::cli
