// SPDX-License-Identifier: GPL-3.0-or-later
#include "FixCommand.h"

#include "CommandContext.h"
#include "ExitCode.h"
#include "NativeArguments.h"

#include "checks/CheckRunner.h"
#include "fixes/Executor.h"
#include "fixes/RepairRun.h"
#include "fixes/Repairs.h"
#include "flow/Flow.h"
#include "flow/FlowText.h"
#include "knowledge/KnowledgeBase.h"
#include "platform/FileIo.h"
#include "report/SessionHistory.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <csignal>
#include <cstdio>
#include <optional>
#include <unistd.h>

namespace td::app {

namespace {

struct FixText {
    Q_DECLARE_TR_FUNCTIONS(FixCommand)
};

// The families of the flowchart this build can repair.
QStringList familyNames()
{
    QStringList names;
    for (const checks::FixFamily f : fixes::Repairs::families())
        names << checks::toString(f);
    return names;
}

std::optional<checks::Diagnosis> diagnose(const checks::CheckRequest &request,
                                            const std::shared_ptr<knowledge::KnowledgeBase> &knowledge,
                                            QTextStream &err)
{
    platform::CancelToken cancel;
    InterruptGuard guard(cancel);
    checks::CheckRunner runner(request, knowledge);
    checks::Diagnosis report = runner.run(cancel);
    if (report.cancelled) {
        err << FixText::tr("Cancelled.") << "\n";
        return std::nullopt;
    }
    return report;
}

// --yes, or a y/N question on the terminal. nullopt: there is no one to ask.
std::optional<bool> confirmation(bool yes, const QString &question, QTextStream &out)
{
    if (yes)
        return true;
    if (!::isatty(STDIN_FILENO))
        return std::nullopt;
    out << question << ' ' << FixText::tr("[y/N]") << ' ' << Qt::flush;
    // Ctrl+C at the question ends the program: nothing has changed yet.
    const auto interrupt = std::signal(SIGINT, SIG_DFL);
    QTextStream in(stdin);
    const QString answer = in.readLine().trimmed().toLower();
    std::signal(SIGINT, interrupt);
    return answer == QLatin1String("y") || answer == QLatin1String("yes");
}

// Prints a step as it starts ("[2/3] Run: ...") or fails, and a program's output as it comes.
void printProgress(QTextStream &out, int index, int total, const QString &description, fixes::StepState state)
{
    if (state == fixes::StepState::Running)
        out << QStringLiteral("[%1/%2] %3").arg(index + 1).arg(total).arg(description) << "\n";
    else if (state == fixes::StepState::Failed)
        out << "      " << FixText::tr("failed") << "\n";
    out.flush();
}

void printFailure(const fixes::ExecutionResult &r, QTextStream &err)
{
    switch (r.outcome) {
    case fixes::ExecutionResult::Outcome::Failed:
        if (r.failedStep < 0) // before the first step (no room for it)
            err << FixText::tr("Not started: %1").arg(r.error) << "\n";
        else
            err << FixText::tr("Step %1 failed: %2").arg(r.failedStep + 1).arg(r.error) << "\n";
        break;
    case fixes::ExecutionResult::Outcome::Cancelled: err << FixText::tr("Cancelled.") << "\n"; break;
    case fixes::ExecutionResult::Outcome::JournalFailed:
        err << FixText::tr("Stopped: the journal could not be written (%1).").arg(r.error) << "\n";
        break;
    default: break;
    }
}

// Prints what the verification found: "gone" / "still there".
void printVerification(const fixes::Verification &v, QTextStream &out)
{
    for (const checks::Finding &f : v.gone)
        out << "  " << FixText::tr("gone: %1").arg(f.title) << "\n";
    for (const checks::Finding &f : v.still)
        out << "  " << FixText::tr("still there: %1").arg(f.title) << "\n";
}

// What every repair of one `fix` run shares.
struct FixSession {
    fixes::RepairScope scope;
    std::shared_ptr<knowledge::KnowledgeBase> knowledge;
    bool dryRun = false;
    bool yes = false;
    QTextStream &out;
    QTextStream &err;
    // What this run found, changed and found after, for `torchdoctor report`.
    report::SessionHistory history = report::SessionHistory::startIn(report::SessionHistory::defaultDirectory());
};

// The terminal's side of a repair run: what it reports, as it comes.
void printEvent(const fixes::RepairRunEvent &e, int &total, QTextStream &out)
{
    using Kind = fixes::RepairRunEvent::Kind;
    switch (e.kind) {
    case Kind::Planned: {
        const fixes::Repair &repair = e.repair;
        total = static_cast<int>(repair.plan.steps.size());
        if (!repair.applies()) {
            out << FixText::tr("Nothing for `fix %1` to do: %2").arg(checks::toString(repair.family), repair.summary)
                << "\n";
            break;
        }
        for (const checks::Finding &f : repair.targeted)
            out << FixText::tr("Found: %1").arg(f.title) << "\n";
        out << "\n" << FixText::tr("Plan:") << " " << repair.plan.describe() << "\n";
        if (repair.plan.steps.isEmpty())
            out << FixText::tr("Nothing to apply: see the notes above.") << "\n";
        break;
    }
    case Kind::Checking: out << e.text << "\n"; break;
    case Kind::Step: printProgress(out, e.index, total, e.text, e.state); break;
    case Kind::Output: out << e.text; break;
    case Kind::Executed:
        if (!e.result.execution.entryPath.isEmpty())
            out << FixText::tr("Journal: %1 (undo with: torchdoctor undo %2)")
                       .arg(e.result.execution.entryPath, e.result.execution.entryId)
                << "\n";
        break;
    case Kind::Cloned: out << "\n" << FixText::tr("Diagnosing %1...").arg(e.text) << "\n"; break;
    case Kind::Verifying:
        out << "\n"
            << (e.repair.family == checks::FixFamily::Env
                    ? FixText::tr("Checking again, as a new terminal would run it...")
                    : FixText::tr("Checking again..."))
            << "\n";
        break;
    case Kind::Asking:
    case Kind::Services:
    case Kind::Finished: break;
    }
    out.flush();
}

// Prints how a run ended.
void printResult(const fixes::RepairRunResult &r, QTextStream &out, QTextStream &err)
{
    using fixes::RepairOutcome;
    switch (r.outcome) {
    case RepairOutcome::NothingToDo:
    case RepairOutcome::CannotApply: break;
    case RepairOutcome::DryRun: out << FixText::tr("Dry run: nothing was changed.") << "\n"; break;
    case RepairOutcome::PreflightFailed: err << "torchdoctor fix: " << r.detail << "\n"; break;
    case RepairOutcome::NoAnswer:
        err << "torchdoctor fix: "
            << FixText::tr("nothing was changed: there is no terminal to ask on; pass --yes to apply") << "\n";
        break;
    case RepairOutcome::Declined: out << FixText::tr("Nothing was changed.") << "\n"; break;
    case RepairOutcome::Cancelled:
        if (r.execution.outcome == fixes::ExecutionResult::Outcome::Cancelled)
            printFailure(r.execution, err);
        else
            err << FixText::tr("Cancelled.") << "\n";
        break;
    case RepairOutcome::Failed: printFailure(r.execution, err); break;
    case RepairOutcome::Interrupted: err << FixText::tr("Cancelled.") << "\n"; break;
    case RepairOutcome::Fixed:
    case RepairOutcome::NotFixed:
        printVerification(r.verification, out);
        if (r.repair.family == checks::FixFamily::Docker)
            out << "  " << r.detail << "\n";
        if (r.outcome == RepairOutcome::Fixed)
            out << FixText::tr("Fixed.") << (r.repair.afterwards.isEmpty() ? QString() : u' ' + r.repair.afterwards)
                << "\n";
        else
            out << FixText::tr("Not fixed yet: the findings above are still there.") << "\n";
        break;
    }
}

// One repair from `before`, through core's repair run, shown and asked on the terminal.
fixes::RepairRunResult repairOnce(FixSession &s, checks::FixFamily family, const checks::Diagnosis &before)
{
    fixes::RepairParams params;
    params.family = family;
    params.before = before;
    params.scope = s.scope;
    params.dryRun = s.dryRun;
    const fixes::RepairRun run(std::make_shared<fixes::CoreRepairMachine>(s.knowledge), std::move(params));
    platform::CancelToken cancel;
    InterruptGuard guard(cancel);
    int total = 0;
    const fixes::RepairRunResult result = run.run(
        [&](const fixes::RepairRunEvent &e) { printEvent(e, total, s.out); },
        [&](const fixes::Repair &repair) {
            const auto yes = confirmation(
                s.yes, FixText::tr("Apply these %n steps?", nullptr, static_cast<int>(repair.plan.steps.size())),
                s.out);
            return !yes ? fixes::RepairAnswer::NoOneToAsk : *yes ? fixes::RepairAnswer::Yes : fixes::RepairAnswer::No;
        },
        cancel);
    printResult(result, s.out, s.err);
    if (report::SessionHistory::tells(result)) {
        if (s.history.isEmpty())
            s.history.recordDiagnosis(before);
        s.history.recordRepair(result);
        if (result.after)
            s.history.recordDiagnosis(*result.after);
    }
    if (result.request.projectDir != s.scope.request.projectDir)
        s.scope.options.cloneUrl.clear(); // cloned: the project is there now
    s.scope.request = result.request;     // what a new terminal gets from now on
    return result;
}

int exitCodeOf(fixes::RepairOutcome r)
{
    switch (r) {
    case fixes::RepairOutcome::NothingToDo:
    case fixes::RepairOutcome::DryRun:
    case fixes::RepairOutcome::Fixed: return Healthy;
    case fixes::RepairOutcome::NoAnswer: return Usage;
    case fixes::RepairOutcome::Interrupted: return Internal;
    default: return Problems;
    }
}

// The seed's flowchart, walked: "Is it urgent?" -> Docker; otherwise the
// environment, then reinstall, then the system, each verified before the next.
int walkFlow(FixSession &s, const checks::Diagnosis &initial, std::optional<bool> urgentAnswer)
{
    QTextStream &out = s.out;
    flow::Flow flow(initial.findings);
    checks::Diagnosis current = initial;
    while (!flow.isDone()) {
        const flow::FlowNode node = flow.current();
        out << "\n== " << node.title << " ==\n" << Qt::flush;
        if (node.kind == flow::NodeKind::Question) {
            std::optional<bool> urgent = urgentAnswer;
            if (!urgent) {
                out << FixText::tr("Docker runs the project in a container now: it needs Docker and disk space, and "
                                   "leaves this Python as it is. Otherwise each repair of this Python is tried in "
                                   "turn, and checked after.")
                    << "\n";
                urgent = s.yes ? std::optional<bool>(false)
                               : confirmation(false, FixText::tr("Is it urgent (use Docker)?"), out);
                if (!urgent) {
                    s.err << "torchdoctor fix: "
                          << FixText::tr("there is no terminal to ask on; pass --urgent or --not-urgent") << "\n";
                    return Usage;
                }
            }
            flow.answerUrgent(*urgent);
        } else if (node.kind == flow::NodeKind::Repair && node.family) {
            const fixes::RepairRunResult run = repairOnce(s, *node.family, current);
            switch (run.outcome) {
            case fixes::RepairOutcome::Cancelled: return Problems;
            case fixes::RepairOutcome::NoAnswer: return Usage;
            case fixes::RepairOutcome::Interrupted: return Internal;
            default: break;
            }
            if (run.after)
                current = *run.after;
            flow.stepFinished(run.stepOutcome(), run.detail,
                              run.after ? std::optional(run.after->findings) : std::nullopt);
        } else if (flow.awaitsDiagnosis()) { // a step that stopped on the way: the machine as it left it
            out << FixText::tr("Checking again...") << "\n" << Qt::flush;
            const auto again = diagnose(s.scope.request, s.knowledge, s.err);
            if (!again)
                return Internal;
            current = *again;
            if (!s.history.isEmpty())
                s.history.recordDiagnosis(current);
            flow.verified(current.findings);
        } else {
            break; // Start and Done move on by themselves
        }
    }
    out << "\n" << flow::describe(flow) << "\n";
    return flow.solved() ? Healthy : Problems;
}

} // namespace

int runFix(const QStringList &arguments)
{
    const QStringList families = familyNames();
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        FixText::tr("Plans a repair from the diagnosis, shows every step, applies it after you confirm (each step "
                    "journalled first, so that `torchdoctor undo` can put everything back), then checks again. "
                    "Families: %1.")
            .arg(families.join(QStringLiteral(", "))));
    parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("family"),
        FixText::tr("The repair: %1. Without one, the whole flowchart is walked: \"Is it urgent?\", then each "
                    "repair in turn, each checked before the next.")
            .arg(families.join(u',')),
        QStringLiteral("[family]"));
    const QCommandLineOption python(QStringLiteral("python"), FixText::tr("The interpreter to repair."),
                                    QStringLiteral("EXE"));
    const QCommandLineOption project(QStringLiteral("project"), FixText::tr("A project folder (its venv is used)."),
                                     QStringLiteral("DIR"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), FixText::tr("Show the plan; change nothing."));
    const QCommandLineOption yes(QStringLiteral("yes"), FixText::tr("Apply without asking."));
    const QCommandLineOption findLinks(
        QStringLiteral("find-links"),
        FixText::tr("reinstall: take wheels from this folder (a wheelhouse) instead of the PyTorch index."),
        QStringLiteral("DIR"));
    const QCommandLineOption noIndex(QStringLiteral("no-index"),
                                     FixText::tr("reinstall: use no package index at all (with --find-links)."));
    const QCommandLineOption indexUrl(QStringLiteral("index-url"),
                                      FixText::tr("reinstall: install from this index instead of the chosen one."),
                                      QStringLiteral("URL"));
    const QCommandLineOption clone(QStringLiteral("clone"),
                                   FixText::tr("docker: clone this repository into the project folder first, when it "
                                               "has no docker-compose.yml."),
                                   QStringLiteral("URL"));
    const QCommandLineOption urgent(QStringLiteral("urgent"),
                                    FixText::tr("Without a repair named: answer \"Is it urgent?\" with yes (Docker)."));
    const QCommandLineOption notUrgent(
        QStringLiteral("not-urgent"),
        FixText::tr("Without a repair named: answer \"Is it urgent?\" with no (repair this Python)."));
    parser.addOptions(
        {python, project, dryRun, yes, findLinks, noIndex, indexUrl, clone, urgent, notUrgent, languageOption()});
    if (const auto done = parseArguments(parser, arguments, "fix", out, err))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1 || (positional.size() == 1 && !families.contains(positional.first()))) {
        err << "torchdoctor fix: " << FixText::tr("'%1' is not a repair this build can make").arg(positional.join(u' '))
            << "\n"
            << FixText::tr("Repairs this build supports: %1").arg(families.join(QStringLiteral(", "))) << "\n";
        return Usage;
    }
    std::optional<checks::FixFamily> family;
    if (!positional.isEmpty())
        family = fixes::Repairs::familyFromString(positional.first());
    if (family && family != checks::FixFamily::Reinstall
        && (parser.isSet(findLinks) || parser.isSet(noIndex) || parser.isSet(indexUrl))) {
        err << "torchdoctor fix: "
            << FixText::tr("--find-links, --no-index and --index-url are options of `fix reinstall`") << "\n";
        return Usage;
    }
    if (family && family != checks::FixFamily::Docker && parser.isSet(clone)) {
        err << "torchdoctor fix: " << FixText::tr("--clone is an option of `fix docker`") << "\n";
        return Usage;
    }
    if ((family && (parser.isSet(urgent) || parser.isSet(notUrgent)))
        || (parser.isSet(urgent) && parser.isSet(notUrgent))) {
        err << "torchdoctor fix: "
            << FixText::tr("--urgent or --not-urgent answers the flowchart's question: use one, without a repair "
                           "named")
            << "\n";
        return Usage;
    }
    fixes::WheelSource source;
    for (const QString &dir : parser.values(findLinks)) {
        if (!QFileInfo(dir).isDir()) {
            err << "torchdoctor fix: " << FixText::tr("--find-links: no such folder: %1").arg(dir) << "\n";
            return Usage;
        }
        source.findLinks << QFileInfo(dir).absoluteFilePath();
    }
    source.noIndex = parser.isSet(noIndex);
    source.indexUrl = parser.value(indexUrl);

    checks::CheckRequest request;
    if (parser.isSet(python))
        request.python = QString::fromStdString(nativeArgument(parser.value(python)));
    if (parser.isSet(project)) {
        request.projectDir = parser.value(project);
        if (!QFileInfo(request.projectDir).isDir()) {
            err << "torchdoctor fix: " << FixText::tr("--project: no such folder: %1").arg(request.projectDir) << "\n";
            return Usage;
        }
    }
    request.runImport = true;

    const auto knowledge = loadKnowledge(err);
    if (!knowledge)
        return Internal;
    out << FixText::tr("Diagnosing...") << "\n" << Qt::flush;
    const auto before = diagnose(request, knowledge, err);
    if (!before)
        return Internal;
    FixSession session{
        fixes::RepairScope{request, fixes::RepairOptions{source, parser.value(clone), QStringLiteral("/etc/os-release")}},
        knowledge,
        parser.isSet(dryRun),
        parser.isSet(yes),
        out,
        err};
    if (!family) {
        std::optional<bool> answer;
        if (parser.isSet(urgent) || parser.isSet(notUrgent))
            answer = parser.isSet(urgent);
        return walkFlow(session, *before, answer);
    }
    return exitCodeOf(repairOnce(session, *family, *before).outcome);
}

