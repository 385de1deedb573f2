// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/ImportError.h"

#include <QDate>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::knowledge {

struct ReleaseIndex;

enum class Os { Linux, Windows, MacOS };

// Full: supported. Limited: works with limits (experimental Python, CUDA minor-version
// compatibility, PTX JIT only). No: does not work.
enum class Support { No, Limited, Full };

// A text shown to users, in English and Simplified Chinese.
struct Text {
    QString en;
    QString zhCN;
    [[nodiscard]] bool isEmpty() const { return en.isEmpty() && zhCN.isEmpty(); }
    // "zh_CN" (or any "zh*") gives the Chinese text when there is one, anything else English.
    [[nodiscard]] QString get(const QString &language) const;
};

// Inclusive range of dotted versions; an empty max means "and later".
struct VersionRange {
    QString min;
    QString max;
    [[nodiscard]] bool contains(const QString &version) const;
};

struct Platform {
    Os os = Os::Linux;
    QStringList arch; // "x86_64", "aarch64", "arm64"
    Text note;
    QStringList sources;
};

// "2.9.1+cu128" -> "2.9": the release series a version belongs to; empty when it has no minor part.
QString majorMinor(const QString &version);

// The index that serves the same build as `torchVersion`: empty for a wheel from PyPI (no local label),
// PyTorch's index of its label ("+cu121", "+cpu", "+rocm6.1", "+xpu"); nullopt when unknown (no version,
// or a local build that is on no index).
std::optional<QString> indexUrlOfBuild(const QString &torchVersion);

// `text` with each {name} of `values` replaced, in both languages.
Text fill(const Text &text, const QMap<QString, Text> &values);

struct Release {
    QString torch;    // "2.9"
    QString released; // "2025-10" or "2026-03-18"
    QString latest;   // the newest patch release on PyPI: "2.9.1"; empty when not known
    QString pythonMin, pythonMax;
    QStringList pythonExperimental;           // "3.13", "3.14t"
    QStringList cudaStable, cudaExperimental; // index names: "cu126"
    QStringList rocm;                         // "6.4"
    QString torchvision;                      // "0.24"
    QString torchaudio;                       // "2.9"
    bool torchvisionForwardCompatible = false; // this torchvision and later ones work with this torch
    bool torchaudioForwardCompatible = false;  // this torchaudio and later ones work with this torch
    QMap<QString, QString> torchaudioPatches;  // torch patch release -> torchaudio
    QStringList wheelPythons;   // Pythons the newest patch has PyPI wheels for: "3.13", "3.14t"; empty: not known
    QStringList wheelPlatforms; // "linux-x86_64", "macos-arm64" ...
    QString pypiCuda;           // what a plain `pip install torch` gets on Linux x86_64: "cu130"
    QStringList unconfirmed;    // curated fields no source confirms yet: "cuda", "rocm" ...
    // Set when the release is newer than the knowledge base: the newest known release
    // ("2.15") whose facts stand in for it.
    QString inferredFrom;
    Text note;
    QStringList sources;
    // Whether a field ("python", "cuda", "torchvision" ...) is known for this release, not
    // inferred from another one or unconfirmed: verdicts built on it say "likely" otherwise.
    [[nodiscard]] bool certain(const QString &field) const
    {
        return inferredFrom.isEmpty() && !unconfirmed.contains(field);
    }
};

struct DriverRow {
    QString update; // "GA", "U1" ...
    QString driver; // "560.28.03"
};

struct Toolkit {
    QString cuda; // "12.6"
    QList<DriverRow> linuxDrivers, windowsDrivers;
    QString confidence; // "source", "secondary", "inferred", "unverified"
    Text note;
    QStringList sources;
};

// Minor-version compatibility: builds of CUDA <major>.x run on drivers from the floor on.
struct DriverFamily {
    int major = 0;
    QString linuxFloor, windowsFloor;
    QString branchMin, branchBelow; // the family's own driver branches: [min, below)
    Text note;
    QStringList sources;
};

