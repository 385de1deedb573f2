// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/GpuProbe.h"

#include "platform/Nvml.h"
#include "platform/OriginalEnvironment.h"
#include "platform/SystemInfo.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

#if defined(Q_OS_WIN)
#include <qt_windows.h>
#endif

namespace td::platform {

namespace {

using Clock = std::chrono::steady_clock;

// nvidia-smi writes "[N/A]" or "[Not Supported]" (older versions without the
// brackets) for what a GPU or driver cannot tell.
bool isUnknown(const QString &value)
{
    return value.isEmpty() || value.startsWith(QLatin1Char('[')) || value == QLatin1String("N/A");
}

// "12.6" -> 12060, the NVML encoding; 0 when it is not a version.
int parseCudaVersion(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d+)\\.(\\d+)$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return 0;
    return match.captured(1).toInt() * 1000 + match.captured(2).toInt() * 10;
}

// The first line that says something, for a note.
QString firstLine(const ProcessResult &result)
{
    for (const QByteArray &stream : {result.standardError, result.standardOutput}) {
        for (const QByteArray &line : stream.split('\n')) {
            const QString text = QString::fromLocal8Bit(line).trimmed();
            if (!text.isEmpty())
                return text.left(200);
        }
    }
    return {};
}

QString describeRun(const QString &what, const ProcessResult &result)
{
    QString note = QStringLiteral("%1: %2").arg(what, result.describe());
    if (const QString line = firstLine(result); !line.isEmpty())
        note += QStringLiteral(": ") + line;
    return note;
}

// The default name is looked up on PATH, then where drivers put it when
// PATH lacks it: WSL's /usr/lib/wsl/lib, Windows' System32 or NVSMI folder.
QString locateNvidiaSmi(const QString &program, bool wsl, QStringList &looked)
{
    if (program != QLatin1String("nvidia-smi"))
        return program; // a path (or another name) chosen by the caller: run as given
    looked << QStringLiteral("PATH");
    if (QString onPath = findOnPath(program, originalEnvironment()); !onPath.isEmpty())
        return onPath;
    QStringList places;
#if defined(Q_OS_WIN)
    Q_UNUSED(wsl)
    wchar_t systemDir[MAX_PATH] = {};
    const UINT length = GetSystemDirectoryW(systemDir, MAX_PATH);
    if (length > 0 && length < MAX_PATH)
        places << QString::fromWCharArray(systemDir, static_cast<qsizetype>(length))
                      + QStringLiteral("\\nvidia-smi.exe");
    QString programFiles = qEnvironmentVariable("ProgramW6432");
    if (programFiles.isEmpty())
        programFiles = qEnvironmentVariable("ProgramFiles");
    if (!programFiles.isEmpty())
        places << QDir::toNativeSeparators(programFiles + QStringLiteral("/NVIDIA Corporation/NVSMI/nvidia-smi.exe"));
#else
    if (wsl)
        places << QStringLiteral("/usr/lib/wsl/lib/nvidia-smi");
#endif
    for (const QString &place : std::as_const(places)) {
        looked << place;
        if (QFileInfo(place).isExecutable())
            return place;
    }
    return {};
}

bool queryNvidiaSmi(const GpuProbeOptions &options, GpuInfo &info, const CancelToken &cancel)
{
    if (options.nvidiaSmi.isEmpty()) {
        info.notes << QCoreApplication::translate("GpuProbe", "nvidia-smi: not run");
        return false;
    }
    QStringList looked;
    const QString program = locateNvidiaSmi(options.nvidiaSmi, info.wsl, looked);
    if (program.isEmpty()) {
        info.notes << QCoreApplication::translate("GpuProbe", "nvidia-smi: not found (looked in %1)").arg(looked.join(QStringLiteral(", ")));
        return false;
    }

    // One time limit for all the runs together: a hung driver costs it once.
    const auto deadline = Clock::now() + options.timeout;
    const auto run = [&](const QStringList &arguments) {
        ProcessRequest request;
        request.program = program;
        request.arguments = arguments;
        request.maxOutputBytes = 1024 * 1024;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) {
            ProcessResult result;
            result.outcome = ProcessResult::Outcome::TimedOut;
            return result;
        }
        request.timeout = left;
        return runProcess(request, cancel);
    };
    const auto ended = [](const ProcessResult &result) {
        return result.outcome == ProcessResult::Outcome::TimedOut || result.outcome == ProcessResult::Outcome::Cancelled
               || result.outcome == ProcessResult::Outcome::FailedToStart;
    };
    const auto queryArguments = [](const QStringList &fields) {
        return QStringList{QStringLiteral("--query-gpu=") + fields.join(QLatin1Char(',')),
                           QStringLiteral("--format=csv,noheader,nounits")};
    };

