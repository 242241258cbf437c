#pragma once
/// \file input_file.h
/// The one check every reader makes before opening a user's file (URDF, SRDF, scene, mesh, edge
/// and path files, plan config): a message that says what is wrong with the path — missing, a
/// folder, unreadable — instead of the parser's later complaint about its content.

#include <string>

namespace ompl_ccd
{
/** \brief Throws Error unless \a path names a file (or a pipe: `<(command)`) this process can open
    for reading.
    The message reads "<context>: <what> '<path>' <problem>; <fix>." with \a fix_missing as the
    fix for a missing file (e.g. "check the path (relative paths start at the working directory)").
    A folder gets "is a folder, not a file; pass the file itself", an unreadable file "cannot be
    opened; check its permissions". */
void requireInputFile(const std::string &path, const std::string &context, const std::string &what,
                      const std::string &fix_missing);
}  // namespace ompl_ccd
