// SPDX-License-Identifier: GPL-3.0-or-later
// Machine states the checks judge, stood up as facts: an interpreter with a
// given torch, and an NVIDIA GPU with its driver.
#pragma once

#include "checks/Facts.h"
#include "loader/GraphBuilder.h"

#include <QString>
#include <QVersionNumber>

namespace td::test {

// A machine with one interpreter that has torch `torchVersion`.
inline checks::Facts machine(const QString &torchVersion, const QString &torchCuda,
                             const QString &platform = QStringLiteral("linux"))
{
    using checks::Fact;
    checks::Facts f;
    python::StaticProbe p;
    p.interpreter.executable = platform == QLatin1String("win32") ? QStringLiteral("C:/Python312/python.exe")
                                                                  : QStringLiteral("/usr/bin/python3");
    p.interpreter.usable = true;
    p.interpreter.version = QVersionNumber(3, 12, 4);
    p.interpreter.bits = 64;
    p.interpreter.platform = platform;
    p.interpreter.machine = platform == QLatin1String("win32") ? QStringLiteral("AMD64") : QStringLiteral("x86_64");
    p.torch.installed = true;
    p.torch.version = torchVersion;
    p.torch.versionPyCuda = torchCuda.isEmpty() ? QStringLiteral("None") : torchCuda;
    p.torch.packageDir = QStringLiteral("/venv/site-packages/torch");
    f.interpreters = {p};
    f.chosen = 0;
    f.chosenExecutable = p.interpreter.executable;
    f.ready = Fact::Interpreters | Fact::Import | Fact::Gpu | Fact::Libraries;
    return f;
}

inline void withGpu(checks::Facts &f, const QString &driver, int cudaDriver, const QString &name, int major, int minor)
{
    f.gpu.nvidiaDriverFound = true;
    f.gpu.driverVersion = driver;
    f.gpu.cudaDriverVersion = cudaDriver;
    platform::Gpu g;
    g.name = name;
    g.ccMajor = major;
    g.ccMinor = minor;
    f.gpu.gpus = {g};
}

// A request that reaches no interpreter, imports nothing and finds no NVIDIA
// driver: the runner's own behaviour, quickly.
inline checks::CheckRequest requestForNothing()
{
    checks::CheckRequest request;
#ifdef _WIN32
    // Not /bin/false: Wine starts a Linux program detached, with no exit to wait for,
    // so the probe would wait out its 30 s. A python.exe that is not there fails at once.
    request.python = QStringLiteral("C:/nonexistent/python.exe");
#else
    request.python = QStringLiteral("/bin/false");
#endif
    request.runImport = false;
    request.gpu.nvmlLibraries = {QStringLiteral("/nonexistent/libnvidia-ml.so.1")};
    request.gpu.nvidiaSmi.clear();
    return request;
}

// A Windows torch whose msvcp140.dll (14.36) loads from System32 and that
// loads two copies of Intel's OpenMP runtime.
inline loader::Graph oldRuntimeAndTwoOpenMps()
{
    loader::GraphBuilder g(loader::TargetOs::Windows);
    bin::BinaryInfo c10;
    c10.format = bin::Format::Pe;
    bin::PeInfo pe;
    pe.machine = 0x8664;
    pe.pe32Plus = true;
    c10.info = pe;
    const auto root = g.addRoot("C:/venv/torch/lib/c10.dll", &c10);
    bin::BinaryInfo msvcp = c10;
    std::get<bin::PeInfo>(msvcp.info).fileVersion = bin::PeVersion{14, 36, 32532, 0};
    const auto rt = g.found("msvcp140.dll", "C:/Windows/System32/msvcp140.dll", loader::Via::SystemDir, "", &msvcp);
    g.addEdge(root, rt, "msvcp140.dll", loader::Via::SystemDir);
    const auto omp1 = g.found("libiomp5md.dll", "C:/venv/torch/lib/libiomp5md.dll", loader::Via::DllDir, "", &c10);
    const auto omp2 =
        g.found("libiomp5md.dll", "C:/conda/Library/bin/libiomp5md.dll", loader::Via::AddDllDirectory, "", &c10);
    g.addEdge(root, omp1, "libiomp5md.dll", loader::Via::DllDir);
    g.addEdge(rt, omp2, "libiomp5md.dll", loader::Via::AddDllDirectory);
    return g.take();
}

} // namespace td::test