    QStringList fields = nvidiaSmiQueryFields(true);
    ProcessResult query = run(queryArguments(fields));
    // Drivers before compute_cap existed refuse the whole query:
    // 'Field "compute_cap" is not a valid field to query.'
    if (!query.succeeded() && query.outcome == ProcessResult::Outcome::Finished
        && (query.standardOutput.contains("compute_cap") || query.standardError.contains("compute_cap"))) {
        info.notes << QCoreApplication::translate("GpuProbe", "nvidia-smi: this driver cannot report compute_cap; asked again without it");
        fields = nvidiaSmiQueryFields(false);
        query = run(queryArguments(fields));
    }
    if (!query.succeeded())
        info.notes << describeRun(program + QStringLiteral(" --query-gpu"), query);
    if (ended(query))
        return false;

    // Plain nvidia-smi is the only place that names the highest CUDA the driver supports.
    const ProcessResult banner = run({});
    if (!banner.succeeded())
        info.notes << describeRun(program, banner);

    const GpuInfo parsed = parseNvidiaSmi(
        query.succeeded() ? query.standardOutput : QByteArray(),
        banner.outcome == ProcessResult::Outcome::Finished ? banner.standardOutput : QByteArray(), fields);
    info.notes << parsed.notes;
    if (!parsed.nvidiaDriverFound) {
        info.notes << QCoreApplication::translate("GpuProbe", "nvidia-smi: named no driver");
        return false;
    }
    info.nvidiaDriverFound = true;
    info.driverVersion = parsed.driverVersion;
    info.cudaDriverVersion = parsed.cudaDriverVersion;
    info.gpus = parsed.gpus;
    info.source = QStringLiteral("nvidia-smi");
    return true;
}

bool readProcVersion(const GpuProbeOptions &options, GpuInfo &info)
{
    if (options.procVersionFile.isEmpty())
        return false;
    QFile file(options.procVersionFile);
    if (!file.open(QIODevice::ReadOnly)) {
        info.notes << QStringLiteral("%1: %2").arg(options.procVersionFile, file.errorString());
        return false;
    }
    const QString version = parseProcDriverVersion(file.read(64 * 1024));
    if (version.isEmpty()) {
        info.notes << QCoreApplication::translate("GpuProbe", "%1: no NVRM version line").arg(options.procVersionFile);
        return false;
    }
    info.nvidiaDriverFound = true;
    info.driverVersion = version;
    info.source = options.procVersionFile;
    info.notes << QCoreApplication::translate("GpuProbe", "%1 names the driver only: the CUDA version and the GPUs are unknown")
                      .arg(options.procVersionFile);
    return true;
}

} // namespace

QStringList nvidiaSmiQueryFields(bool withComputeCap)
{
    QStringList fields{QStringLiteral("name"),         QStringLiteral("driver_version"), QStringLiteral("compute_cap"),
                       QStringLiteral("memory.total"), QStringLiteral("uuid"),           QStringLiteral("pci.bus_id")};
    if (!withComputeCap)
        fields.removeAll(QStringLiteral("compute_cap"));
    return fields;
}

GpuInfo parseNvidiaSmi(const QByteArray &queryCsv, const QByteArray &banner)
{
    return parseNvidiaSmi(queryCsv, banner, nvidiaSmiQueryFields(true));
}

GpuInfo parseNvidiaSmi(const QByteArray &queryCsv, const QByteArray &banner, const QStringList &fields)
{
    GpuInfo info;
    info.source = QStringLiteral("nvidia-smi");
    const qsizetype nameIndex = fields.indexOf(QStringLiteral("name"));

    // One line per GPU (uv's parser once took the whole multi-line output as one version).
    for (const QByteArray &rawLine : queryCsv.split('\n')) {
        const QString line = QString::fromUtf8(rawLine).trimmed(); // drops Windows' \r too
        if (line.isEmpty())
            continue;
        QStringList values = line.split(QLatin1Char(','));
        if (values.size() < fields.size()) {
            // "No devices were found", "Unable to determine the device handle for GPU ...".
            info.notes << QCoreApplication::translate("GpuProbe", "nvidia-smi: not a GPU line: \"%1\"").arg(line.left(200));
            continue;
        }
        if (values.size() > fields.size() && nameIndex >= 0) {
            // Only a name could hold a comma: give it the extra pieces back.
            const qsizetype extra = values.size() - fields.size();
            values[nameIndex] = values.mid(nameIndex, extra + 1).join(QLatin1Char(','));
            values.remove(nameIndex + 1, extra);
        }
        const auto value = [&](const char *field) {
            const qsizetype index = fields.indexOf(QLatin1String(field));
            const QString text = index >= 0 ? values.at(index).trimmed() : QString();
            return isUnknown(text) ? QString() : text;
        };

        Gpu gpu;
        gpu.name = value("name");
        gpu.uuid = value("uuid");
        gpu.busId = value("pci.bus_id");
        if (const QString cc = value("compute_cap"); !cc.isEmpty()) {
            const qsizetype dot = cc.indexOf(QLatin1Char('.'));
            bool majorOk = false;
            bool minorOk = false;
            const int major = cc.left(dot).toInt(&majorOk);
            const int minor = dot < 0 ? 0 : cc.mid(dot + 1).toInt(&minorOk);
            if (majorOk && (dot < 0 || minorOk)) {
                gpu.ccMajor = major;
                gpu.ccMinor = minor;
            }
        }
        if (QString memory = value("memory.total"); !memory.isEmpty()) {
            memory.remove(QStringLiteral("MiB")); // when asked without nounits
            gpu.memoryMiB = memory.trimmed().toLongLong();
        }
        if (const QString driver = value("driver_version"); !driver.isEmpty() && info.driverVersion.isEmpty())
            info.driverVersion = driver;
        info.gpus << gpu;
    }

    // "| NVIDIA-SMI 560.35.02   Driver Version: 560.94   CUDA Version: 12.6 |"
    // (WSL: the first number is the Linux-side tool's, the driver is Windows').
    const QString text = QString::fromUtf8(banner);
    static const QRegularExpression driverPattern(QStringLiteral("Driver Version:\\s*(\\d+(?:\\.\\d+)+)"));
    static const QRegularExpression cudaPattern(QStringLiteral("CUDA Version:\\s*([^\\s|]+)"));
    if (info.driverVersion.isEmpty()) {
        if (const QRegularExpressionMatch match = driverPattern.match(text); match.hasMatch())
            info.driverVersion = match.captured(1);
    }
    if (const QRegularExpressionMatch match = cudaPattern.match(text); match.hasMatch()) {
        info.cudaDriverVersion = parseCudaVersion(match.captured(1));
        if (info.cudaDriverVersion == 0)
            info.notes << QCoreApplication::translate("GpuProbe", "nvidia-smi shows \"CUDA Version: %1\"").arg(match.captured(1));
    } else if (!text.isEmpty()) {
        info.notes << QCoreApplication::translate("GpuProbe", "nvidia-smi shows no CUDA Version");
    }

    info.nvidiaDriverFound = !info.driverVersion.isEmpty();
    return info;
}

