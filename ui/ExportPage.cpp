// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportPage.h"

#include "Session.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace td::ui {

ExportPage::ExportPage(Session &session, QWidget *parent) : Page(session, parent)
{
    setObjectName(QStringLiteral("exportPage"));
    m_formatLabel = new QLabel(this);
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("format"));
    m_formatLabel->setBuddy(m_format);
    for (int i = 0; i < 4; ++i)
        m_format->addItem(QString(), i);
    m_redact = new QCheckBox(this);
    m_redact->setObjectName(QStringLiteral("redact"));
    m_redact->setChecked(true);
    m_previewLabel = new QLabel(this);
    m_previewLabel->setWordWrap(true);
    m_preview = new QTextBrowser(this);
    m_preview->setObjectName(QStringLiteral("preview"));
    m_preview->setOpenLinks(false); // the report's links open nothing from inside the wizard
    m_preview->setTabChangesFocus(true);
    m_preview->setLineWrapMode(QTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_previewLabel->setBuddy(m_preview);
    m_save = new QPushButton(this);
    m_save->setObjectName(QStringLiteral("save"));
    m_copy = new QPushButton(this);
    m_copy->setObjectName(QStringLiteral("copy"));
    m_open = new QPushButton(this);
    m_open->setObjectName(QStringLiteral("openFolder"));
    m_open->setEnabled(false);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("exportStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    auto *top = new QHBoxLayout;
    top->addWidget(m_formatLabel);
    top->addWidget(m_format);
    top->addStretch(1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_save);
    buttons->addWidget(m_copy);
    buttons->addWidget(m_open);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(body());
    layout->addLayout(top);
    layout->addWidget(m_redact);
    layout->addWidget(m_previewLabel);
    layout->addWidget(m_preview, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    m_chooser = [this](const QString &suggested) {
        // One filter per format, the one shown first; any other name is saved as the format it asks for.
        const QStringList filters{tr("Text (*.txt)"), tr("Markdown (*.md *.markdown)"), tr("HTML (*.html *.htm)"),
                                  tr("JSON (*.json)"), tr("All files (*)")};
        QString chosen = filters.value(static_cast<int>(format()));
        return QFileDialog::getSaveFileName(this, tr("Save the report"), suggested,
                                            filters.join(QStringLiteral(";;")), &chosen);
    };
    m_opener = [](const QUrl &url) { return QDesktopServices::openUrl(url); };
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportPage::render);
    connect(m_redact, &QCheckBox::toggled, this, &ExportPage::render);
    connect(m_save, &QPushButton::clicked, this, &ExportPage::save);
    connect(m_copy, &QPushButton::clicked, this, &ExportPage::copyToClipboard);
    connect(m_open, &QPushButton::clicked, this, &ExportPage::openFolder);
    connect(&session, &Session::recheckFinished, this, &ExportPage::render); // the machine as it is now
    retranslate();
}

void ExportPage::retranslate()
{
    setTitle(tr("Report for support"));
    setSubTitle(tr("Send it to whoever helps you, or paste it into a GitHub issue."));
    m_formatLabel->setText(tr("F&ormat:"));
    m_format->setItemText(0, tr("Text"));
    m_format->setItemText(1, tr("Markdown (GitHub issue)"));
    m_format->setItemText(2, tr("HTML (one file)"));
    m_format->setItemText(3, tr("JSON"));
    m_format->setAccessibleName(tr("Report format"));
    // Short, so that it fits a small screen (a check box does not wrap); what it hides is said below it.
    m_redact->setText(tr("&Hide personal data"));
    m_redact->setAccessibleName(tr("Hide personal data"));
    m_redact->setToolTip(tr("User and host names, the home folder and secrets are hidden."));
    m_previewLabel->setText(m_redact->isChecked()
                                ? tr("&Preview of exactly what would be shared (hidden: user and host names, the "
                                     "home folder, secrets):")
                                : tr("&Preview: personal data is NOT hidden; keep this report to yourself."));
    m_preview->setAccessibleName(tr("Report preview"));
    m_save->setText(tr("&Save…"));
    m_save->setAccessibleName(tr("Save the report"));
    m_copy->setText(tr("&Copy to clipboard"));
    m_copy->setAccessibleName(tr("Copy the report to the clipboard"));
    m_open->setText(tr("Open the fol&der"));
    m_open->setAccessibleName(tr("Open the folder of the saved report"));
}

void ExportPage::initializePage()
{
    render();
}

ReportFormat ExportPage::format() const
{
    return static_cast<ReportFormat>(m_format->currentData().toInt());
}

void ExportPage::setFormat(ReportFormat format)
{
    m_format->setCurrentIndex(static_cast<int>(format));
}

void ExportPage::setRedacted(bool redacted)
{
    m_redact->setChecked(redacted);
}

void ExportPage::render()
{
    retranslate();
    const auto &report = session().report();
    m_text = report ? session().backend().renderReport(*report, format(), m_redact->isChecked(), session().history())
                    : QString();
    // HTML is shown as a browser shows it, the other formats as the text they are.
    if (format() == ReportFormat::Html)
        m_preview->setHtml(inThisPalette(m_text));
    else
        m_preview->setPlainText(m_text);
    m_save->setEnabled(!m_text.isEmpty());
    m_copy->setEnabled(!m_text.isEmpty());
}

void ExportPage::changeEvent(QEvent *event)
{
    Page::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && format() == ReportFormat::Html)
        m_preview->setHtml(inThisPalette(m_text));
}

