#pragma once
/// \file pcd_header.h
/// Private: the header of a PCD file (pcd_reader.cpp) and the LZF decompressor of its
/// binary_compressed data.

#include <array>
#include <istream>
#include <string>

namespace ompl_ccd::cloud_io
{
/** \brief What the reader needs of a PCD header: where x, y, z lie in a point's record. */
struct PcdHeader
{
  /** \brief Points in the data (POINTS, else WIDTH × HEIGHT). */
  std::size_t points = 0;
  /** \brief `ascii`, `binary` or `binary_compressed`. */
  std::string data;
  /** \brief Bytes of one point's record (Σ SIZE × COUNT). */
  std::size_t record_size = 0;
  /** \brief Values of one point in an ascii row (Σ COUNT). */
  std::size_t values_per_point = 0;
  /** \brief Byte offset of x, y, z in a record (binary), or of their column per point (compressed). */
  std::array<std::size_t, 3> xyz_offset{};
  /** \brief Index of x, y, z among a row's values (ascii). */
  std::array<std::size_t, 3> xyz_value{};
  /** \brief SIZE of x, y, z: 4 or 8. */
  std::array<int, 3> xyz_size{};
};

/** \brief Reads the header lines of \a in up to and including DATA.
    \throws Error naming \a path, the key and the fix (missing or malformed key, no x/y/z field,
            x/y/z not TYPE F of SIZE 4 or 8 with COUNT 1, unknown DATA). */
PcdHeader readPcdHeader(std::istream &in, const std::string &path);

/** \brief The \a size bytes LZF (liblzf, as PCL writes binary_compressed) unpacks \a packed to.
    \throws Error prefixed by \a where when the stream is malformed or unpacks to another size. */
std::string lzfDecompress(const std::string &packed, std::size_t size, const std::string &where);
}  // namespace ompl_ccd::cloud_io
