// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/Journal.h"

#include "platform/FileIo.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>

namespace td::fixes {

namespace {

constexpr int kFormat = 1;

std::optional<StepState> stepState(const QString &text)
{
    for (StepState s : {StepState::Planned, StepState::Running, StepState::Done, StepState::Failed})
        if (toString(s) == text)
            return s;
    return std::nullopt;
}

} // namespace

QString toString(StepState state)
{
    switch (state) {
    case StepState::Planned: return QStringLiteral("planned");
    case StepState::Running: return QStringLiteral("running");
    case StepState::Done: return QStringLiteral("done");
    case StepState::Failed: return QStringLiteral("failed");
    }
    return {};
}

QJsonObject JournalEntry::toJson() const
{
    QJsonArray stepArray;
    for (const JournalStep &s : steps) {
        QJsonObject o{{QStringLiteral("kind"), s.kind},
                      {QStringLiteral("description"), s.description},
                      {QStringLiteral("state"), toString(s.state)}};
        if (s.needsAdmin)
            o.insert(QStringLiteral("needs_admin"), true);
        if (!s.error.isEmpty())
            o.insert(QStringLiteral("error"), s.error);
        if (const QJsonObject undo = fixes::toJson(s.undo); !undo.isEmpty())
            o.insert(QStringLiteral("undo"), undo);
        stepArray.append(o);
    }
    QJsonArray whyArray;
    for (const QString &w : why)
        whyArray.append(w);
    QJsonObject o{{QStringLiteral("format"), kFormat},
                  {QStringLiteral("id"), id},
                  {QStringLiteral("created"), created.toString(Qt::ISODateWithMs)},
                  {QStringLiteral("family"), family},
                  {QStringLiteral("title"), title},
                  {QStringLiteral("why"), whyArray},
                  {QStringLiteral("finished"), finished},
                  {QStringLiteral("steps"), stepArray}};
    if (!undoOf.isEmpty())
        o.insert(QStringLiteral("undo_of"), undoOf);
    if (!undoneBy.isEmpty())
        o.insert(QStringLiteral("undone_by"), undoneBy);
    return o;
}

platform::Result<JournalEntry> JournalEntry::fromJson(const QJsonObject &json)
{
    auto fail = [](const QString &why) { return platform::Error{why}; };
    if (json.value(QStringLiteral("format")).toInt() != kFormat)
        return fail(QStringLiteral("unknown journal format"));
    JournalEntry e;
    e.id = json.value(QStringLiteral("id")).toString();
    if (e.id.isEmpty())
        return fail(QStringLiteral("no id"));
    e.created = QDateTime::fromString(json.value(QStringLiteral("created")).toString(), Qt::ISODateWithMs);
    e.family = json.value(QStringLiteral("family")).toString();
    e.title = json.value(QStringLiteral("title")).toString();
    for (const auto &w : json.value(QStringLiteral("why")).toArray())
        e.why << w.toString();
    e.undoOf = json.value(QStringLiteral("undo_of")).toString();
    e.undoneBy = json.value(QStringLiteral("undone_by")).toString();
    e.finished = json.value(QStringLiteral("finished")).toBool();
    for (const auto &v : json.value(QStringLiteral("steps")).toArray()) {
        const QJsonObject o = v.toObject();
        JournalStep s;
        s.kind = o.value(QStringLiteral("kind")).toString();
        s.description = o.value(QStringLiteral("description")).toString();
        s.needsAdmin = o.value(QStringLiteral("needs_admin")).toBool();
        const auto state = stepState(o.value(QStringLiteral("state")).toString());
        if (!state)
            return fail(QStringLiteral("a step has an unknown state"));
        s.state = *state;
        s.error = o.value(QStringLiteral("error")).toString();
        s.undo = undoRecordFromJson(s.kind, o.value(QStringLiteral("undo")).toObject());
        e.steps << s;
    }
    return e;
}

int JournalEntry::startedSteps() const
{
    return static_cast<int>(std::count_if(steps.cbegin(), steps.cend(),
                                          [](const JournalStep &s) { return s.state != StepState::Planned; }));
}

Journal::Journal() : Journal(defaultDirectory()) {}

Journal::Journal(QString directory) : m_directory(std::move(directory)) {}

QString Journal::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/journal");
}

