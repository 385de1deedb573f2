// SPDX-License-Identifier: GPL-3.0-or-later
// How the project or a terminal is made to run the Python that has torch, decided on real venvs.
#include "python/DefaultInterpreter.h"
#include "python/TorchProbe.h"

#include "PythonFixtures.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace td;
namespace py = td::test::python;

namespace {

python::Interpreter probed(const td::test::fs::path &python)
{
    return python::probeStatic(py::qs(python)).interpreter;
}

} // namespace

// The project's own venv, under either name it may have, is the one made again; a venv elsewhere is not
// the project's, so the project gets a .venv of its own.
TEST(SwitchRoute, TheProjectsVenvUnderItsOwnName)
{
    td::test::TempDir dir;
    const td::test::fs::path project = dir / "otter lab";
    const td::test::fs::path venv = py::makeVenv(project / "venv");
    const td::test::fs::path elsewhere = py::makeVenv(dir / "elsewhere");
    ASSERT_FALSE(venv.empty());
    ASSERT_FALSE(elsewhere.empty());
    const python::Interpreter target = probed(py::kSystemPython);
    ASSERT_TRUE(target.usable);
    QProcessEnvironment plain;
    plain.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));

    const python::SwitchRoute own = python::switchRoute(target, probed(venv), py::qs(project), plain);
    EXPECT_EQ(own.kind, python::SwitchRoute::Kind::ProjectVenv);
    EXPECT_EQ(own.venv, py::qs(project / "venv"));
    EXPECT_TRUE(own.venvExists);

    const python::SwitchRoute other = python::switchRoute(target, probed(elsewhere), py::qs(project), plain);
    EXPECT_EQ(other.kind, python::SwitchRoute::Kind::ProjectVenv);
    EXPECT_EQ(other.venv, py::qs(project / ".venv"));
    EXPECT_FALSE(other.venvExists);

    // No project: nothing to change for a venv on PATH.
    EXPECT_EQ(python::switchRoute(target, probed(elsewhere), {}, plain).kind, python::SwitchRoute::Kind::None);
    EXPECT_FALSE(python::sameInterpreter(probed(venv), target)) << "a venv is not its base interpreter";
}