QString ExportPage::inThisPalette(const QString &html) const
{
    // The report's own colours are a light page's; on a dark palette the preview shows it in the
    // window's colours instead (the file saved keeps them).
    if (palette().color(QPalette::Base).lightness() >= 128)
        return html;
    static const QRegularExpression style(QStringLiteral("<style>.*</style>"),
                                          QRegularExpression::DotMatchesEverythingOption);
    return QString(html).remove(style);
}

QString ExportPage::preview() const
{
    return m_preview->toPlainText();
}

QString ExportPage::extensionOf(ReportFormat format)
{
    switch (format) {
    case ReportFormat::Text: return QStringLiteral("txt");
    case ReportFormat::Markdown: return QStringLiteral("md");
    case ReportFormat::Html: return QStringLiteral("html");
    case ReportFormat::Json: return QStringLiteral("json");
    }
    return {};
}

QString ExportPage::suggestedName() const
{
    const QString ext = extensionOf(format());
    const QString dir = !m_savedPath.isEmpty() ? QFileInfo(m_savedPath).absolutePath() // where the last one went
                                               : QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QDir(dir).filePath(QStringLiteral("torchdoctor-report-%1.%2")
                                  .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm")), ext));
}

bool ExportPage::save()
{
    const QString path = m_chooser ? m_chooser(suggestedName()) : QString();
    if (path.isEmpty())
        return false;
    // The file's name says what it holds: a report.html gets the HTML report, whatever the preview showed.
    QString switched;
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (ReportFormat f : {ReportFormat::Text, ReportFormat::Markdown, ReportFormat::Html, ReportFormat::Json}) {
        const bool matches = suffix == extensionOf(f) || (f == ReportFormat::Html && suffix == QLatin1String("htm"))
                             || (f == ReportFormat::Markdown && suffix == QLatin1String("markdown"));
        if (matches && f != format()) {
            setFormat(f); // renders it again
            switched = m_format->currentText();
        }
    }
    if (const auto saved = session().backend().saveReport(path, m_text); !saved) {
        m_status->setText(tr("The report could not be saved: %1").arg(saved.error()));
        return false;
    }
    m_savedPath = path;
    m_open->setEnabled(true);
    m_status->setText(switched.isEmpty()
                          ? tr("Saved to %1.").arg(QDir::toNativeSeparators(path))
                          : tr("Saved to %1 as %2, the format its name asks for.")
                                .arg(QDir::toNativeSeparators(path), switched));
    return true;
}

void ExportPage::copyToClipboard()
{
    // HTML is pasted as a page where a program takes it (mail, documents), as its text elsewhere.
    auto *copied = new QMimeData;
    if (format() == ReportFormat::Html) {
        copied->setHtml(m_text);
        copied->setText(m_preview->toPlainText());
    } else {
        copied->setText(m_text);
    }
    QApplication::clipboard()->setMimeData(copied);
    m_status->setText(tr("The report is on the clipboard."));
}

bool ExportPage::openFolder()
{
    if (m_savedPath.isEmpty())
        return false;
    const bool ok = m_opener && m_opener(QUrl::fromLocalFile(QFileInfo(m_savedPath).absolutePath()));
    if (!ok)
        m_status->setText(tr("The folder could not be opened: %1").arg(QFileInfo(m_savedPath).absolutePath()));
    return ok;
}

QString ExportPage::statusText() const
{
    return m_status->text();
}

void ExportPage::setSaveLocationChooser(std::function<QString(const QString &)> chooser)
{
    m_chooser = std::move(chooser);
}

void ExportPage::setUrlOpener(std::function<bool(const QUrl &)> opener)
{
    m_opener = std::move(opener);
}

int ExportPage::nextId() const
{
    return -1;
}

} // namespace td::ui
