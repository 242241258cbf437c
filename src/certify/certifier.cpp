#include "ompl_ccd/certify/certifier.h"

namespace ompl_ccd
{
const char *toString(Verdict verdict)
{
  switch (verdict)
  {
    case Verdict::Free:
      return "free";
    case Verdict::Collision:
      return "collision";
    case Verdict::Undecided:
      return "undecided";
  }
  return "unknown";
}

const char *toString(Mode mode)
{
  switch (mode)
  {
    case Mode::Decide:
      return "decide";
    case Mode::FirstContact:
      return "first-contact";
  }
  return "unknown";
}
}  // namespace ompl_ccd
