// Plans nothing: builds the bundled arm's SimpleSetup with the "ca" validator through the installed
// headers and library, and certifies one motion, then the same motion as a path (certifyPath), as a
// user's program would.
#include <iostream>
#include <ompl_ccd/geometry/scene_loader.h>
#include <ompl_ccd/ompl/path_certification.h>
#include <ompl_ccd/ompl/simple_setup.h>
#include <ompl_ccd/ompl/state_space.h>

int main(int argc, char **argv)
{
  if (argc != 3)
  {
    std::cerr << "usage: consumer ARM.urdf SCENE.yaml\n";
    return 2;
  }
  auto robot = std::make_shared<const ompl_ccd::RobotModel>(ompl_ccd::RobotModel::fromUrdfFile(argv[1]));
  auto world = std::make_shared<const ompl_ccd::CollisionWorld>(robot, ompl_ccd::loadScene(argv[2]));
  auto setup = ompl_ccd::makeSimpleSetup(world, "ca");
  auto si = setup->getSpaceInformation();
  si->setup();
  ompl::base::ScopedState<> a(si), b(si);
  ompl_ccd::vectorToState(*robot, Eigen::VectorXd::Zero(robot->nq()), a.get());
  Eigen::VectorXd q = Eigen::VectorXd::Zero(robot->nq());
  q[1] = 0.3;
  ompl_ccd::vectorToState(*robot, q, b.get());
  const bool free = si->checkMotion(a.get(), b.get());
  std::cout << "nq " << robot->nq() << " motion " << (free ? "free" : "not free") << "\n";
  ompl::geometric::PathGeometric path(si, a.get(), b.get());
  ompl_ccd::CertifyOptions options;
  options.jobs = 2;
  const std::vector<ompl_ccd::EdgeReport> edges = ompl_ccd::certifyPath(path, si, world, options);
  const bool path_free = edges.size() == 1 && edges[0].report.verdict == ompl_ccd::Verdict::Free;
  std::cout << "path " << (path_free ? "free" : "not free") << "\n";
  return free && path_free ? 0 : 1;
}