struct ArchEntry {
    QString variant; // "cu128"
    VersionRange torch;
    std::optional<Os> os; // only for this OS; nullopt: everywhere
    QString arch;         // only for this CPU architecture ("aarch64"); empty: every one
    QStringList archs; // "7.5", "12.0": compute capabilities with compiled code
    QStringList ptx;   // compute capabilities with PTX for JIT
    QString confidence;
    Text note;
    QStringList sources;
};

// A GPU by the names it goes by in messages and driver reports, and its compute capability.
struct GpuModel {
    QString capability; // "12.0"
    Text architecture;  // "Blackwell (GeForce RTX 50, RTX PRO Blackwell)"
    QList<QRegularExpression> names; // case-insensitive
    QString confidence;
    QStringList sources;
};

// A library a symbol's name gives away ("ncclCommResume" is NCCL's), which a message may not name.
struct SymbolLibrary {
    QRegularExpression symbol; // on the symbol's name
    QString name;              // "NCCL"
    QString library;           // "libnccl.so.2"
    QStringList wheels;        // the wheels that ship it
    QStringList sources;
};

struct Fix {
    QString family; // "docker", "env", "reinstall", "system"
    Text text;
    QStringList commands;
    // Empty, or a condition on what the message says: the fix leads when it holds, is left out when it does
    // not, and keeps its place when the message does not tell. "torch-has-gpu-code": the torch build the
    // message names has code for the GPU it names. "file-outside-python-packages": the file the message
    // names by its full path lies outside every site-packages (a CUDA toolkit's or the system's folder).
    // "symbol-of-known-library": the symbol the message names is one of a library errors.json's
    // symbolLibraries know.
    QString when;
};

struct ErrorSignature {
    QString id;
    python::ClassifiedError::Kind kind = python::ClassifiedError::Kind::Unknown;
    bool anyKind = false;              // "kind": "Any": the message pattern alone decides
    int winError = 0;                  // 0: any
    QString library;                   // regex on the library's file name (case-insensitive); empty: any
    QString missing;                   // regex one of the missing dependencies must match; empty: no condition
    QString symbol, version;           // regexes on the undefined symbol / missing symbol version
    QString haveArch, needArch;        // regexes on the architectures dyld names
    QString package;                   // regex on the package that raised the error ("^(?!torch$)")
    QString text;                      // regex on the pasted text; its named groups fill {name} in the texts
    std::optional<VersionRange> torch; // only for these torch versions (ignored when unknown)
    QString raisedBy;                  // the package whose own wording the message is ("ctranslate2")
    QString finding;                   // finding id: "lib.missing"
    QString severity;                  // "error", "warning", "info"
    Text title, cause;
    QStringList fixFamilies;
    QList<Fix> fixes;
    Text note;
    QStringList sources;

    // Filled by matchError():
    QString packageToFix;    // raisedBy, else the text's (?<package>) group, else the raising package
    QString confidence;      // "certain": every condition checked against a known fact; "likely": some assumed
    QStringList unconfirmed; // what was assumed: "torch-version", "win-error"
};

struct WrongAdvice {
    QString id;
    Text advice, whyWrong, instead, note;
    QStringList sources;
};

struct VcRuntimeRequirement {
    VersionRange torch;
    QString dll;            // "msvcp140.dll"
    QString minimumVersion; // "14.40"; empty: only needs to be present
    Text reason;
    QStringList redistributables;
    QStringList sources;
};

struct OpenMpRuntime {
    QString id; // "intel", "llvm", "msvc", "gnu"
    QString name;
    QStringList files;
    Text note;
    QStringList sources;
};

struct OpenMpConflict {
    QString a, b;     // runtime ids; equal for two copies of one runtime
    QString severity; // "error": fails or crashes; "info": usually works
    Text text, fix, note;
    QStringList sources;
    QStringList files; // filled by openMpConflicts(): the given names that take part
};

