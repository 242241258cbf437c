#include "urdf_reader.h"

#include <tinyxml2.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "format_vector.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/model/mesh_loader.h"
#include "ompl_ccd/numeric.h"
#include "urdf_joint_graph.h"
#include "urdf_mimic_joints.h"
#include "urdf_package_paths.h"
#include "urdf_xml_checks.h"

namespace ompl_ccd
{
namespace
{
namespace fs = std::filesystem;

/** \brief What the raw XML tells that urdfdom does not keep: document order of the joints, and
    the number of <collision> elements of each link. */
struct UrdfXmlFacts
{
  std::map<std::string, int> joint_order;
  std::map<std::string, int> collisions;
};

/** \brief Parses the XML with tinyxml2 for a readable syntax error, the document order of the
    joints, and the checks urdfdom would only log or not make (joint graph, elements: see
    urdf_joint_graph.h and urdf_xml_checks.h). */
UrdfXmlFacts readXmlFacts(const std::string &xml, const std::string &source)
{
  tinyxml2::XMLDocument doc;
  OMPL_CCD_THROW_UNLESS(doc.Parse(xml.c_str(), xml.size()) == tinyxml2::XML_SUCCESS, "RobotModel::fromUrdf: ",
                        source, " is not well-formed XML (", doc.ErrorStr(), "); fix the file.");
  const tinyxml2::XMLElement *robot = doc.FirstChildElement("robot");
  OMPL_CCD_THROW_UNLESS(robot != nullptr, "RobotModel::fromUrdf: ", source,
                        " has no <robot> root element; is it a URDF file (xacro files must be expanded first)?");
  // urdfdom and tinyxml2 read control characters in a name differently (a CR in a joint name
  // found by fuzz/urdf_fuzzer): the two would then disagree on which joint is which.
  for (const char *tag : {"link", "joint"})
    for (const tinyxml2::XMLElement *e = robot->FirstChildElement(tag); e != nullptr; e = e->NextSiblingElement(tag))
      if (const char *name = e->Attribute("name"))
        for (const char *c = name; *c != '\0'; ++c)
          OMPL_CCD_THROW_UNLESS(static_cast<unsigned char>(*c) >= 0x20 && *c != 0x7f, "RobotModel::fromUrdf: ", source,
                                ": the name of the <", tag, "> on line ", e->GetLineNum(),
                                " holds a control character (byte ", static_cast<int>(static_cast<unsigned char>(*c)),
                                "); use printable characters.");
  checkUrdfJointGraph(*robot, source);
  UrdfXmlFacts facts;
  facts.collisions = checkUrdfCollisions(*robot, source);
  checkUrdfJointElements(*robot, source);
  for (const tinyxml2::XMLElement *j = robot->FirstChildElement("joint"); j != nullptr;
       j = j->NextSiblingElement("joint"))
  {
    const char *name = j->Attribute("name");
    const char *type = j->Attribute("type");
    if (name == nullptr || type == nullptr)
      continue;  // urdfdom reports it
    facts.joint_order.emplace(name, static_cast<int>(facts.joint_order.size()));
    const std::string t = type;
    OMPL_CCD_THROW_UNLESS(t != "planar", "RobotModel::fromUrdf: ", source, ": joint '", name,
                          "' is planar, which ompl_ccd does not support; use a floating joint or two prismatic "
                          "joints and a revolute joint.");
    if (t == "revolute" || t == "prismatic")
    {
      const tinyxml2::XMLElement *limit = j->FirstChildElement("limit");
      OMPL_CCD_THROW_UNLESS(limit != nullptr && limit->Attribute("lower") && limit->Attribute("upper"),
                            "RobotModel::fromUrdf: ", source, ": ", t, " joint '", name,
                            "' has no <limit lower=... upper=...>; fix its <limit>.");
    }
  }
  return facts;
}

Eigen::Isometry3d toIsometry(const urdf::Pose &pose)
{
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = Eigen::Vector3d(pose.position.x, pose.position.y, pose.position.z);
  X.linear() = Eigen::Quaterniond(pose.rotation.w, pose.rotation.x, pose.rotation.y, pose.rotation.z)
                   .normalized()
                   .toRotationMatrix();
  return X;
}

/** \brief Builds the model; one instance per read. */
class Builder
{
public:
  Builder(const std::string &base_dir, const std::string &source, const RobotModelOptions &options)
    : base_dir_(base_dir), source_(source), options_(options)
  {
  }

