#include "files/filepreview.h"

#include "common/linenumberedit.h"
#include "models/displaytext.h"

#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStringDecoder>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

// Text a person can read and edit: valid UTF-8 without NUL bytes. A file cut at the read limit may end
// inside a character; that end is not held against it.
bool isText(const QByteArray &bytes, bool whole)
{
    if (bytes.contains('\0'))
        return false;
    QByteArray checked = bytes;
    if (!whole) {
        // Drop at most three bytes of a character the cut split.
        qsizetype end = checked.size();
        for (int back = 0; back < 3 && end > 0 && (uchar(checked.at(end - 1)) & 0xC0) == 0x80; ++back)
            --end;
        if (end > 0 && uchar(checked.at(end - 1)) >= 0xC0)
            --end;
        checked.truncate(end);
    }
    QStringDecoder decoder(QStringDecoder::Utf8);
    // The decoder reports errors once the text is made.
    const QString decoded = decoder(checked);
    Q_UNUSED(decoded);
    return !decoder.hasError();
}

} // namespace

FilePreview::FilePreview(QWidget *parent)
    : QWidget(parent), m_pages(new QStackedWidget(this)), m_message(new QLabel(this)),
      m_textPage(new QWidget(this)), m_editor(new LineNumberEdit(this)), m_textState(new QLabel(this)),
      m_save(new QPushButton(tr("&Save"), this)), m_reload(new QPushButton(tr("Re&load"), this)),
      m_imageArea(new QScrollArea(this)), m_image(new QLabel(this))
{
    setObjectName(u"filePreview"_s);
    m_message->setObjectName(u"filePreviewMessage"_s);
    m_message->setWordWrap(true);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setTextFormat(Qt::PlainText);
    m_editor->setObjectName(u"fileEditor"_s);
    m_textState->setObjectName(u"fileTextState"_s);
    m_textState->setTextFormat(Qt::PlainText);
    m_textState->setWordWrap(true);
    m_save->setObjectName(u"saveFileButton"_s);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setToolTip(
        tr("Writes the text to the sandbox (Ctrl+S), unless the file changed there meanwhile"));
    m_reload->setObjectName(u"reloadFileButton"_s);
    m_reload->setToolTip(tr("Reads the file again from the sandbox, dropping changes not saved"));
    m_image->setObjectName(u"fileImage"_s);
    m_image->setAlignment(Qt::AlignCenter);
    m_imageArea->setWidget(m_image);
    m_imageArea->setWidgetResizable(true);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_textState, 1);
    bar->addWidget(m_reload);
    bar->addWidget(m_save);
    auto *textLayout = new QVBoxLayout(m_textPage);
    textLayout->setContentsMargins(0, 0, 0, 0);
    textLayout->addWidget(m_editor, 1);
    textLayout->addLayout(bar);
    m_pages->addWidget(m_message);
    m_pages->addWidget(m_textPage);
    m_pages->addWidget(m_imageArea);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);

    connect(m_editor->document(), &QTextDocument::modificationChanged, this, &FilePreview::updateButtons);
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (isEditable() && isModified())
            Q_EMIT saveRequested(m_path, text(), m_base);
    });
    connect(m_reload, &QPushButton::clicked, this, [this] {
        if (!m_path.isEmpty())
            Q_EMIT reloadRequested(m_path);
    });
    showMessage(tr("Choose a file to see it here."));
}

void FilePreview::showMessage(const QString &text)
{
    m_path.clear();
    m_base.clear();
    m_whole = false;
    m_message->setText(text);
    m_pages->setCurrentWidget(m_message);
    updateButtons();
}

void FilePreview::showFile(const QString &path, const BlaxelFileBytes &file)
{
    m_path = path;
    m_whole = file.isWhole();
    m_base = file.bytes;
    const QString size = QLocale().formattedDataSize(file.size >= 0 ? file.size : file.bytes.size());
    if (QImage image; m_whole && image.loadFromData(file.bytes)) {
        m_image->setPixmap(QPixmap::fromImage(image));
        m_image->setToolTip(tr("%1 × %2 pixels, %3").arg(image.width()).arg(image.height()).arg(size));
        m_pages->setCurrentWidget(m_imageArea);
        updateButtons();
        return;
    }
    if (!isText(file.bytes, m_whole)) {
        m_pages->setCurrentWidget(m_message);
        m_message->setText(tr("%1 is not text (%2). Download it to open it with a program of this computer.")
                               .arg(DisplayText::visible(path), size));
        updateButtons();
        return;
    }
    m_editor->setPlainText(QString::fromUtf8(file.bytes));
    m_editor->document()->setModified(false);
    m_editor->setReadOnly(!m_whole);
    m_textState->setText(
        m_whole ? tr("%1, %2").arg(DisplayText::visible(path), size)
                : tr("The first %1 of %2 (%3) are shown, read-only.")
                      .arg(QLocale().formattedDataSize(file.bytes.size()), DisplayText::visible(path), size));
    m_pages->setCurrentWidget(m_textPage);
    updateButtons();
}

void FilePreview::markSaved(const QByteArray &bytes)
{
    m_base = bytes;
    m_editor->document()->setModified(false);
    updateButtons();
}

void FilePreview::dropChanges()
{
    m_editor->document()->setModified(false);
    updateButtons();
}

bool FilePreview::isEditable() const
{
    return m_whole && m_pages->currentWidget() == m_textPage;
}

bool FilePreview::isModified() const
{
    return m_editor->document()->isModified();
}

QByteArray FilePreview::text() const
{
    return m_editor->toPlainText().toUtf8();
}

void FilePreview::goToLine(int line)
{
    if (m_pages->currentWidget() == m_textPage)
        m_editor->goToLine(line);
}

void FilePreview::updateButtons()
{
    m_save->setEnabled(isEditable() && isModified());
    m_reload->setEnabled(!m_path.isEmpty());
}
