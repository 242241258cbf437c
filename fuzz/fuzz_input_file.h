#pragma once
/// \file fuzz_input_file.h
/// The readers under fuzzing take file paths: each input is written to a file in a private
/// temporary folder that also links the folders of the bundled examples (examples/arm, scene_meshes, ...),
/// so relative paths in an input (a scene's `mesh:`, a URDF's <mesh>) resolve as in examples/.

#include <cstddef>
#include <cstdint>
#include <string>

namespace ompl_ccd::fuzz
{
/** \brief Writes \a size bytes of \a data to "<folder>/<name>" and returns the path; the folder is
    made on the first call (mkdtemp) with a symbolic link to every folder of examples/, and removed
    when the process exits. Aborts if the file cannot be written (not an input's fault), or if
    \a name is one of the links (it would overwrite a file of examples/): name inputs "fuzz_input.*". */
std::string writeInputFile(const std::uint8_t *data, std::size_t size, const std::string &name);

/** \brief examples/\a relative in the source tree. */
std::string examplePath(const std::string &relative);
}  // namespace ompl_ccd::fuzz
