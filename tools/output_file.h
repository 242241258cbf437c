#pragma once
/// \file output_file.h
/// The one check every file the command line writes (validate's --json and --report, plan's
/// --path-file or path_file and --report) passes before any work: not a folder, in a folder that
/// exists, not one of the command's inputs, and not another of its outputs. "The same file" is
/// decided on canonical paths (symlinks, `.` and `..` resolved) and, for files that exist, on
/// std::filesystem::equivalent (a hard link too).

#include <string>
#include <vector>

namespace ompl_ccd::cli
{
/** \brief A file a command will write, and how the user named it (`--json`, `path_file`...). */
struct OutputFile
{
  /** \brief The path as given; empty: not asked for (skipped). */
  std::string path;
  /** \brief The flag or configuration key that gave it, for the messages. */
  std::string flag;
};

/** \brief Refuses, before any work, each of \a outputs that is a folder, lies in a folder that does
    not exist, is the same file as one of \a inputs (empty entries skipped), or as an earlier output.
    \throws Error "<command>: <flag> '<path>' ..." naming the other file and the fix. */
void checkOutputFiles(const std::string &command, const std::vector<OutputFile> &outputs,
                      const std::vector<std::string> &inputs);
}  // namespace ompl_ccd::cli
