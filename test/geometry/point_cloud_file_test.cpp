#include "ompl_ccd/geometry/point_cloud_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "ompl_ccd/error.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

/** \brief A fresh file \a name in the test's temporary folder holding \a bytes. */
std::string writeFile(const std::string &name, const std::string &bytes)
{
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / "ompl_ccd_point_cloud_test";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / name, std::ios::binary) << bytes;
  return (folder / name).string();
}

std::string pcdHeader(const std::string &fields, const std::string &size, const std::string &type, std::size_t points,
                      const std::string &data)
{
  return "# .PCD v0.7\nVERSION 0.7\nFIELDS " + fields + "\nSIZE " + size + "\nTYPE " + type + "\nWIDTH " +
         std::to_string(points) + "\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS " + std::to_string(points) +
         "\nDATA " + data + "\n";
}

template <typename T>
std::string bytesOf(const std::vector<T> &values)
{
  return std::string(reinterpret_cast<const char *>(values.data()), values.size() * sizeof(T));
}

/** \brief \a data as an LZF stream of literal runs only (what liblzf emits for data without repeats). */
std::string lzfLiterals(const std::string &data)
{
  std::string packed;
  for (std::size_t at = 0; at < data.size(); at += 32)
  {
    const std::size_t n = std::min<std::size_t>(32, data.size() - at);
    packed += static_cast<char>(n - 1);
    packed += data.substr(at, n);
  }
  return packed;
}

std::string sizeWords(std::uint32_t compressed, std::uint32_t uncompressed)
{
  return bytesOf(std::vector<std::uint32_t>{compressed, uncompressed});
}

TEST(PointCloudFile, TheBundledCloudReadsTheSameInEveryFormat)
{
  const std::vector<Eigen::Vector3d> pcd = readPointCloudFile(test::examplePath("sensors/scene_cloud.pcd"));
  ASSERT_EQ(pcd.size(), 2000u);
  EXPECT_EQ(readPointCloudFile(test::examplePath("sensors/scene_cloud.ply")), pcd);
  // The text holds each float to 9 digits: read as doubles, they round back to the floats.
  std::vector<Eigen::Vector3d> xyz = readPointCloudFile(test::examplePath("sensors/scene_cloud.xyz"));
  for (Eigen::Vector3d &p : xyz)
    p = p.cast<float>().cast<double>();
  EXPECT_EQ(xyz, pcd);
}

TEST(PointCloudFile, PcdAsciiSkipsOtherFieldsAndNanPoints)
{
  const std::string path = writeFile(
      "ascii.pcd", pcdHeader("rgb x y z", "4 4 4 8", "F F F F", 3, "ascii") + "7 1 2 3\n7 nan nan nan\n\n7 -1 0.5 1e-3\n");
  EXPECT_EQ(readPointCloudFile(path), (std::vector<Eigen::Vector3d>{{1, 2, 3}, {-1, 0.5, 1e-3}}));
}

TEST(PointCloudFile, PcdBinaryAndCompressedGiveTheFileValues)
{
  // Two points, fields x (float), intensity (float), y (double), z (float), row-major.
  struct Row
  {
    float x, intensity;
    double y;
    float z;
  } __attribute__((packed));
  const std::vector<Row> rows = {{0.25f, 9.f, 1.0 / 3.0, -2.f}, {NAN, 0.f, NAN, NAN}};
  const std::string header = pcdHeader("x intensity y z", "4 4 8 4", "F F F F", 2, "binary");
  const std::vector<Eigen::Vector3d> expected = {{0.25, 1.0 / 3.0, -2.0}};
  EXPECT_EQ(readPointCloudFile(writeFile("binary.pcd", header + bytesOf(rows))), expected);

  // The same points column-major (binary_compressed): every field's values in turn.
  std::string columns = bytesOf(std::vector<float>{0.25f, NAN}) + bytesOf(std::vector<float>{9.f, 0.f}) +
                        bytesOf(std::vector<double>{1.0 / 3.0, NAN}) + bytesOf(std::vector<float>{-2.f, NAN});
  const std::string packed = lzfLiterals(columns);
  const std::string compressed = pcdHeader("x intensity y z", "4 4 8 4", "F F F F", 2, "binary_compressed") +
                                 sizeWords(packed.size(), columns.size()) + packed;
  EXPECT_EQ(readPointCloudFile(writeFile("compressed.pcd", compressed)), expected);
}

