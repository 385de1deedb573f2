// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/CheckReport.h"
#include "python/Record.h"

#include "Version.h"
#include "checks/CheckOutcome.h"
#include "checks/Symptoms.h"
#include "flow/FlowChart.h"
#include "report/DepsReport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace td::report {

using checks::Finding;
using checks::Severity;

namespace {

QJsonObject interpreterToJson(const python::StaticProbe &p, bool chosen, const checks::Facts &facts)
{
    const python::Interpreter &in = p.interpreter;
    QJsonObject torch;
    if (p.torch.installed) {
        torch.insert(QStringLiteral("version"), p.torch.version);
        torch.insert(QStringLiteral("cuda"),
                     p.torch.versionPyCuda == QLatin1String("None") ? QJsonValue() : QJsonValue(p.torch.versionPyCuda));
        torch.insert(QStringLiteral("location"), p.torch.packageDir);
        torch.insert(QStringLiteral("installer"), p.torch.installer);
        QJsonObject companions;
        for (const auto &c : p.torch.companions)
            companions.insert(c.name, c.version);
        torch.insert(QStringLiteral("packages"), companions);
        if (chosen && facts.has(checks::Fact::Import)) {
            const auto &imp = facts.import;
            const bool ok = imp.outcome == python::ImportResult::Outcome::Ok;
            torch.insert(QStringLiteral("import_ok"), ok);
            torch.insert(QStringLiteral("import_ms"), static_cast<qint64>(imp.elapsedMs));
            if (!ok) {
                QString error = imp.exceptionType.isEmpty() ? imp.crashName
                                                            : imp.exceptionType + QStringLiteral(": ") + imp.message;
                if (imp.outcome == python::ImportResult::Outcome::TimedOut)
                    error = QStringLiteral("timed out");
                torch.insert(QStringLiteral("import_error"), error.trimmed());
            } else {
                torch.insert(QStringLiteral("cuda_available"), imp.cudaAvailable);
                torch.insert(QStringLiteral("devices"), QJsonArray::fromStringList(imp.deviceNames));
                torch.insert(QStringLiteral("arch_list"), QJsonArray::fromStringList(imp.archList));
                torch.insert(QStringLiteral("mps_available"), imp.mpsAvailable);
                if (imp.cudnnVersion)
                    torch.insert(QStringLiteral("cudnn"), imp.cudnnVersion);
            }
        }
    }
    QJsonObject o{{QStringLiteral("executable"), in.executable},
                  {QStringLiteral("version"), in.version.toString()},
                  {QStringLiteral("bits"), in.bits},
                  {QStringLiteral("chosen"), chosen},
                  {QStringLiteral("usable"), in.usable},
                  {QStringLiteral("origins"), QJsonArray::fromStringList(in.origins)},
                  {QStringLiteral("prefix"), in.prefix},
                  {QStringLiteral("venv"), in.isVenv},
                  {QStringLiteral("conda"), in.isConda},
                  {QStringLiteral("torch"), p.torch.installed ? QJsonValue(torch) : QJsonValue()}};
    if (!in.problem.isEmpty())
        o.insert(QStringLiteral("problem"), in.problem);
    return o;
}

QString mark(Severity worst, bool any)
{
    if (!any)
        return QStringLiteral("[✓]");
    return worst == Severity::Error     ? QStringLiteral("[✗]")
           : worst == Severity::Warning ? QStringLiteral("[!]")
                                        : QStringLiteral("[✓]");
}

// Indents and wraps a paragraph for the terminal.
QString wrapped(const QString &text, const QString &indent, int width = 100)
{
    QString out;
    for (const QString &paragraph : text.split(u'\n')) {
        if (paragraph.trimmed().isEmpty()) {
            out += u'\n';
            continue;
        }
        QString line = indent;
        for (const QString &word : paragraph.split(u' ', Qt::SkipEmptyParts)) {
            if (line.size() + word.size() + 1 > width && line.size() > indent.size()) {
                out += line + u'\n';
                line = indent + QStringLiteral("  ");
            }
            line += (line.size() > indent.size() && !line.endsWith(u' ') ? QStringLiteral(" ") : QString()) + word;
        }
        out += line + u'\n';
    }
    return out;
}

// The report's texts, under one translation context.
struct CheckReportText {
    Q_DECLARE_TR_FUNCTIONS(CheckReport)
};

// One part of the machine in the report.
struct Area {
    QString key;
    QString summary;
    bool onlyWithFindings = false; // shown only when it has something to say
    bool failsElsewhere = false;   // fine here, failing in a new terminal: never marked fine
};

// The areas of the report, each with its one-line summary, in the order of the checks.
QList<Area> reportAreas(const checks::Facts &facts)
{
    const python::StaticProbe *probe = facts.chosenProbe();
    QList<Area> areas;
    // Python
    if (probe && probe->interpreter.usable)
        areas.append({QStringLiteral("python"), CheckReportText::tr("Python %1 (%2-bit) at %3")
                                                    .arg(probe->interpreter.version.toString())
                                                    .arg(probe->interpreter.bits)
                                                    .arg(probe->interpreter.executable)});
    else
        areas.append({QStringLiteral("python"), checks::areaTitle(QStringLiteral("python"))});
    // PyTorch
    QString torch = checks::areaTitle(QStringLiteral("torch"));
    if (probe && probe->torch.installed) {
        const QString cuda = probe->torch.versionPyCuda;
        torch =
            CheckReportText::tr("PyTorch %1 (%2) at %3")
                .arg(probe->torch.version,
                     cuda.isEmpty() || cuda == QLatin1String("None") ? CheckReportText::tr("CPU build")
                                                                     : CheckReportText::tr("CUDA %1 build").arg(cuda),
                     probe->torch.packageDir);
        const double seconds = static_cast<double>(facts.import.elapsedMs) / 1000.0;
        if (facts.importFailsInNewTerminal())
            torch += CheckReportText::tr("; imports here in %1 s, but fails in a new terminal (see the environment)")
                         .arg(seconds, 0, 'f', 1);
        else if (facts.has(checks::Fact::Import) && facts.import.outcome == python::ImportResult::Outcome::Ok)
            torch += CheckReportText::tr("; imports in %1 s").arg(seconds, 0, 'f', 1);
    }
    areas.append({QStringLiteral("torch"), torch, false, facts.importFailsInNewTerminal()});
    // Native libraries
    if (facts.libraries)
        areas.append(
            {QStringLiteral("libraries"), CheckReportText::tr("Native libraries: %1 walked from %2 that torch loads")
                                              .arg(facts.libraries->libraries.size())
                                              .arg(facts.libraries->roots.size())});
    else
        areas.append({QStringLiteral("libraries"), checks::areaTitle(QStringLiteral("libraries"))});
    // GPU
    QString gpu;
    const python::PackageInfo *directMl = nullptr; // torch on any DirectX 12 GPU, on Windows
    if (probe)
        for (const python::PackageInfo &p : probe->torch.companions)
            if (python::normalizedDistributionName(p.name) == QLatin1String("torch-directml"))
                directMl = &p;
    if (!facts.gpu.nvidiaDriverFound && directMl) {
        gpu = CheckReportText::tr("GPU: DirectML through torch-directml %1 (its devices are "
                                  "torch_directml.device(); torch.cuda is not used)")
                  .arg(directMl->version);
    } else if (!facts.gpu.nvidiaDriverFound && facts.gpu.amdOnly()) {
        gpu = CheckReportText::tr("GPU: %1; no NVIDIA driver").arg(facts.gpu.amdGpus().join(QStringLiteral(", ")));
    } else if (!facts.gpu.nvidiaDriverFound) {
        gpu = CheckReportText::tr("GPU: no NVIDIA driver found (torch runs on the CPU)");
    } else {
        QStringList names;
        for (const auto &g : facts.gpu.gpus)
            names << (g.ccMajor ? QStringLiteral("%1 (sm_%2%3)").arg(g.name).arg(g.ccMajor).arg(g.ccMinor) : g.name);
        gpu = CheckReportText::tr("GPU: NVIDIA driver %1 (CUDA %2)%3")
                  .arg(facts.gpu.driverVersion, facts.gpu.cudaDriverVersionString(),
                       names.isEmpty() ? QString() : QStringLiteral(", ") + names.join(QStringLiteral(", ")));
        if (facts.import.outcome == python::ImportResult::Outcome::Ok)
            gpu += facts.import.cudaAvailable ? CheckReportText::tr("; torch uses it")
                                              : CheckReportText::tr("; torch does not use it");
    }
    areas.append({QStringLiteral("gpu"), gpu});
    QStringList packages;
    if (probe)
        for (const auto &c : probe->torch.companions)
            if (c.name == QLatin1String("torchvision") || c.name == QLatin1String("torchaudio")
                || c.name == QLatin1String("numpy"))
                packages << c.name + u' ' + c.version;
    areas.append(
        {QStringLiteral("packages"),
         CheckReportText::tr("Packages%1")
             .arg(packages.isEmpty() ? QString() : QStringLiteral(": ") + packages.join(QStringLiteral(", ")))});
    areas.append({QStringLiteral("environment"), CheckReportText::tr("Environment variables and paths")});
    if (!facts.composeFile.isEmpty())
        areas.append({QStringLiteral("docker"), CheckReportText::tr("Docker (%1)").arg(facts.composeFile)});
    areas.append({QStringLiteral("pasted"), checks::areaTitle(QStringLiteral("pasted")), true});
    areas.append({QStringLiteral("torchdoctor"), checks::areaTitle(QStringLiteral("torchdoctor")), true});
    return areas;
}

// One area: its mark and summary, then its findings; counts the errors and warnings it shows.
void appendArea(QString &out, const Area &area, const checks::Diagnosis &report,
                const QList<checks::CheckOutcome> &outcomes, const CheckTextOptions &options, int &errors,
                int &warnings)
{
    QList<const Finding *> mine;
    Severity worst = Severity::Info;
    for (const Finding &f : report.findings) {
        if (checks::areaOf(f.id) != area.key || (f.severity == Severity::Info && !options.verbose))
            continue;
        mine.append(&f);
        if (f.severity == Severity::Error)
            worst = Severity::Error;
        else if (f.severity == Severity::Warning && worst != Severity::Error)
            worst = Severity::Warning;
    }
    // Its problems told under their cause, in another area: never marked fine.
    const auto inThisArea = [&area](const Finding &s) { return checks::areaOf(s.id) == area.key; };
    const checks::HeldSymptoms held =
        mine.isEmpty() ? checks::heldSymptoms(report.findings, inThisArea) : checks::HeldSymptoms();
    if (area.onlyWithFindings && mine.isEmpty())
        return;
    // No check of it could look (no Python that runs, no torch): never marked fine.
    if (const QString why = checks::areaNotChecked(outcomes, area.key);
        mine.isEmpty() && !held.cause && !area.failsElsewhere && !why.isEmpty()) {
        out += QStringLiteral("[-] ") + CheckReportText::tr("%1: not checked (%2)").arg(area.summary, why) + u'\n';
        return;
    }
    out += (area.failsElsewhere && mine.isEmpty() ? mark(Severity::Error, true)
            : held.cause                          ? mark(held.worst, true)
                                                  : mark(worst, !mine.isEmpty()))
           + u' ' + area.summary + u'\n';
    if (held.cause)
        out += QStringLiteral("    ")
               + CheckReportText::tr("%n problem(s) here, told under their cause: %1 [%2]", nullptr, held.count)
                     .arg(held.cause->title, held.cause->id)
               + u'\n';
    for (const Finding *f : mine) {
        if (f->severity == Severity::Error)
            ++errors;
        else if (f->severity == Severity::Warning)
            ++warnings;
        const QString bullet = f->severity == Severity::Error     ? QStringLiteral("✗")
                               : f->severity == Severity::Warning ? QStringLiteral("!")
                                                                  : QStringLiteral("•");
        out += QStringLiteral("    %1 %2 [%3]\n").arg(bullet, f->title, f->id);
        out += wrapped(f->detail, QStringLiteral("      "));
        if (!f->fixes.isEmpty()) {
            QStringList fixes;
            for (auto family : f->fixes)
                fixes << flow::FlowChart::repairName(checks::toString(family)); // with what `fix` takes
            out += QStringLiteral("      ")
                   + CheckReportText::tr("Repairs that apply: %1").arg(fixes.join(QStringLiteral(", "))) + u'\n';
        }
        if (options.verbose && !f->evidence.isEmpty())
            out += QStringLiteral("      ")
                   + CheckReportText::tr("Evidence: %1")
                         .arg(QString::fromUtf8(QJsonDocument(f->evidence).toJson(QJsonDocument::Compact)))
                   + u'\n';
    }
}

} // namespace