struct Companions {
    QString torchvision;             // "0.24" (minor series), or a patch release ("0.29.2")
    QString torchaudio;              // "2.9", or the patch release when known
    bool torchvisionOrLater = false; // later torchvision releases work too
    bool torchaudioOrLater = false;  // later torchaudio releases work too
    QString inferredFrom;            // set when the torch release is newer than the knowledge base
};

// One release of a package whose wheels require a torch (companions.json, read from their METADATA).
struct CompanionRelease {
    QString package;  // "xformers"
    QString version;  // "0.0.28.post3"
    std::optional<QString> torch; // its requirement's specifier: "==2.5.1", ">=2.9.0,<2.10.0"; "": any; none
    QString uploaded; // "2024-11-06"
    QString source;   // the index page it was read from
    QStringList modules; // what its wheel installs at the top of site-packages: "torchaudio", "_torch_sox"
};

// What else is known about a failed import, beyond the message.
struct ErrorContext {
    QString torchVersion;         // "2.4.0+cu121"; empty when unknown
    QStringList missingLibraries; // from the dependency walk: "libomp140.x86_64.dll"
    QString python{};             // the interpreter diagnosed; empty when unknown
};

struct VariantChoice {
    enum class Why { Chosen, MacOs, NoDriver, UnknownTorch, PythonUnsupported, DriverTooOld, GpuUnsupported };
    QString variant;  // "cu126", or "cpu"; empty when no torch release fits
    QString indexUrl; // "https://download.pytorch.org/whl/cu126"
    Why why = Why::Chosen;
    Support driver = Support::No; // how well the driver supports the chosen CUDA variant
    QString torch;                // the torch release the choice is for
    bool certain = true;          // false when it rests on inferred or unconfirmed facts
};

class KnowledgeBase {
public:
    // Loads every file from the Qt resource ":/knowledge"; returns the errors (empty: all good).
    QStringList load();
    // Loads every file from a directory (same file names); returns the errors.
    QStringList loadFromDirectory(const QString &directory);
    // True after a load without errors.
    [[nodiscard]] bool isLoaded() const { return m_loaded; }
    // The oldest "date" of the loaded files: how current the knowledge is.
    [[nodiscard]] QDate date() const;
    // Adds what a release index (PyPI) knows beyond the shipped files, when it is newer than
    // them: releases after the newest known one (their Python range and platforms from the
    // index, the rest from the newest known release, marked unconfirmed) and newer patch
    // releases. Returns whether it was used.
    bool applyIndex(const ReleaseIndex &index);
    // Which release knowledge is in use: "shipped", or the index it came from, and its date.
    [[nodiscard]] QString releaseSource() const
    {
        return m_indexSource.isEmpty() ? QStringLiteral("shipped") : m_indexSource;
    }
    [[nodiscard]] QDate releaseDate() const { return m_indexDate.isValid() ? m_indexDate : date(); }

    [[nodiscard]] const QList<Release> &releases() const { return m_releases; }
    [[nodiscard]] const QList<Platform> &platforms() const { return m_platforms; }
    [[nodiscard]] const QList<Toolkit> &toolkits() const { return m_toolkits; }
    [[nodiscard]] const QList<DriverFamily> &driverFamilies() const { return m_families; }
    [[nodiscard]] const QList<ArchEntry> &archEntries() const { return m_arch; }
    [[nodiscard]] const QList<GpuModel> &gpuModels() const { return m_gpus; }
    // The library whose symbol this is, by errors.json's symbolLibraries; nullptr when none says.
    [[nodiscard]] const SymbolLibrary *symbolLibraryOf(const QString &symbol) const;
    [[nodiscard]] const QList<ErrorSignature> &signatures() const { return m_signatures; }
    [[nodiscard]] const QList<WrongAdvice> &wrongAdvice() const { return m_wrongAdvice; }
    [[nodiscard]] const QList<OpenMpRuntime> &openMpRuntimes() const { return m_openMpRuntimes; }