TEST(PointCloudFile, PlyReadsTheVertexCoordinatesOfAnyTypeExactly)
{
  // ascii: doubles as written, a face element before the vertices skipped (its list too)
  const std::string ascii = "ply\nformat ascii 1.0\ncomment made by hand\nelement face 1\nproperty list uchar int vertex_index\n"
                            "element vertex 2\nproperty double x\nproperty uchar red\nproperty double y\nproperty double z\n"
                            "end_header\n3 0 1 2\n0.1 255 0.2 0.3\nnan 0 0 0\n";
  EXPECT_EQ(readPointCloudFile(writeFile("ascii.ply", ascii)), (std::vector<Eigen::Vector3d>{{0.1, 0.2, 0.3}}));
  // binary, both byte orders: x double, y int16, z float
  struct Vertex
  {
    double x;
    std::int16_t y;
    float z;
  } __attribute__((packed));
  const std::string header = "element vertex 1\nproperty double x\nproperty short y\nproperty float z\nend_header\n";
  const Vertex little{1.0 / 3.0, -7, 0.25f};
  EXPECT_EQ(readPointCloudFile(writeFile("little.ply", "ply\nformat binary_little_endian 1.0\n" + header +
                                                          bytesOf(std::vector<Vertex>{little}))),
            (std::vector<Eigen::Vector3d>{{1.0 / 3.0, -7.0, 0.25}}));
  std::string big = bytesOf(std::vector<Vertex>{little});
  std::reverse(big.begin(), big.begin() + 8);
  std::reverse(big.begin() + 8, big.begin() + 10);
  std::reverse(big.begin() + 10, big.end());
  EXPECT_EQ(readPointCloudFile(writeFile("big.ply", "ply\nformat binary_big_endian 1.0\n" + header + big)),
            (std::vector<Eigen::Vector3d>{{1.0 / 3.0, -7.0, 0.25}}));
}

TEST(PointCloudFile, APlyFileThatAssimpTookOver20SecondsOnIsRefusedAtOnce)
{
  // The first lines of ply_cloud_fuzzer's finding against the reader through assimp: a header
  // line `property 5130654 0.514462173 0.600000024` in a copy of the bundled cloud.
  const std::string path = test::testDataPath("geometry/assimp_slow_fuzz_finding.ply");
  EXPECT_THAT([&] { readPointCloudFile(path); },
              ::testing::ThrowsMessage<Error>(HasSubstr("is not a property of a known type")));
}

TEST(PointCloudFile, LzfBackReferencesRepeatBytes)
{
  // 3 points (0, 0, 0) x, y, z float columns: 36 zero bytes = one literal zero, then a back
  // reference of distance 1 and length 35 (c >> 5 = 7, extra byte 26: 7 + 26 + 2 = 35).
  const std::string packed = std::string(1, '\0') + std::string(1, '\0') + std::string(1, char(7 << 5)) +
                             std::string(1, char(26)) + std::string(1, '\0');
  const std::string file = pcdHeader("x y z", "4 4 4", "F F F", 3, "binary_compressed") + sizeWords(packed.size(), 36) + packed;
  EXPECT_EQ(readPointCloudFile(writeFile("repeat.pcd", file)), std::vector<Eigen::Vector3d>(3, Eigen::Vector3d::Zero()));
}

/** \brief A bad file's name and contents, and the pieces its message must hold. */
struct BadCloud
{
  std::string name, contents;
  std::vector<std::string> message;
};