QJsonObject checkToJson(const checks::Diagnosis &report)
{
    const checks::Facts &facts = report.facts;
    QJsonArray pythons;
    for (int i = 0; i < facts.interpreters.size(); ++i)
        pythons.append(interpreterToJson(facts.interpreters[i], i == facts.chosen, facts));
    QJsonArray gpus;
    for (const auto &g : facts.gpu.gpus)
        gpus.append(
            QJsonObject{{QStringLiteral("name"), g.name},
                        {QStringLiteral("compute_capability"),
                         g.ccMajor ? QJsonValue(QStringLiteral("%1.%2").arg(g.ccMajor).arg(g.ccMinor)) : QJsonValue()},
                        {QStringLiteral("memory_mib"), g.memoryMiB}});
    const QJsonArray findings = checks::findingsToJson(report.findings);
    const auto &s = facts.system;
    return QJsonObject{
        {QStringLiteral("tool"), QJsonObject{{QStringLiteral("name"), QString::fromLatin1(kAppName)},
                                             {QStringLiteral("version"), QString::fromLatin1(kVersion)}}},
        {QStringLiteral("system"), QJsonObject{{QStringLiteral("os"), s.os},
                                               {QStringLiteral("os_name"), s.osName},
                                               {QStringLiteral("kernel"), s.kernel},
                                               {QStringLiteral("arch"), s.cpuArch},
                                               {QStringLiteral("libc"), s.libcVersion},
                                               {QStringLiteral("wsl"), s.wsl},
                                               {QStringLiteral("rosetta"), s.rosetta},
                                               {QStringLiteral("cores"), s.logicalCores},
                                               {QStringLiteral("memory_mib"), s.memoryMiB}}},
        {QStringLiteral("pythons"), pythons},
        {QStringLiteral("python"), facts.chosenExecutable},
        {QStringLiteral("gpu"),
         QJsonObject{{QStringLiteral("nvidia_driver_found"), facts.gpu.nvidiaDriverFound},
                     {QStringLiteral("driver_version"), facts.gpu.driverVersion},
                     {QStringLiteral("cuda_driver_version"), facts.gpu.cudaDriverVersionString()},
                     {QStringLiteral("gpus"), gpus},
                     {QStringLiteral("amd_gfx"), QJsonArray::fromStringList(facts.gpu.amdGfx)},
                     {QStringLiteral("amd_adapters"), QJsonArray::fromStringList(facts.gpu.amdAdapters)},
                     {QStringLiteral("source"), facts.gpu.source},
                     {QStringLiteral("notes"), QJsonArray::fromStringList(facts.gpu.notes)}}},
        {QStringLiteral("findings"), findings},
        {QStringLiteral("knowledge_date"), report.knowledgeDate.toString(Qt::ISODate)},
        {QStringLiteral("knowledge_releases"),
         QJsonObject{{QStringLiteral("source"), report.releasesSource},
                     {QStringLiteral("date"), report.releasesDate.toString(Qt::ISODate)}}},
        {QStringLiteral("elapsed_ms"), static_cast<qint64>(report.elapsedMs)},
        {QStringLiteral("cancelled"), report.cancelled},
    };
}

