#!/usr/bin/env python3
"""What a new user does, on a fresh copy of the repository: the README's first command
(section "Set-up"), then its install command ("Use it from OMPL") into a fresh prefix, then a
project made of the README's CMake lines and its C++ snippet, built against the installed package
with find_package(ompl_ccd) and run from the copy's root.

The copy holds the files git tracks, as they are in the working tree (what a clone of the commit
would hold, uncommitted edits included); a file git does not track is not there.

Usage: fresh_clone_test.py SOURCE_DIR WORK_DIR
Environment: CMAKE_CXX_COMPILER_LAUNCHER (e.g. ccache) is passed through to the builds (CMake reads
it), which then reuse the objects of an earlier build of the same sources (made with CCACHE_BASEDIR
above its source folder).
"""
import os
import re
import shutil
import subprocess
import sys
import time


def fail(message):
    print("fresh_clone_test: " + message, file=sys.stderr)
    sys.exit(1)


def run(command, cwd, env=None, shell=False):
    print("$ " + (command if shell else " ".join(command)), flush=True)
    result = subprocess.run(command, cwd=cwd, env=env, shell=shell)
    if result.returncode != 0:
        fail("'%s' exited with %d (in %s)" % (command if shell else " ".join(command), result.returncode, cwd))


def section(readme, title):
    """The text of the README's section `## title`, up to the next `## `."""
    match = re.search(r"^## %s\n(.*?)(?=^## )" % re.escape(title), readme, re.S | re.M)
    if not match:
        fail("README.md has no section '## %s'" % title)
    return match.group(1)


def blocks(text, language):
    return re.findall(r"^```%s\n(.*?)^```" % language, text, re.S | re.M)


def main():
    source, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    clone = os.path.join(work, "ompl_ccd")
    os.makedirs(clone)
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=source, capture_output=True, check=True).stdout
    for name in tracked.decode().split("\0"):
        if name and os.path.isfile(os.path.join(source, name)):
            os.makedirs(os.path.dirname(os.path.join(clone, name)) or clone, exist_ok=True)
            shutil.copy2(os.path.join(source, name), os.path.join(clone, name))

    with open(os.path.join(clone, "README.md")) as f:
        readme = f.read()
    setup = section(readme, "Set-up (fresh Debian 12)")
    first = blocks(setup, "sh")
    if not first or first[0].strip() != "scripts/run-example":
        fail("the README's first command is no longer `scripts/run-example`: update this test")
    env = dict(os.environ)
    env.pop("BUILD_DIR", None)
    if env.get("CMAKE_CXX_COMPILER_LAUNCHER"):
        env["CCACHE_BASEDIR"] = work  # paths relative to the build folder, as in the first build
    started = time.monotonic()
    run(first[0].strip(), cwd=clone, env=env, shell=True)
    print("fresh_clone_test: `%s` took %.0f s" % (first[0].strip(), time.monotonic() - started), flush=True)

    use = section(readme, "Use it from OMPL")
    install = re.search(r"`(cmake --install build --prefix (\S+))`", use)
    if not install:
        fail("'Use it from OMPL' names no `cmake --install build --prefix PREFIX` command")
    prefix = os.path.join(work, "prefix")
    run(install.group(1).replace(install.group(2), prefix), cwd=clone, env=env, shell=True)
    with open(os.path.join(clone, "build", "install_manifest.txt")) as f:
        outside = [line.strip() for line in f if line.strip() and not line.startswith(prefix + "/")]
    if outside:
        fail("cmake --install --prefix %s wrote outside the prefix: %s" % (prefix, ", ".join(outside)))

    cmake_lines = blocks(use, "cmake")
    cpp = blocks(use, "cpp")
    if len(cmake_lines) != 1 or len(cpp) != 1:
        fail("'Use it from OMPL' should hold one cmake and one cpp block")
    includes = [line for line in cpp[0].splitlines() if line.startswith("#include")]
    body = [line for line in cpp[0].splitlines() if not line.startswith("#include")]
    project = os.path.join(work, "my_planner")
    os.makedirs(project)
    with open(os.path.join(project, "main.cpp"), "w") as f:
        f.write("\n".join(includes) + "\n\nint main()\n{\n" + "\n".join("  " + line for line in body) +
                "\n  return si->getMotionValidator() && ss ? 0 : 1;\n}\n")
    with open(os.path.join(project, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.16)\nproject(my_planner LANGUAGES CXX)\n"
                "set(CMAKE_CXX_STANDARD 17)\nadd_executable(my_planner main.cpp)\n" + cmake_lines[0])
    build = os.path.join(project, "build")
    run(["cmake", "-S", project, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_PREFIX_PATH=" + prefix],
        cwd=work, env=env)
    run(["cmake", "--build", build], cwd=work, env=env)
    run([os.path.join(build, "my_planner")], cwd=clone, env=env)
    shutil.rmtree(work)
    print("fresh_clone_test: README command, install and the README's snippet against it: ok")


if __name__ == "__main__":
    main()