class PointCloudFileError : public ::testing::TestWithParam<BadCloud>
{
};

TEST_P(PointCloudFileError, NamesFileElementAndFix)
{
  const std::string path = writeFile(GetParam().name, GetParam().contents);
  try
  {
    readPointCloudFile(path);
    FAIL() << "accepted " << path;
  }
  catch (const Error &e)
  {
    EXPECT_THAT(e.what(), HasSubstr("readPointCloudFile: " + path));
    for (const std::string &piece : GetParam().message)
      EXPECT_THAT(e.what(), HasSubstr(piece));
  }
}

INSTANTIATE_TEST_SUITE_P(
    PointCloudFile, PointCloudFileError,
    ::testing::Values(
        BadCloud{"no_z.pcd", pcdHeader("x y", "4 4", "F F", 1, "ascii") + "1 2\n", {"FIELDS lacks x, y or z"}},
        BadCloud{"int_x.pcd", pcdHeader("x y z", "4 4 4", "I F F", 1, "ascii") + "1 2 3\n",
                 {"field 'x' has TYPE I", "must be TYPE F of SIZE 4 or 8 with COUNT 1"}},
        BadCloud{"no_data.pcd", "VERSION 0.7\nFIELDS x y z\n", {"the header has no DATA line"}},
        BadCloud{"lzo.pcd", pcdHeader("x y z", "4 4 4", "F F F", 1, "lzo"), {"DATA must be ascii, binary or binary_compressed"}},
        BadCloud{"short_rows.pcd", pcdHeader("x y z", "4 4 4", "F F F", 2, "ascii") + "1 2 3\n",
                 {"has 1 data rows, POINTS says 2"}},
        BadCloud{"short_row.pcd", pcdHeader("x y z", "4 4 4", "F F F", 1, "ascii") + "1 2\n",
                 {"point 0: has 2 values, the header's COUNTs say 3"}},
        BadCloud{"cut.pcd", pcdHeader("x y z", "4 4 4", "F F F", 2, "binary") + std::string(20, '\0'),
                 {"binary data of 20 bytes, POINTS 2 x 12 bytes need 24", "cut short"}},
        BadCloud{"huge.pcd", pcdHeader("x y z", "4 4 4", "F F F", 1000000, "binary_compressed") + sizeWords(4, 12000000) + "abcd",
                 {"cannot unpack to 12000000"}},
        BadCloud{"bad_lzf.pcd", pcdHeader("x y z", "4 4 4", "F F F", 1, "binary_compressed") + sizeWords(2, 12) + std::string(1, char(0xe0)) + "x",
                 {"LZF-compressed data is malformed"}},
        BadCloud{"inf.xyz", "1 2 3\n1 inf 3\n", {"line 2: a coordinate is infinite"}},
        BadCloud{"two.xyz", "1 2\n", {"line 1: has 2 numbers, not 3"}},
        BadCloud{"word.xyz", "1 two 3\n", {"line 1: 'two' is not a number"}},
        BadCloud{"noxyz.ply", "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nend_header\n1\n",
                 {"element `vertex` lacks property x, y or z"}},
        BadCloud{"cut.ply", "ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\nproperty float y\n"
                            "property float z\nend_header\n" + std::string(20, '\0'),
                 {"the binary data ends in instance 1", "cut short"}},
        BadCloud{"type.ply", "ply\nformat ascii 1.0\nelement vertex 1\nproperty real x\nend_header\n",
                 {"header line 4: `property real x` is not a property of a known type"}},
        BadCloud{"noheader.ply", "ply\nformat ascii 1.0\nelement vertex 1\n", {"no end_header line"}},
        BadCloud{"cloud.txt", "1 2 3\n", {"unsupported extension ('.txt'); give a .pcd, .ply or .xyz"}}));
}  // namespace
}  // namespace ompl_ccd