QString checkToText(const checks::Diagnosis &report, const CheckTextOptions &options)
{
    const checks::Facts &facts = report.facts;
    QString out =
        CheckReportText::tr("TorchDoctor %1: diagnosis of %2\n\n")
            .arg(QString::fromLatin1(kVersion),
                 facts.chosenExecutable.isEmpty() ? CheckReportText::tr("(no Python found)") : facts.chosenExecutable);

    QList<Area> areas = reportAreas(facts);

    // The area of a root cause comes first (an LD_LIBRARY_PATH entry before the library errors it causes).
    QStringList keys;
    for (const Area &area : areas)
        keys << area.key;
    const QStringList ordered = checks::areasRootCausesFirst(report.findings, keys);
    std::stable_sort(areas.begin(), areas.end(),
                     [&](const Area &a, const Area &b) { return ordered.indexOf(a.key) < ordered.indexOf(b.key); });

    const QList<checks::CheckOutcome> outcomes = checks::checkOutcomes(report);
    int errors = 0, warnings = 0;
    for (const Area &area : areas)
        appendArea(out, area, report, outcomes, options, errors, warnings);
    if (options.verbose) {
        out += u'\n' + CheckReportText::tr("Python interpreters found:") + u'\n';
        for (int i = 0; i < facts.interpreters.size(); ++i) {
            const auto &p = facts.interpreters[i];
            out += QStringLiteral("    %1 %2 %3 %4\n")
                       .arg(i == facts.chosen ? QStringLiteral("→") : QStringLiteral(" "), p.interpreter.executable,
                            p.interpreter.usable ? p.interpreter.version.toString() : p.interpreter.problem,
                            p.torch.installed ? CheckReportText::tr("(torch %1)").arg(p.torch.version) : QString());
        }
        if (!facts.gpu.notes.isEmpty())
            out += CheckReportText::tr("GPU probe: %1").arg(facts.gpu.notes.join(QStringLiteral("; "))) + u'\n';
    }
    out += u'\n';
    if (report.cancelled)
        out += CheckReportText::tr("The diagnosis was cancelled; what is above is incomplete.\n");
    if (errors == 0 && warnings == 0)
        out += CheckReportText::tr("• No issues found (%1 s).\n")
                   .arg(static_cast<double>(report.elapsedMs) / 1000.0, 0, 'f', 1);
    else
        out += CheckReportText::tr("%1 error(s), %2 warning(s) (%3 s). Knowledge base of %4.\n")
                   .arg(errors)
                   .arg(warnings)
                   .arg(static_cast<double>(report.elapsedMs) / 1000.0, 0, 'f', 1)
                   .arg(report.knowledgeDate.toString(Qt::ISODate));
    // The release list the verdicts rest on: shipped, or fetched from an index (and when).
    out += CheckReportText::tr("Release list: %1 of %2.\n")
               .arg(report.releasesSource.isEmpty() || report.releasesSource == QLatin1String("shipped")
                        ? CheckReportText::tr("shipped")
                        : report.releasesSource,
                    report.releasesDate.toString(Qt::ISODate));
    return out;
}

} // namespace td::report