  /** \brief Fills RobotModel's name, links, joints (state order) and link index. */
  void build(const urdf::ModelInterface &urdf, const UrdfXmlFacts &facts, std::string &name,
             std::vector<Link> &links, std::vector<Joint> &joints, std::map<std::string, int> &link_index)
  {
    name = urdf.getName();
    urdf_ = &urdf;
    facts_ = &facts;
    links_ = &links;
    joints_ = &joints;
    link_index_ = &link_index;
    const urdf::LinkConstSharedPtr root = urdf.getRoot();
    assert(root != nullptr && "urdfdom returns a model only when it found its root link");
    links.push_back(Link{root->name, -1, -1, {}, {}});
    if (options_.floating_root)
    {
      Joint floating;
      floating.name = "floating_root";
      floating.type = JointType::Floating;
      floating.child_link = 0;
      setFloatingBounds(floating);
      joints.push_back(floating);
      links[0].parent_joint = 0;
    }
    visit(*root, 0, Eigen::Isometry3d::Identity(), true);
  }

private:
  void setFloatingBounds(Joint &joint) const
  {
    const bool sane = options_.floating_lower.allFinite() && options_.floating_upper.allFinite() &&
                      options_.floating_lower.cwiseAbs().maxCoeff() <= kMaxMagnitude &&
                      options_.floating_upper.cwiseAbs().maxCoeff() <= kMaxMagnitude;
    OMPL_CCD_THROW_UNLESS(sane, "RobotModel::fromUrdf: floating root bounds [", formatVector(options_.floating_lower),
                          "] .. [", formatVector(options_.floating_upper), "] are not finite numbers within ±",
                          kMaxMagnitude, " m; fix RobotModelOptions::floating_lower/floating_upper.");
    OMPL_CCD_THROW_UNLESS((options_.floating_lower.array() <= options_.floating_upper.array()).all(),
                          "RobotModel::fromUrdf: floating root bounds lower [", formatVector(options_.floating_lower),
                          "] exceed upper [", formatVector(options_.floating_upper),
                          "]; fix RobotModelOptions::floating_lower/floating_upper.");
    joint.position_lower = options_.floating_lower;
    joint.position_upper = options_.floating_upper;
  }

  /** \brief Adds URDF link \a link to body \a body, placed at X_BL in it, then its subtree.
      The joint graph is a tree (checkUrdfJointGraph ran on the XML), so every link is visited
      once and the recursion is as deep as the tree. */
  void visit(const urdf::Link &link, int body, const Eigen::Isometry3d &X_BL, bool is_root)
  {
    (*link_index_)[link.name] = body;
    if (link.name != (*links_)[body].name)
      (*links_)[body].merged_links.push_back(link.name);
    for (std::size_t c = 0; c < link.collision_array.size(); ++c)
      addGeometry(link, static_cast<int>(c) + 1, *link.collision_array[c], body, X_BL);

    std::vector<urdf::JointSharedPtr> children = link.child_joints;
    for (const urdf::JointSharedPtr &j : children)  // bytes urdfdom and tinyxml2 decode differently
      OMPL_CCD_THROW_UNLESS(facts_->joint_order.count(j->name) == 1, "RobotModel::fromUrdf: ", source_, ": joint '",
                            j->name, "' has a name the URDF parsers read differently (a byte that is not valid "
                            "UTF-8?); use printable characters.");
    // urdfdom lists children in joint-name order; the state order wants document order.
    std::sort(children.begin(), children.end(), [this](const urdf::JointSharedPtr &a, const urdf::JointSharedPtr &b) {
      return facts_->joint_order.at(a->name) < facts_->joint_order.at(b->name);
    });
    for (const urdf::JointSharedPtr &uj : children)
    {
      const urdf::LinkConstSharedPtr child = urdf_->getLink(uj->child_link_name);
      const Eigen::Isometry3d X_BJ = X_BL * toIsometry(uj->parent_to_joint_origin_transform);
      if (uj->type == urdf::Joint::FIXED)
      {
        visit(*child, body, X_BJ, false);  // merged rigidly: X_B,child = X_BL · X_LJ
        continue;
      }
      const int child_body = static_cast<int>(links_->size());
      const int joint_index = static_cast<int>(joints_->size());
      joints_->push_back(makeJoint(*uj, body, child_body, X_BJ, is_root));
      links_->push_back(Link{child->name, joint_index, body, {}, {}});
      visit(*child, child_body, Eigen::Isometry3d::Identity(), false);
    }
  }

