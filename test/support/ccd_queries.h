#pragma once
/// \file ccd_queries.h
/// Reader of ../shared/data/ccd_queries (Wang et al. 2021, "A Large Scale Benchmark and an
/// Inclusion-Based Algorithm for Continuous Collision Detection"): elementary vertex–face and
/// edge–edge queries with exact inputs and ground truth (format: ../shared/data/README.md).

#include <string>
#include <vector>

#include <Eigen/Core>

#include "certify/interval/exact_feature_bounds.h"

namespace ompl_ccd::test
{
/** \brief One query: the pair's four vertices at t = 0 and at t = 1 (each moves linearly), ordered
    as in FeaturePairKind, and whether they touch for some t ∈ [0, 1]. */
struct CcdQuery
{
  std::vector<Eigen::Vector3d> start, end;
  bool touches = false;
};

/** \brief A folder of queries of one kind: "<scene>/vertex-face" or "<scene>/edge-edge". */
struct CcdQueryFolder
{
  std::string name;
  FeaturePairKind kind = FeaturePairKind::VertexFace;
  std::vector<CcdQuery> queries;
};

/** \brief Every folder under \a root (the ccd_queries directory), sorted by name, with all the
    queries of its CSV files (in file name order). */
std::vector<CcdQueryFolder> readCcdQueryFolders(const std::string &root);
}  // namespace ompl_ccd::test
