// SPDX-License-Identifier: GPL-3.0-or-later
#include "RealWizard.h"

#include "Language.h"

#include <QDir>

namespace td::ui::test {

DiagnosePage *RealWizard::diagnose(const QString &python)
{
    auto *start = welcome();
    if (!start)
        return nullptr;
    start->addInterpreter(python);
    m_wizard->next();
    return page<DiagnosePage>();
}

void RealWizard::shot(const QString &name)
{
    const QString dir = qEnvironmentVariable("TORCHDOCTOR_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    const QString walk = QDir(dir).filePath(QStringLiteral("walk"));
    QDir().mkpath(walk);
    QTest::qWait(50);
    m_wizard->grab().save(QDir(walk).filePath(Language::current() + u'-' + name + QStringLiteral(".png")));
}

} // namespace td::ui::test
