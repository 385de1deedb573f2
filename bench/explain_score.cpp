// SPDX-License-Identifier: GPL-3.0-or-later
// How many real pasted error messages `torchdoctor explain` gets right: runs
// every message of tests/data/pasted-errors.json through the built CLI (as a
// user pastes it, on standard input) and prints right cause / right file /
// right first repair out of N, per platform, in total, for the messages
// held out while the classifier was written and for each later round of
// gathering on its own ("set": "2025-2026"), with every miss.
//   ./build/release/bench/bench_explain_score [pasted-errors.json]
#include "PastedErrors.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QMap>
#include <QProcess>

#include <cstdio>

namespace {

struct Tally {
    int n = 0, cause = 0, file = 0, repair = 0;
    void add(const td::test::pasted::Verdict &v)
    {
        ++n;
        cause += v.cause;
        file += v.file;
        repair += v.repair;
    }
};

void print(const char *label, const Tally &t)
{
    std::printf("%-9s cause %2d/%-2d  file %2d/%-2d  first repair %2d/%-2d\n", label, t.cause, t.n, t.file, t.n,
                t.repair, t.n);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString path = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(TD_PASTED_ERRORS);
    QString error;
    const auto messages = td::test::pasted::load(path, &error);
    if (!messages) {
        std::fprintf(stderr, "bench_explain_score: %s\n", qPrintable(error));
        return 2;
    }
    QMap<QString, Tally> byPlatform, bySet;
    Tally total, heldOut;
    for (const td::test::pasted::Message &m : *messages) {
        QProcess explain;
        explain.start(QStringLiteral(TD_TORCHDOCTOR_EXE),
                      {QStringLiteral("explain"), QStringLiteral("-"), QStringLiteral("--json"),
                       QStringLiteral("--lang"), QStringLiteral("en")});
        explain.write(m.text.toUtf8());
        explain.closeWriteChannel();
        if (!explain.waitForFinished(30000)) {
            std::fprintf(stderr, "bench_explain_score: %s: torchdoctor explain did not finish\n", qPrintable(m.id));
            return 2;
        }
        const auto v = td::test::pasted::judge(m, QJsonDocument::fromJson(explain.readAllStandardOutput()).object());
        byPlatform[m.platform].add(v);
        total.add(v);
        if (m.heldOut)
            heldOut.add(v);
        if (!m.set.isEmpty())
            bySet[m.set].add(v);
        if (!v.cause || !v.file || !v.repair)
            std::printf("miss %-34s cause %s (want %s)  file %s (want %s)  repair %s (want %s)\n", qPrintable(m.id),
                        qPrintable(v.gotCause.isEmpty() ? QStringLiteral("-") : v.gotCause), qPrintable(m.cause),
                        qPrintable(v.gotFile.isEmpty() ? QStringLiteral("-") : v.gotFile),
                        qPrintable(m.file.isEmpty() ? QStringLiteral("-") : m.file),
                        qPrintable(v.gotRepair.isEmpty() ? QStringLiteral("-") : v.gotRepair), qPrintable(m.repair));
    }
    std::printf("\n%d real messages from public reports (%s)\n", total.n, qPrintable(path));
    for (auto it = byPlatform.cbegin(); it != byPlatform.cend(); ++it)
        print(qPrintable(it.key()), it.value());
    print("total", total);
    if (heldOut.n > 0)
        print("held out", heldOut); // gathered after the classifier was written
    for (auto it = bySet.cbegin(); it != bySet.cend(); ++it)
        print(qPrintable(it.key()), it.value()); // a later round, scored as it came
    return 0;
}
