// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/Venv.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVersionNumber>

#include <optional>
#include <utility>

namespace td::python {

// An environment variable without which an interpreter that does not start starts: the variable, and the
// one entry of it that is enough to take out (empty: the whole variable).
struct StartBlocker {
    QString variable; // "PYTHONHOME", "LD_PRELOAD"
    QString entry;
    QString value;    // the variable's whole value
};

// One Python interpreter on this machine, as it describes itself.
struct Interpreter {
    QString executable;     // as found (may be a link)
    QString realPath;       // with links resolved: two finds of one file are one interpreter
    QStringList origins;    // how it was found: "PATH", "py launcher", "registry", "conda", "venv",
                            // "project", "pyenv", "uv", "requested"
    QVersionNumber version; // 3.11.2
    int bits = 0;           // 32 or 64
    QString implementation; // "cpython"
    QString platform;       // sys.platform: "linux", "win32", "darwin"
    QString machine;        // platform.machine(): "x86_64", "AMD64", "arm64"
    QString prefix, basePrefix, execPrefix;
    bool isVenv = false;  // prefix != base_prefix
    bool isConda = false; // conda-meta/ in the prefix
    bool usable = false;  // it ran and answered
    QString problem;      // why not usable: "a Microsoft Store alias that opens the Store", "not Python: ..."
    bool timedOut = false; // ... it did not answer in time (a slow startup, not a broken program)
    std::optional<VenvConfig> venv; // when not usable: the venv it belongs to, as its pyvenv.cfg says
    std::optional<StartBlocker> stoppedBy; // when not usable: the variable that keeps it from starting
};

// torch as installed, learnt without importing it.
struct PackageInfo {
    QString name; // as its metadata spells it ("torch", "nvidia-cudnn-cu12")
    QString version;
    QString location;  // the site-packages folder
    QString installer; // the INSTALLER file: "pip", "uv", "conda", ...
};

// One Requires-Dist line whose marker holds for the interpreter: of torch's METADATA, or of another
// distribution's that requires torch.
struct Requirement {
    Requirement() = default;
    Requirement(QString name_, QStringList extras_, QString specifier_)
        : name(std::move(name_)), extras(std::move(extras_)), specifier(std::move(specifier_))
    {
    }
    // As pip takes it: "cuda-toolkit[cudart,cublas]==13.0.2".
    [[nodiscard]] QString spec() const
    {
        return extras.isEmpty() ? name + specifier : QStringLiteral("%1[%2]%3").arg(name, extras.join(u','), specifier);
    }
    QString name;       // "nvidia-cudnn-cu13", "cuda-toolkit"
    QStringList extras; // "cudart", "cublas" (a meta-package's components)
    QString specifier;  // "==9.26.0.51"
    QString line;       // as METADATA writes it: "nvidia-cudnn-cu13==9.26.0.51; platform_system == \"Linux\""
    // What is installed under that name (the copy that imports), and whether it satisfies the specifier
    // (unknown when no copy of packaging could be read, or nothing is installed).
    QString installed;     // "9.1.0.70"; empty: not installed
    QString installedPath; // its .dist-info folder
    std::optional<bool> satisfied;
    // Who requires it, for a requirement on torch: "torchvision", "0.20.1", its .dist-info folder.
    QString requiredBy, requiredByVersion, requiredByPath;
};

// A row of torch's own preload table (torch/__init__.py): the nvidia/<folder>/lib that a
// library matching `pattern` ("libcudart.so.*[0-9]") comes from.
struct PreloadEntry {
    QString folder; // "cuda_runtime"
    QString pattern;
};

struct TorchInstall {
    bool installed = false; // a torch distribution or package is present
    QString version;        // from the distribution metadata ("2.5.1+cu121")
    QString packageDir;     // .../site-packages/torch
    QString installer;
    // torch/version.py, read as text (never executed)
    QString versionPyVersion, versionPyCuda, versionPyHip, versionPyGit;
    bool debugBuild = false;
    QStringList nativeLibraries;    // files in torch/lib (and the extension modules next to torch/)
    QList<PackageInfo> companions;  // torchvision, torchaudio, xformers, numpy, triton, nvidia-*
    QStringList torchDistributions; // more than one means a broken install (two dist-infos)
    // Where the loader is told to look: torch's add_dll_directory folders on
    // Windows (torch\lib, Library\bin, ...), the nvidia-* wheel lib folders on Linux.
    QStringList dllDirectories;
    QList<Requirement> requirements; // Requires-Dist, markers evaluated
    QList<Requirement> dependents;   // other distributions' requirements on torch
    // The wheel torch came from (its WHEEL file's tags: "cp311-cp311-manylinux2014_aarch64") and whether this
    // interpreter accepts one of them, as pip judges it (unknown without packaging); its own first tag.
    QStringList wheelTags;
    std::optional<bool> wheelFits;
    QString interpreterTag;
    QList<PreloadEntry> preload;
    // Found by the static phase, for the checks to judge:
    QStringList danglingLibraries; // torch/lib entries that are links to nothing
    QStringList foreignExtensions; // torch/_C* built for another Python (suffix does not match)
    bool namespacePackage = false; // a torch folder without __init__.py
};

// What `import torch` did, in a process of its own.
struct ImportResult {
    enum class Outcome { NotRun, Ok, Failed, Crashed, TimedOut, ProbeFailed };
    Outcome outcome = Outcome::NotRun;
    QString exceptionType; // "OSError", "ImportError"
    QString message;       // str(exception), as printed (any language)
    QString traceback;
    int exitCode = 0;  // the process's; a Windows crash shows its NTSTATUS here
    int signal = 0;    // Unix signal when Crashed
    QString crashName; // "SIGSEGV", "STATUS_ACCESS_VIOLATION"
    qint64 elapsedMs = 0;
    // When it imported:
    QString version, cudaVersion, hipVersion;
    bool cudaAvailable = false;
    int deviceCount = 0;
    QStringList deviceNames;
    QList<QPair<int, int>> capabilities; // per device
    QStringList archList;                // torch.cuda.get_arch_list(): "sm_50", ..., "sm_90"
    int cudnnVersion = 0;
    bool mpsAvailable = false;
    QString stderrTail;   // the last lines the process wrote to stderr
    QString location;     // torch.__file__ when it imported
    QStringList warnings; // what torch warned while answering ("CUDA initialization: ...")
    QString problem;      // ProbeFailed / Crashed / TimedOut: what happened, in one line
};

} // namespace td::python
