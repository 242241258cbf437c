#pragma once
/// \file octomap_data_check.h
/// Private: a walk over an OctoMap's data that liboctomap's readers do not make (they read past the
/// end of a truncated file, and nest as deep as the bytes say).

#include <string>

namespace ompl_ccd::octomap_io
{
/** \brief Refuses \a data unless it is one complete octree of depth ≤ 16 in octomap's binary
    (.bt: two bytes of 2-bit child codes per inner node) or full (.ot: a float log-odds and a child
    byte per node) encoding, with finite log-odds, and nothing after it.
    \throws Error prefixed by \a where naming the byte and the fix. */
void checkOctreeData(const std::string &data, bool binary, const std::string &where);
}  // namespace ompl_ccd::octomap_io
