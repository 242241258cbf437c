#include "ompl_ccd/yaml_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

/// The message refuseRepeatedKeys throws for \a yaml, or "no error".
std::string errorOf(const std::string &yaml)
{
  try
  {
    refuseRepeatedKeys(YAML::Load(yaml), "test.yaml");
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "no error";
}

TEST(YamlFile, RepeatedKeyIsRefusedAtAnyDepth)
{
  EXPECT_EQ(errorOf("a: 1\nb: 2\na: 3\n"),
            "test.yaml: key 'a' is given twice in one map (lines 1 and 3); keep one of them.");
  EXPECT_EQ(errorOf("items:\n  - name: x\n    size: 1\n    size: 2\n"),
            "test.yaml: key 'size' is given twice in one map (lines 3 and 4); keep one of them.");
  EXPECT_EQ(errorOf("{outer: {inner: 1, inner: 2}}"),
            "test.yaml: key 'inner' is given twice in one map (lines 1 and 1); keep one of them.");
  // Quoting does not make a key another one.
  EXPECT_THAT(errorOf("a: 1\n'a': 2\n"), HasSubstr("key 'a' is given twice"));
}

TEST(YamlFile, SameKeyInDifferentMapsIsFine)
{
  EXPECT_EQ(errorOf("- name: a\n- name: b\n"), "no error");
  EXPECT_EQ(errorOf("a: {x: 1}\nb: {x: 2}\n"), "no error");
  EXPECT_EQ(errorOf(""), "no error");
  EXPECT_EQ(errorOf("just a scalar"), "no error");
}

TEST(YamlFile, NestedAliasesAreRefusedNotWalkedForEver)
{
  // "Billion laughs": 10 aliases per level, 7 levels = 10^7 nodes when expanded.
  std::string yaml = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int level = 1; level < 7; ++level)
  {
    const std::string previous = "*l" + std::to_string(level - 1);
    yaml += "l" + std::to_string(level) + ": &l" + std::to_string(level) + " [";
    for (int k = 0; k < 10; ++k)
      yaml += (k ? ", " : "") + previous;
    yaml += "]\n";
  }
  EXPECT_THAT(errorOf(yaml), HasSubstr("test.yaml: holds more than 1000000 YAML nodes (aliases counted at every "
                                       "use); write a smaller file without nested aliases."));
}

/// Writes \a text to a file in the test's temporary folder and returns its path.
std::string writeFile(const std::string &name, const std::string &text)
{
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(YamlFile, LoadYamlFileRefusesSyntaxRepeatsAndSeveralDocuments)
{
  EXPECT_EQ(loadYamlFile(writeFile("good.yaml", "a: [1, 2]\n"), "test")["a"][1].as<int>(), 2);
  EXPECT_TRUE(loadYamlFile(writeFile("empty.yaml", ""), "test").IsNull());
  const std::string syntax = writeFile("syntax.yaml", "a: [1, 2\n");
  EXPECT_THAT([&] { loadYamlFile(syntax, "test"); },
              ::testing::ThrowsMessage<Error>(::testing::StartsWith("test: cannot parse '" + syntax + "' at line 2")));
  const std::string repeated = writeFile("repeated.yaml", "a: 1\na: 2\n");
  EXPECT_THAT([&] { loadYamlFile(repeated, "test"); },
              ::testing::ThrowsMessage<Error>(
                  "test: " + repeated + ": key 'a' is given twice in one map (lines 1 and 2); keep one of them."));
  const std::string documents = writeFile("documents.yaml", "a: 1\n---\nb: 2\n");
  EXPECT_THAT([&] { loadYamlFile(documents, "test"); },
              ::testing::ThrowsMessage<Error>("test: " + documents +
                                              ": holds several YAML documents (separated by `---`); only the "
                                              "first would be read: merge them into one."));
}

TEST(YamlFile, InputWhereTheParserStopsIsASyntaxError)
{
  // Found by fuzz/scene_fuzzer.cpp: on a stray top-level ',' yaml-cpp 0.7's parser stops advancing
  // (YAML::LoadAllFromFile looped for ever; YAML::LoadFile ignored the rest of the file).
  const std::vector<std::string> inputs = {",", ",obstacle:\nstacle:\n\n  \333 na- \377\377\377\365te\003\n",
                                           "world:\n  collision_objects: []\n,\n"};
  for (std::size_t i = 0; i < inputs.size(); ++i)
  {
    const std::string path = writeFile("stuck" + std::to_string(i) + ".yaml", inputs[i]);
    EXPECT_THAT([&] { loadYamlFile(path, "test"); },
                ::testing::ThrowsMessage<Error>(::testing::AllOf(
                    ::testing::StartsWith("test: cannot parse '" + path + "' at line "),
                    ::testing::EndsWith("; fix the YAML syntax."))))
        << i;
  }
}
}  // namespace
}  // namespace ompl_ccd