    // The release for a torch version, by major.minor ("2.4.1+cu121" -> 2.4). A release newer
    // than every known one gets the newest known release's facts, with inferredFrom set.
    [[nodiscard]] std::optional<Release> release(const QString &torchVersion) const;
    // The newest release the knowledge base knows; nullopt when none is loaded.
    [[nodiscard]] std::optional<Release> newestRelease() const;
    // Whether a torch release supports a Python ("3.13", "3.12.4", "3.14t").
    [[nodiscard]] Support pythonSupport(const QString &torchVersion, const QString &python) const;
    // Whether wheels exist for an OS and CPU architecture ("x86_64", "aarch64", "arm64").
    [[nodiscard]] bool hasWheels(Os os, const QString &arch) const;
    // The lowest driver that runs builds of a CUDA version ("12.8" or "cu128"): the family floor
    // (minor-version compatibility), or the toolkit's own minimum where that is lower.
    [[nodiscard]] QString minimumDriver(const QString &cuda, Os os) const;
    // The lowest driver with full support for a CUDA version: Table 3, GA release.
    [[nodiscard]] QString fullSupportDriver(const QString &cuda, Os os) const;
    // What the driver table says a torch build ("2.9.0+cu130") runs on, as a sentence for a message's
    // explanation; empty when the version names no CUDA build or the table does not know it.
    [[nodiscard]] Text driverFactsOf(const QString &torchVersion) const;
    // Full: driver >= Table 3 minimum; Limited: only minor-version compatibility; No: too old.
    [[nodiscard]] Support driverSupport(const QString &driverVersion, const QString &cuda, Os os) const;
    // The architecture row of a CUDA variant's builds for a torch release (empty: the newest) on
    // a platform: a row for that OS and CPU ("aarch64"; empty: x86_64) before one for every platform.
    [[nodiscard]] const ArchEntry *archEntry(const QString &variant, const QString &torchVersion = {},
                                             Os os = Os::Linux, const QString &machine = {}) const;
    // Whether a CUDA variant's builds (of a torch release; empty: the newest) cover a GPU.
    [[nodiscard]] Support archSupport(const QString &variant, int ccMajor, int ccMinor,
                                      const QString &torchVersion = {}, Os os = Os::Linux,
                                      const QString &machine = {}) const;
    // Whether one row's builds cover a GPU (compiled code, or PTX the driver compiles: Limited).
    [[nodiscard]] static Support archSupport(const ArchEntry &entry, int ccMajor, int ccMinor);
    // Whether an arch list as torch.cuda.get_arch_list() gives it ("sm_86", "compute_120") covers a GPU.
    [[nodiscard]] static Support archSupport(const QStringList &archList, int ccMajor, int ccMinor);
    // The wheel index to install from: the newest stable CUDA variant the driver fully supports
    // that covers the GPU (ccMajor 0: unknown), then experimental ones, then limited support;
    // "cpu" without an NVIDIA driver and on macOS. Empty torch: the newest release for the Python.
    [[nodiscard]] VariantChoice bestVariant(const QString &driverVersion, Os os, int ccMajor, int ccMinor,
                                            const QString &python = {}, const QString &torchVersion = {},
                                            const QString &machine = {}) const;
    // The torchvision and torchaudio releases that go with a torch version.
    [[nodiscard]] std::optional<Companions> companions(const QString &torchVersion) const;
    // The releases of a companion package (any spelling: "xFormers", "torch_tensorrt"), oldest first.
    [[nodiscard]] QList<CompanionRelease> companionReleases(const QString &package) const;
    // The package of the table whose wheels install `module` at the top of site-packages ("_torch_sox":
    // torchaudio); empty when none does.
    [[nodiscard]] QString companionOfModule(const QString &module) const;
    // The newest release of `package` that requires exactly the torch release of `torchVersion` ("2.5.1+cu121":
    // 2.5.1), else the newest that accepts it with a range; nullopt when the table knows none.
    [[nodiscard]] std::optional<CompanionRelease> companionFor(const QString &package,
                                                               const QString &torchVersion) const;
    // The releases of `package` that require exactly this torch release (the ones built for it).
    [[nodiscard]] QList<CompanionRelease> companionsPinnedTo(const QString &package,
                                                             const QString &torchVersion) const;
    // Whether a version satisfies a requirement specifier ("==2.5.*", ">=2.9.0,<2.10.0"; empty: any).
    [[nodiscard]] static bool specifierAccepts(const QString &specifier, const QString &version);
    // What the companion table says of `package` for the torch it was built for and the one installed, and of
    // the releases that install `module` where only some do, as sentences; empty when it knows none of them.
    [[nodiscard]] Text companionFactsOf(const QString &package, const QString &builtFor, const QString &installed,
                                        const QString &module = {}) const;
    // The best matching error signature, with {library}, {missing} ... filled in; nullopt if none.
    [[nodiscard]] std::optional<ErrorSignature> matchError(const python::ClassifiedError &error,
                                                           const ErrorContext &context = {}) const;
    // Why a matched cause is only likely ("Likely cause, not confirmed: the torch version ..."); empty when certain.
    [[nodiscard]] Text likelyNote(const ErrorSignature &signature) const;
    // "Package to fix: torchvision (the error comes from it, not from torch)"; empty for torch itself or none.
    [[nodiscard]] Text packageNote(const ErrorSignature &signature) const;
    // The VC++ runtime version a Windows torch build needs (msvcp140.dll >= 14.40 for 2.9+), if any.
    [[nodiscard]] std::optional<VcRuntimeRequirement> vcRuntimeMinimum(const QString &torchVersion) const;
    // The known conflicts among the OpenMP runtimes in a list of library file names or paths.
    [[nodiscard]] QList<OpenMpConflict> openMpConflicts(const QStringList &libraries) const;

