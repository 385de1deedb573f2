// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ConfirmDialog.h"
#include "FixPage.h"
#include "CoreBackend.h"
#include "DiagnosePage.h"
#include "Language.h"
#include "WelcomePage.h"
#include "Wizard.h"
#include "WizardHarness.h"

#include <QAbstractButton>
#include <QLabel>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <memory>
#include <optional>

namespace td::ui::test {

// The real backend, counting its diagnoses, on a machine whose diagnosis also finds `extra`
// (what this machine cannot be made to have).
class RealBackend final : public CoreBackend {
public:
    explicit RealBackend(std::optional<checks::Finding> extra = std::nullopt) : m_extra(std::move(extra)) {}
    QFuture<checks::Diagnosis> diagnose(const Target &target) override
    {
        ++m_diagnoses;
        QFuture<checks::Diagnosis> real = CoreBackend::diagnose(target);
        if (!m_extra)
            return real;
        return QtConcurrent::run([real, extra = *m_extra]() mutable {
            real.waitForFinished();
            checks::Diagnosis report = real.result();
            report.findings << extra;
            return report;
        });
    }
    [[nodiscard]] int diagnoses() const { return m_diagnoses.load(); }

private:
    std::optional<checks::Finding> m_extra;
    std::atomic<int> m_diagnoses{0};
};

// The wizard on this machine's real backend, shown offscreen, in one language.
class RealWizard {
public:
    explicit RealWizard(std::optional<checks::Finding> extra = std::nullopt,
                        const QString &language = QStringLiteral("en"))
        : m_backend(std::move(extra))
    {
        Language::apply(language);
        ConfirmDialog::clearAnswers();
        m_wizard = std::make_unique<Wizard>(m_backend);
        m_wizard->resize(WizardHarness::kWidth, WizardHarness::kHeight);
        m_wizard->show();
    }
    ~RealWizard()
    {
        ConfirmDialog::clearAnswers();
        m_wizard.reset();
        Language::apply(QStringLiteral("en"));
    }
    RealWizard(const RealWizard &) = delete;
    RealWizard &operator=(const RealWizard &) = delete;

    Wizard &wizard() { return *m_wizard; }
    RealBackend &backend() { return m_backend; }
    void destroy() { m_wizard.reset(); }

    // From the first page, diagnoses `python`.
    DiagnosePage *diagnose(const QString &python);

    template <class T> T *page() { return qobject_cast<T *>(m_wizard->currentPage()); }
    WelcomePage *welcome() { return page<WelcomePage>(); }
    // What the first page says of the paste, once it was read (off the GUI thread, after typing pauses).
    QString pasteResult()
    {
        // Reading it looks at the files it names on this machine: under load that takes a while.
        if (!waitFor([this] { return !welcome()->isReadingPaste(); }, 180000))
            return QStringLiteral("(the paste was still being read after 180 s)");
        return m_wizard->findChild<QLabel *>(QStringLiteral("pastedErrorResult"))->text();
    }
    // Next (or Continue) once the page is complete; true when the page changed.
    bool next()
    {
        const int before = m_wizard->currentId();
        QAbstractButton *button =
            m_wizard->button(m_wizard->currentPage()->isCommitPage() ? QWizard::CommitButton : QWizard::NextButton);
        if (!waitFor([&] { return m_wizard->currentPage()->isComplete() && button->isEnabled(); }, 180000))
            return false;
        button->click();
        // A repair page shows its plan once it is made (off the GUI thread).
        return waitFor([&] { return m_wizard->currentId() != before; }, 5000) && waitFor([&] {
                   const auto *fix = qobject_cast<const FixPage *>(m_wizard->currentPage());
                   return !fix || !fix->isPlanning();
               }, 60000);
    }
    // Saves the window as walk/<language>-<name>.png when TORCHDOCTOR_SCREENSHOT_DIR is set.
    void shot(const QString &name);

private:
    RealBackend m_backend;
    std::unique_ptr<Wizard> m_wizard;
};

} // namespace td::ui::test