  Joint makeJoint(const urdf::Joint &uj, int parent_body, int child_body, const Eigen::Isometry3d &X_PJ,
                  bool parent_is_root) const
  {
    Joint joint;
    joint.name = uj.name;
    joint.parent_link = parent_body;
    joint.child_link = child_body;
    joint.X_PJ = X_PJ;
    if (uj.limits)
      joint.velocity = uj.limits->velocity;
    switch (uj.type)
    {
      case urdf::Joint::REVOLUTE:
        joint.type = JointType::Revolute;
        break;
      case urdf::Joint::CONTINUOUS:
        joint.type = JointType::Continuous;
        break;
      case urdf::Joint::PRISMATIC:
        joint.type = JointType::Prismatic;
        break;
      case urdf::Joint::FLOATING:
        OMPL_CCD_THROW_UNLESS(parent_is_root, "RobotModel::fromUrdf: ", source_,
                              ": floating joint '", uj.name, "' is not directly below the root link '",
                              (*links_)[0].name, "'; only the root may float, make its parent the root link.");
        OMPL_CCD_THROW_UNLESS(!options_.floating_root, "RobotModel::fromUrdf: ", source_, ": floating joint '",
                              uj.name,
                              "' and RobotModelOptions::floating_root both add a floating base; drop one of them.");
        OMPL_CCD_THROW_UNLESS(joints_->empty(), "RobotModel::fromUrdf: ", source_, ": floating joint '", uj.name,
                              "' is not the first moving joint below the root; make it the only child joint of '",
                              (*links_)[0].name, "'.");
        joint.type = JointType::Floating;
        setFloatingBounds(joint);
        break;
      default:
        OMPL_CCD_THROW_UNLESS(false, "RobotModel::fromUrdf: ", source_, ": joint '", uj.name,
                              "' has an unsupported type; use revolute, continuous, prismatic, fixed or floating.");
    }
    if (joint.type == JointType::Floating)
      return joint;

    joint.axis = Eigen::Vector3d(uj.axis.x, uj.axis.y, uj.axis.z);
    const double axis_norm = joint.axis.norm();
    OMPL_CCD_THROW_UNLESS(axis_norm > 0.0 && std::isfinite(axis_norm), "RobotModel::fromUrdf: ", source_,
                          ": joint '", uj.name, "' has axis [", formatVector(joint.axis),
                          "] of zero length; fix its <axis xyz>.");
    joint.axis /= axis_norm;
    if (joint.type == JointType::Continuous)
    {
      joint.lower = -numeric::kPi;
      joint.upper = numeric::kPi;
    }
    else
    {
      joint.lower = uj.limits->lower;
      joint.upper = uj.limits->upper;
      OMPL_CCD_THROW_UNLESS(joint.lower <= joint.upper, "RobotModel::fromUrdf: ", source_, ": joint '", uj.name,
                            "' lower ", joint.lower, " > upper ", joint.upper, "; fix its <limit>.");
    }
    return joint;
  }

  /** \brief Path of a URDF mesh filename: package://, file:// or relative to the URDF folder. */
  std::string resolveMesh(const std::string &filename, const std::string &where) const
  {
    const std::string package_prefix = "package://", file_prefix = "file://";
    if (filename.rfind(package_prefix, 0) == 0)
    {
      const std::string rest = filename.substr(package_prefix.size());
      const std::size_t slash = rest.find('/');
      const std::string package = rest.substr(0, slash);
      const std::optional<fs::path> dir = findPackage(package, packageRoots(options_));
      OMPL_CCD_THROW_UNLESS(dir.has_value(), "RobotModel::fromUrdf: ", where, ": mesh '", filename,
                            "': package '", package,
                            "' is in no package path (searched: ", describeRoots(packageRoots(options_)),
                            "); pass the folder holding it with --package-path (command line) or package_paths "
                            "(plan config, ROS node), or add it to ROS_PACKAGE_PATH.");
      return (*dir / (slash == std::string::npos ? std::string() : rest.substr(slash + 1))).string();
    }
    if (filename.rfind(file_prefix, 0) == 0)
      return filename.substr(file_prefix.size());
    OMPL_CCD_THROW_UNLESS(filename.find("://") == std::string::npos, "RobotModel::fromUrdf: ", where, ": mesh '",
                          filename, "' uses an unsupported URI scheme; use package://, file:// or a path.");
    const fs::path path(filename);
    return path.is_absolute() ? path.string() : (fs::path(base_dir_) / path).string();
  }

