#!/usr/bin/env python3
"""Runs launch/plan.launch on the bundled arm with one bad parameter at a time and checks that
ompl_ccd_plan_node logs a ROS error naming the parameter and the fix, and exits with code 2.

Needs a ROS 1 environment (cmake/ros.cmake's CTest ENVIRONMENT: ROS_PACKAGE_PATH, CMAKE_PREFIX_PATH,
ROS_HOME) and starts its own master on ROS_MASTER_URI's port (default 11411)."""

import os
import re
import subprocess
import tempfile
import unittest

from ros_master import start_master, stop_master

# The valid problem of config/ccd_arm.yaml; each case replaces or adds keys.
VALID = {
    "scene": "$(find ompl_ccd)/examples/scene.yaml",
    "start": "[-0.30, 0.58, 1.19, 0.0, 1.37, 0.0]",
    "goal": "[1.57, 0.35, 1.58, 0.0, -0.36, 0.0]",
    "time_limit": "10.0",  # an upper bound: RRTConnect stops at its first path, on a loaded machine too
    "seed": "42",
}

# (name, changed keys (None = delete), regular expression the ROS error must match)
CASES = [
    ("missing_start", {"start": None}, r"missing parameter '~start' .*set it in the config YAML"),
    ("missing_scene", {"scene": None}, r"missing parameter '~scene' .*set it in the config YAML"),
    ("time_limit_text", {"time_limit": "ten"}, r"parameter '~time_limit' must be a number of seconds \(got string 'ten'\)"),
    ("time_limit_negative", {"time_limit": "-1.0"}, r"parameter '~time_limit' is -1; set it to a positive number"),
    # Validator options: the message of every front end (ompl/validator_options.h), after "~validator_options: ".
    ("tolerance_negative", {"validator_options": "{tolerance: -1.0}"},
     r"~validator_options: option 'tolerance' is '-1'; allowed: a finite number >= 1e-14 \(narrower brackets than doubles resolve on \[0, 1\] would never be reached\); e\.g\. the default 0\.001\."),
    ("resolution_above_one", {"validator_options": "{resolution: 2.0}"},
     r"~validator_options: option 'resolution' is '2'; allowed: a number in \[1e-05, 1\)"),
    ("threads_above_cap", {"validator_options": "{threads: 300}"},
     r"~validator_options: option 'threads' is '300'; allowed: an integer in \[1, 256\] \(more threads than cores"),
    ("probes_not_integer", {"validator_options": "{collision_probes: 2.5}"},
     r"~validator_options: option 'collision_probes' is '2\.5'; allowed: an integer >= 0"),
    ("interval_time_pieces_zero", {"validator": "interval", "validator_options": "{time_pieces: 0}"},
     r"~validator_options: option 'time_pieces' is '0'; allowed: an integer >= 1; e\.g\. the default 16\."),
    ("option_list", {"validator_options": "{clearance: [1, 2]}"},
     r"~validator_options: option 'clearance' is a list; allowed: a finite number >= 0"),
    ("options_not_map", {"validator_options": "3"}, r"~validator_options must be a map of option: value"),
    ("unknown_key", {"planer": "RRT"}, r"unknown parameter '~planer'; the node reads"),
    ("unknown_option", {"validator_options": "{tolerence: 0.001}"},
     r"~validator_options: unknown option 'tolerence' \(did you mean 'tolerance'\?\); the options are resolution, "
     r"tolerance"),
    ("unknown_mass_distribution", {"validator_options": "{mass_distribution: heavy}"},
     r"~validator_options: option 'mass_distribution' is 'heavy'; allowed: one of mesh-vertices, obb-corners"),
    ("unknown_validator", {"validator": "exact"}, r"parameter '~validator' is 'exact'; set it to one of: discrete"),
    ("unknown_planner", {"planner": "RRTT"}, r"parameter '~planner' is 'RRTT'; set it to one of: .*RRTConnect"),
    ("unknown_named_state", {"goal": "nowhere"},
     r"parameter '~goal': 'nowhere' is not a named state of the SRDF \(known: home, ready\)"),
    ("wrong_state_size", {"start": "[0.0, 0.0]"}, r"parameter '~start'"),
    ("negative_seed", {"seed": "-3"}, r"parameter '~seed' is -3; set it to a non-negative integer"),
    ("simplify_text", {"simplify": "'yes'"}, r"parameter '~simplify' must be true or false \(got string 'yes'\)"),
]

ROS_ERROR = re.compile(r"\[ERROR\] \[[0-9.]+\]: (.*)")
EXIT_CODE = re.compile(r"process has died \[pid [0-9]+, exit code (-?[0-9]+)")


class BadParameters(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.master, cls.port = start_master(11411)

    @classmethod
    def tearDownClass(cls):
        stop_master(cls.master, cls.port)
        cls.folder.cleanup()

    def launch(self, name, changes):
        keys = dict(VALID)
        keys.update(changes)
        config = os.path.join(self.folder.name, name + ".yaml")
        with open(config, "w") as f:
            for key, value in keys.items():
                if value is not None:
                    f.write("%s: %s\n" % (key, value))
        # The master outlives each launch: drop the previous case's private parameters.
        subprocess.call(["rosparam", "delete", "/ompl_ccd_plan_node"], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL)
        result = subprocess.run(["roslaunch", "ompl_ccd", "plan.launch", "config_file:=" + config],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
        return result.stdout

    def test_valid_config_plans(self):
        output = self.launch("valid", {})
        self.assertNotRegex(output, r"\[ERROR\]")
        self.assertRegex(output, r"certified by \w+: ")

    def test_certifier_options_and_numbers_written_as_strings_are_read(self):
        # YAML 1.1 reads 1e-3 as a string: the options schema reads it as the number it is.
        output = self.launch("options", {"validator": "ca", "validator_options":
                                         "{tolerance: 1e-3, collision_probes: 0, temporal_culling: false}"})
        self.assertNotRegex(output, r"\[ERROR\]")
        self.assertRegex(output, r"certified by \w+: ")

    def test_an_option_the_validators_do_not_read_is_warned(self):
        # issue 42, item 8: no error, a ROS warning naming the validators that read it
        output = self.launch("unread", {"validator": "ca", "validator_options": "{resolution: 0.05, tolerance: 1e-3}"})
        self.assertNotRegex(output, r"\[ERROR\]")
        self.assertRegex(output, r"\[ WARN\] \[[0-9.]+\]: ompl_ccd_plan_node: ~validator_options: option 'resolution' "
                                 r"has no effect: ca does not read it \(discrete does\)")
        self.assertNotRegex(output, r"option 'tolerance' has no effect")
        self.assertRegex(output, r"certified by \w+: ")

    def test_each_bad_parameter_is_named_with_its_fix(self):
        for name, changes, expected in CASES:
            with self.subTest(case=name):
                output = self.launch(name, changes)
                errors = ROS_ERROR.findall(output)
                self.assertEqual(len(errors), 1, output)
                self.assertRegex(errors[0], expected)
                self.assertEqual(EXIT_CODE.findall(output), ["2"], output)


if __name__ == "__main__":
    unittest.main()