QString Journal::newId(const QString &family) const
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    QString id = stamp + u'-' + family;
    for (int n = 2; QFileInfo::exists(pathOf(id)); ++n)
        id = stamp + u'-' + family + u'-' + QString::number(n);
    return id;
}

QString Journal::pathOf(const QString &id) const
{
    return m_directory + u'/' + id + QStringLiteral(".json");
}

platform::Result<void> Journal::save(JournalEntry &entry) const
{
    if (!QDir().mkpath(m_directory))
        return platform::Error{QStringLiteral("cannot create %1").arg(m_directory)};
    if (entry.path.isEmpty())
        entry.path = pathOf(entry.id);
    const QByteArray data = QJsonDocument(entry.toJson()).toJson(QJsonDocument::Indented);
    if (const auto saved = platform::saveFile(entry.path, data); !saved)
        return platform::Error{QStringLiteral("cannot write %1: %2").arg(entry.path, saved.error())};
    // Read back and parsed, so that a step never runs behind an entry undo cannot read.
    const auto back = platform::readJsonObject(entry.path);
    if (!back || *back != entry.toJson())
        return platform::Error{QStringLiteral("%1 does not read back as written: %2")
                                   .arg(entry.path, back ? QStringLiteral("its contents differ") : back.error())};
    return {};
}

int Journal::removeLeftovers() const
{
    // Once per process and journal: what a killed run left does not come back while we run.
    static QMutex mutex;
    static QSet<QString> done;
    {
        const QMutexLocker lock(&mutex);
        if (done.contains(m_directory))
            return 0;
        done.insert(m_directory);
    }
    QSet<QString> folders{m_directory};
    for (const JournalEntry &entry : entries())
        for (const JournalStep &step : entry.steps)
            if (const QString path = restoredFile(step.undo); !path.isEmpty())
                folders.insert(QFileInfo(path).absolutePath());
    int removed = 0;
    for (const QString &folder : folders)
        removed += platform::removeStaleTemporaryFiles(folder);
    return removed;
}

platform::Result<JournalEntry> Journal::load(const QString &idOrPath) const
{
    const QString path =
        idOrPath.contains(u'/') || idOrPath.endsWith(QLatin1String(".json")) ? idOrPath : pathOf(idOrPath);
    const auto root = platform::readJsonObject(path);
    if (!root)
        return platform::Error{QStringLiteral("no journal entry %1 (%2)").arg(idOrPath, root.error())};
    auto entry = JournalEntry::fromJson(*root);
    if (!entry)
        return platform::Error{QStringLiteral("%1 is not a journal entry: %2").arg(path, entry.error())};
    entry->path = QFileInfo(path).absoluteFilePath();
    return entry;
}

QList<JournalEntry> Journal::entries() const
{
    QList<JournalEntry> out;
    const QStringList names = QDir(m_directory).entryList({QStringLiteral("*.json")}, QDir::Files);
    for (const QString &name : names)
        if (auto e = load(m_directory + u'/' + name))
            out << *e;
    std::sort(out.begin(), out.end(), [](const JournalEntry &a, const JournalEntry &b) {
        return a.created != b.created ? a.created > b.created : a.id > b.id;
    });
    return out;
}

QList<JournalEntry> Journal::undoCandidates() const
{
    QList<JournalEntry> out;
    for (const JournalEntry &e : entries())
        if (e.undoOf.isEmpty() && e.undoneBy.isEmpty() && e.startedSteps() > 0)
            out << e;
    return out;
}

} // namespace td::fixes