    // -1, 0, 1 comparing dotted versions numerically ("3.9" < "3.10"; missing parts are 0).
    [[nodiscard]] static int compareVersions(const QString &a, const QString &b);
    // A driver version as nvidia-smi writes it; Windows file versions ("32.0.15.6094") become "560.94".
    [[nodiscard]] static QString normalizeDriverVersion(const QString &driverVersion);
    // "cu128" -> "12.8"; "12.8.1" -> "12.8"; empty when not a CUDA version.
    [[nodiscard]] static QString cudaVersionOf(const QString &variantOrVersion);

private:
    QStringList loadWith(const QString &directory);
    QMap<QString, QJsonObject> readDocuments(const QString &directory, QStringList &errors);
    // One per knowledge file, each into its own tables.
    void readReleases(const QJsonObject &root, QStringList &errors);
    void readDrivers(const QJsonObject &root, QStringList &errors);
    void readGpuArch(const QJsonObject &root, QStringList &errors);
    void readErrors(const QJsonObject &root, QStringList &errors);
    void readSymbolLibraries(const QJsonObject &root, QStringList &errors);
    void readRuntimes(const QJsonObject &root, QStringList &errors);
    void readCompanions(const QJsonObject &root, QStringList &errors);
    void clear();

    bool m_loaded = false;
    QList<QDate> m_dates;
    QString m_indexSource;
    QDate m_indexDate;
    QList<Release> m_releases;
    QList<Platform> m_platforms;
    QList<Toolkit> m_toolkits;
    QList<DriverFamily> m_families;
    QList<ArchEntry> m_arch;
    QList<GpuModel> m_gpus; // more specific names first
    QList<SymbolLibrary> m_symbolLibraries;
    QList<ErrorSignature> m_signatures;
    QList<WrongAdvice> m_wrongAdvice;
    Text m_missingUnknown, m_unknown, m_requiredByUnknown;
    QMap<QString, Text> m_phrases; // "likely", "torch-version", "win-error", "packageToFix"
    QList<VcRuntimeRequirement> m_vcRuntime;
    QList<OpenMpRuntime> m_openMpRuntimes;
    QList<OpenMpConflict> m_openMpConflicts;
    QMap<QString, QList<CompanionRelease>> m_companions; // by normalized name, oldest first
};

// The file names the knowledge base consists of, in load order.
QStringList knowledgeFiles();

} // namespace td::knowledge