  void addGeometry(const urdf::Link &link, int number, const urdf::Collision &collision, int body,
                   const Eigen::Isometry3d &X_BL)
  {
    const std::string where = concat(source_, ": link '", link.name, "' <collision> ", number);
    OMPL_CCD_THROW_UNLESS(collision.geometry != nullptr, "RobotModel::fromUrdf: ", where,
                          " has no <geometry>; add one.");
    LinkGeometry geometry;
    geometry.urdf_link = link.name;
    geometry.X_LG = X_BL * toIsometry(collision.origin);
    CollisionShape &shape = geometry.shape;
    const urdf::Geometry &g = *collision.geometry;
    switch (g.type)
    {
      case urdf::Geometry::BOX:
      {
        const urdf::Vector3 &dim = static_cast<const urdf::Box &>(g).dim;
        shape.kind = CollisionShape::Kind::Box;
        shape.box_size = Eigen::Vector3d(dim.x, dim.y, dim.z);
        break;
      }
      case urdf::Geometry::CYLINDER:
        shape.kind = CollisionShape::Kind::Cylinder;
        shape.radius = static_cast<const urdf::Cylinder &>(g).radius;
        shape.length = static_cast<const urdf::Cylinder &>(g).length;
        break;
      case urdf::Geometry::SPHERE:
        shape.kind = CollisionShape::Kind::Sphere;
        shape.radius = static_cast<const urdf::Sphere &>(g).radius;
        break;
      case urdf::Geometry::MESH:
      {
        const auto &mesh = static_cast<const urdf::Mesh &>(g);
        const std::string path = resolveMesh(mesh.filename, where);
        std::error_code ec;
        OMPL_CCD_THROW_UNLESS(!fs::is_directory(path, ec), "RobotModel::fromUrdf: ", where, ": mesh '",
                              mesh.filename, "' resolves to '", path,
                              "', which is a folder, not a file; name the mesh file itself.");
        OMPL_CCD_THROW_UNLESS(fs::is_regular_file(path, ec), "RobotModel::fromUrdf: ", where, ": mesh '",
                              mesh.filename, "' resolves to '", path,
                              "', which does not exist; fix the filename or add the file.");
        const Eigen::Vector3d scale(mesh.scale.x, mesh.scale.y, mesh.scale.z);
        shape.kind = CollisionShape::Kind::Mesh;
        shape.mesh = cachedMesh(path, scale, where);
        break;
      }
    }
    (*links_)[body].geometries.push_back(std::move(geometry));
  }

  /** \brief A mesh file used several times (with the same scale) is loaded once. */
  TriangleMeshPtr cachedMesh(const std::string &path, const Eigen::Vector3d &scale, const std::string &where)
  {
    const std::string key = concat(path, '|', scale.x(), ' ', scale.y(), ' ', scale.z());
    auto it = meshes_.find(key);
    if (it == meshes_.end())
      it = meshes_.emplace(key, loadMesh(path, scale, where)).first;
    return it->second;
  }