QString parseProcDriverVersion(const QByteArray &text)
{
    // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 ..."
    // "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  560.35.03  Release Build ..."
    static const QRegularExpression versionPattern(QStringLiteral("^\\d+\\.\\d+(?:\\.\\d+)*$"));
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    for (const QByteArray &rawLine : text.split('\n')) {
        const QString line = QString::fromUtf8(rawLine).trimmed();
        if (!line.startsWith(QLatin1String("NVRM version:")))
            continue;
        const QStringList words = line.split(spaces, Qt::SkipEmptyParts);
        for (const QString &word : words) {
            if (versionPattern.match(word).hasMatch())
                return word;
        }
    }
    return {};
}

QString gfxOfTargetVersion(quint32 version)
{
    if (version == 0)
        return {};
    return QStringLiteral("gfx%1%2%3")
        .arg(version / 10000)
        .arg((version / 100) % 100, 0, 16)
        .arg(version % 100, 0, 16);
}

QStringList readKfdGfxTargets(const QString &nodesDir)
{
    QStringList out;
    QDir dir(nodesDir);
    QStringList nodes = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(nodes.begin(), nodes.end(), [](const QString &a, const QString &b) { return a.toInt() < b.toInt(); });
    static const QRegularExpression line(QStringLiteral(R"(^gfx_target_version\s+(\d+)\s*$)"),
                                         QRegularExpression::MultilineOption);
    for (const QString &node : std::as_const(nodes)) {
        QFile file(dir.filePath(node + QStringLiteral("/properties")));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QRegularExpressionMatch m = line.match(QString::fromLatin1(file.read(64 * 1024)));
        const QString gfx = m.hasMatch() ? gfxOfTargetVersion(m.captured(1).toUInt()) : QString();
        if (!gfx.isEmpty())
            out << gfx;
    }
    return out;
}

GpuInfo probeGpu(const GpuProbeOptions &options, const CancelToken &cancel)
{
    GpuInfo info;
#if defined(Q_OS_LINUX)
    info.wsl = detectWsl(options.kernelVersionFile, options.dxgDevice);
    info.amdGfx = readKfdGfxTargets(options.kfdNodes);
    const QList<DisplayAdapter> adapters = readPciDisplayAdapters(options.pciDevices);
#else
    const QList<DisplayAdapter> adapters = readDisplayAdapters(options.displayClass); // empty but on Windows
#endif
    for (const DisplayAdapter &a : adapters) {
        info.nvidiaAdapter = info.nvidiaAdapter || a.vendor == QLatin1String("NVIDIA");
        if (a.vendor == QLatin1String("AMD") && !a.name.isEmpty())
            info.amdAdapters << a.name;
    }
    const QStringList libraries =
        options.nvmlLibraries.isEmpty() ? defaultNvmlLibraries(info.wsl) : options.nvmlLibraries;
    if (queryNvml(libraries, info, options.timeout, cancel))
        return info;
    if (!cancel.isCancelled() && queryNvidiaSmi(options, info, cancel))
        return info;
    if (!cancel.isCancelled() && readProcVersion(options, info))
        return info;
    if (cancel.isCancelled())
        info.notes << QCoreApplication::translate("GpuProbe", "GPU probe cancelled");
    else
        info.notes << QCoreApplication::translate("GpuProbe", "No NVIDIA driver found: no NVIDIA GPU can be used");
    return info;
}

} // namespace td::platform
