#include "octomap_data_check.h"

#include <cmath>
#include <cstring>

#include "ompl_ccd/error.h"

namespace ompl_ccd::octomap_io
{
namespace
{
/** \brief octomap's tree depth: leaves at depth 16 have the map's resolution. */
constexpr int kTreeDepth = 16;

/** \brief Reads the octree's bytes in the order octomap writes them, checking each node. */
class OctreeWalk
{
public:
  OctreeWalk(const std::string &data, const std::string &where) : data_(data), where_(where) {}

  /** \brief .bt: a node's two bytes hold the 2-bit codes of its 8 children (01 occupied leaf,
      10 free leaf, 11 inner node, 00 unknown); inner children follow depth-first. */
  void binaryNode(int depth)
  {
    int count = 0;
    for (int half = 0; half < 2; ++half)
    {
      const unsigned byte = static_cast<unsigned char>(take(1)[0]);
      for (int i = 0; i < 4; ++i)
        count += ((byte >> (2 * i)) & 3u) == 3u ? 1 : 0;
    }
    OMPL_CCD_THROW_UNLESS(count == 0 || depth + 1 < kTreeDepth, where_, ": byte ", at_,
                          ": a node nests deeper than octomap's 16 levels; the data is malformed.");
    for (int k = 0; k < count; ++k)
      binaryNode(depth + 1);
  }

  /** \brief .ot: a node's float log-odds, a byte of child bits, then the children depth-first. */
  void fullNode(int depth)
  {
    float log_odds;
    std::memcpy(&log_odds, take(sizeof(float)), sizeof(float));
    OMPL_CCD_THROW_UNLESS(std::isfinite(log_odds), where_, ": byte ", at_ - sizeof(float),
                          ": a node's log-odds is not finite; the data is malformed.");
    const unsigned children = static_cast<unsigned char>(take(1)[0]);
    OMPL_CCD_THROW_UNLESS(children == 0 || depth < kTreeDepth, where_, ": byte ", at_,
                          ": a node nests deeper than octomap's 16 levels; the data is malformed.");
    for (int i = 0; i < 8; ++i)
      if (children & (1u << i))
        fullNode(depth + 1);
  }

  /** \brief Refuses bytes after the tree. */
  void end() const
  {
    OMPL_CCD_THROW_UNLESS(at_ == data_.size(), where_, ": ", data_.size() - at_,
                          " bytes follow the octree; the header's `data` is followed by one tree only.");
  }

private:
  const char *take(std::size_t n)
  {
    OMPL_CCD_THROW_UNLESS(n <= data_.size() - at_, where_, ": the octree data ends at byte ", data_.size(),
                          " inside a node; the file is cut short.");
    at_ += n;
    return data_.data() + at_ - n;
  }

  const std::string &data_;
  const std::string &where_;
  std::size_t at_ = 0;
};
}  // namespace

void checkOctreeData(const std::string &data, bool binary, const std::string &where)
{
  OctreeWalk walk(data, where);
  if (binary)
    walk.binaryNode(0);
  else
    walk.fullNode(0);
  walk.end();
}
}  // namespace ompl_ccd::octomap_io