  std::string base_dir_, source_;
  const RobotModelOptions &options_;
  const urdf::ModelInterface *urdf_ = nullptr;
  const UrdfXmlFacts *facts_ = nullptr;
  std::vector<Link> *links_ = nullptr;
  std::vector<Joint> *joints_ = nullptr;
  std::map<std::string, int> *link_index_ = nullptr;
  std::map<std::string, TriangleMeshPtr> meshes_;
};

/** \brief Index of URDF link \a name, throwing with \a what when it is unknown. */
int requireLink(const RobotModel &model, const std::string &name, const std::string &what)
{
  const int index = model.linkIndex(name);
  OMPL_CCD_THROW_UNLESS(index >= 0, "RobotModel::fromUrdf: ", what, ": link '", name, "' is not a link of robot '",
                        model.name(), "'; fix the link name.");
  return index;
}
}  // namespace

RobotModel UrdfReader::read(const std::string &urdf_xml, const std::string &base_dir, const std::string &source_name,
                            const RobotModelOptions &options)
{
  const UrdfXmlFacts facts = readXmlFacts(urdf_xml, source_name);
  const urdf::ModelInterfaceSharedPtr urdf = urdf::parseURDF(urdf_xml);
  OMPL_CCD_THROW_UNLESS(urdf != nullptr, "RobotModel::fromUrdf: urdfdom rejected ", source_name,
                        " (its reason is logged above: missing link, several roots, bad attribute...); fix the "
                        "file.");

  RobotModel model;
  Builder(base_dir, source_name, options)
      .build(*urdf, facts, model.name_, model.links_, model.joints_, model.link_index_);
  checkEveryCollisionLoaded(facts.collisions, model.links_, source_name);
  resolveMimics(*urdf, source_name, model.joints_);
  for (Joint &joint : model.joints_)
  {
    joint.q_index = joint.mimic_source >= 0 ? -1 : model.nq_;
    model.nq_ += joint.nq();
  }
  // The joints are final: their kinematics constants, once for every workspace.
  for (const Joint &joint : model.joints_)
    model.joint_terms_.push_back(jointTerms(joint));

  allowCollisions(model, options, source_name);
  if (options.srdf)
    addNamedStates(model, *options.srdf, source_name);
  return model;
}

void UrdfReader::allowCollisions(RobotModel &model, const RobotModelOptions &options, const std::string &source_name)
{
  // Allowed collisions: bodies joined by a moving joint (fixed joints are merged already).
  model.acm_ = AllowedCollisionMatrix(static_cast<int>(model.links_.size()));
  for (const Joint &joint : model.joints_)
    if (joint.parent_link >= 0)
      model.acm_.allow(joint.parent_link, joint.child_link, "adjacent");
  if (options.srdf)
  {
    // A semantic description of another robot can still name the same links (two arms of one
    // vendor) and would then disable collision checks this robot needs.
    OMPL_CCD_THROW_UNLESS(options.srdf->robot_name.empty() || options.srdf->robot_name == model.name_,
                          "RobotModel::fromUrdf: the SRDF describes robot '", options.srdf->robot_name, "' but ",
                          source_name, " is robot '", model.name_,
                          "'; load the SRDF written for this robot (or fix its <robot name>).");
    for (const Srdf::DisabledPair &pair : options.srdf->disabled_collisions)
    {
      const std::string what = concat("SRDF <disable_collisions link1='", pair.link1, "' link2='", pair.link2, "'>");
      const int a = requireLink(model, pair.link1, what), b = requireLink(model, pair.link2, what);
      if (a != b)  // both merged into one body: nothing to check anyway
        model.acm_.allow(a, b, pair.reason.empty() ? std::string("srdf") : "srdf: " + pair.reason);
    }
  }
  for (const auto &[link1, link2] : options.disabled_pairs)
  {
    const std::string what = concat("configured disabled pair ('", link1, "', '", link2, "')");
    const int a = requireLink(model, link1, what), b = requireLink(model, link2, what);
    if (a != b)
      model.acm_.allow(a, b, "config");
  }
}

void UrdfReader::addNamedStates(RobotModel &model, const Srdf &srdf, const std::string &source_name)
{
  for (const auto &[state_name, values] : srdf.named_states)
  {
    Eigen::VectorXd q(model.nq_);
    for (const Joint &joint : model.joints_)
    {
      if (joint.q_index < 0)
        continue;
      if (joint.type == JointType::Floating)
      {
        q.segment<3>(joint.q_index) = Eigen::Vector3d::Zero().cwiseMax(joint.position_lower).cwiseMin(joint.position_upper);
        q.segment<4>(joint.q_index + 3) << 0.0, 0.0, 0.0, 1.0;
      }
      else
        q[joint.q_index] = std::clamp(0.0, joint.lower, joint.upper);
    }
    for (const auto &[joint_name, value] : values)
    {
      const int j = model.jointIndex(joint_name);
      OMPL_CCD_THROW_UNLESS(j >= 0, "RobotModel::fromUrdf: SRDF <group_state name='", state_name, "'> joint '",
                            joint_name, "' is not a moving joint of ", source_name, "; fix or remove it.");
      const Joint &joint = model.joints_[j];
      OMPL_CCD_THROW_UNLESS(joint.type != JointType::Floating, "RobotModel::fromUrdf: SRDF <group_state name='",
                            state_name, "'> sets floating joint '", joint_name,
                            "'; named states keep a floating root at the identity, remove it.");
      if (joint.q_index >= 0)  // a mimic joint follows its source
        q[joint.q_index] = value;
    }
    model.checkState(q, concat("SRDF <group_state name='", state_name, "'>"));
    model.named_states_.emplace(state_name, q);
  }
}
}  // namespace ompl_ccd