int runUndo(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        FixText::tr("Puts back what a fix changed, from its journal entry: files byte for byte, variables, "
                    "packages from their snapshot. Without ENTRY: lists the journal and undoes the most recent fix "
                    "not undone yet."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("entry"), FixText::tr("A journal entry id, or its file."),
                                 QStringLiteral("[ENTRY]"));
    const QCommandLineOption yes(QStringLiteral("yes"), FixText::tr("Undo without asking."));
    parser.addOptions({yes, languageOption()});
    if (const auto done = parseArguments(parser, arguments, "undo", out, err))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        err << "torchdoctor undo: " << FixText::tr("one journal entry at a time") << "\n";
        return Usage;
    }

    const fixes::Journal journal;
    // What runs that were killed left half written, even when there is nothing to undo.
    journal.removeLeftovers();
    platform::removeStaleTemporaryFiles(report::SessionHistory::defaultDirectory());
    std::optional<fixes::JournalEntry> entry;
    if (positional.isEmpty()) {
        const QList<fixes::JournalEntry> entries = journal.entries();
        out << FixText::tr("Journal (%1):").arg(journal.directory()) << "\n";
        if (entries.isEmpty())
            out << "  " << FixText::tr("(empty)") << "\n";
        for (const fixes::JournalEntry &e : entries) {
            QString state;
            if (!e.undoneBy.isEmpty())
                state = FixText::tr("undone by %1").arg(e.undoneBy);
            else if (!e.undoOf.isEmpty())
                state = FixText::tr("undid %1").arg(e.undoOf);
            else
                state = FixText::tr("%1 of %2 steps started").arg(e.startedSteps()).arg(e.steps.size());
            out << QStringLiteral("  %1  %2  (%3)").arg(e.id, e.title, state) << "\n";
        }
        QList<fixes::JournalEntry> passed;
        entry = fixes::Executor(journal).latestUndoable(&passed);
        for (const fixes::JournalEntry &e : std::as_const(passed))
            out << FixText::tr("Passed over %1: nothing it did can be undone here.").arg(e.id) << "\n";
        if (!entry) {
            out << FixText::tr("Nothing to undo.") << "\n";
            return Healthy;
        }
    } else {
        auto loaded = journal.load(positional.first());
        if (!loaded) {
            err << "torchdoctor undo: " << loaded.error() << "\n";
            return Usage;
        }
        entry = std::move(loaded).value();
    }

    const fixes::Executor executor{journal};
    const fixes::FixPlan plan = executor.undoPlan(*entry);
    out << "\n" << plan.describe() << "\n";
    if (plan.steps.isEmpty()) {
        out << FixText::tr("Nothing to undo.") << "\n";
        return Healthy;
    }
    platform::CancelToken cancel;
    fixes::ExecutionResult result;
    std::optional<bool> confirmed;
    {
        InterruptGuard guard(cancel);
        const int total = static_cast<int>(plan.steps.size());
        fixes::ExecutorCallbacks c;
        c.confirm = [&](const fixes::FixPlan &) {
            confirmed = confirmation(parser.isSet(yes), FixText::tr("Undo these %n steps?", nullptr, total), out);
            return confirmed.value_or(false);
        };
        c.progress = [&out, total](int index, const fixes::FixStep &step, fixes::StepState state) {
            printProgress(out, index, total, step.description(), state);
        };
        c.output = [&out](const QByteArray &chunk, bool) { out << QString::fromLocal8Bit(chunk) << Qt::flush; };
        fixes::attachUserEnvironment(c, std::make_shared<platform::UserEnvironment>());
        result = executor.undo(*entry, c, cancel);
    }
    if (result.outcome == fixes::ExecutionResult::Outcome::Declined) {
        if (!confirmed) {
            err << "torchdoctor undo: "
                << FixText::tr("nothing was changed: there is no terminal to ask on; pass --yes to undo") << "\n";
            return Usage;
        }
        out << FixText::tr("Nothing was changed.") << "\n";
        return Problems;
    }
    if (!result.ok()) {
        printFailure(result, err);
        return Problems;
    }
    for (const fixes::FixStep &s : plan.steps)
        out << FixText::tr("Restored: %1").arg(s.description()) << "\n";
    out << FixText::tr("Undone (recorded as %1).").arg(result.entryId) << "\n";
    return Healthy;
}

} // namespace td::app
