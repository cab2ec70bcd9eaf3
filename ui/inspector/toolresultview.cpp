#include "inspector/toolresultview.h"

#include "common/detailspaneframe.h"
#include "common/errorcolour.h"
#include "common/jsontreeview.h"
#include "models/displaytext.h"

#include <QBuffer>
#include <QDialog>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QImageReader>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

constexpr auto imageIndexProperty = "toolResultImage";

QPlainTextEdit *textBox(const QString &text, QWidget *parent)
{
    auto *box = new QPlainTextEdit(parent);
    box->setObjectName(u"toolResultText"_s);
    box->setReadOnly(true);
    box->setPlainText(DisplayText::visibleLines(text));
    box->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    // As tall as its text up to twelve lines; longer text scrolls inside.
    const int lines = std::clamp(int(text.count(u'\n')) + 1, 1, 12);
    box->setFixedHeight(box->fontMetrics().lineSpacing() * lines +
                        2 * (box->frameWidth() + int(box->document()->documentMargin())) + 4);
    return box;
}

QString sizeText(qsizetype bytes)
{
    return QLocale().formattedDataSize(bytes);
}

} // namespace

ToolResultView::ToolResultView(QWidget *parent)
    : QWidget(parent), m_errorIcon(new QLabel(this)), m_headline(new QLabel(this)),
      m_blockLayout(new QVBoxLayout), m_structured(new JsonTreeView(this)),
      m_structuredTitle(DetailsPaneFrame::sectionTitle(tr("Structured content"), this))
{
    m_headline->setObjectName(u"toolResultHeadline"_s);
    m_errorIcon->setObjectName(u"toolResultErrorIcon"_s);
    // The error row of the details panes: the same icon, the same colour.
    m_errorIcon->setPixmap(QIcon(u":/icons/error.svg"_s).pixmap(QSize(16, 16), devicePixelRatioF()));
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_structured->setObjectName(u"toolResultStructured"_s);
    m_structured->setMinimumHeight(220);
    m_blockLayout->setContentsMargins(0, 0, 0, 0);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *headlineRow = new QHBoxLayout;
    headlineRow->setContentsMargins(0, 0, 0, 0);
    headlineRow->addWidget(m_errorIcon, 0, Qt::AlignTop);
    headlineRow->addWidget(m_headline, 1);
    layout->addLayout(headlineRow);
    layout->addLayout(m_blockLayout);
    layout->addWidget(m_structuredTitle);
    layout->addWidget(m_structured, 1);
    clear();
}

void ToolResultView::clear()
{
    for (QWidget *block : std::as_const(m_blocks)) {
        block->hide();
        block->deleteLater();
    }
    m_blocks.clear();
    m_images.clear();
    m_isError = false;
    m_errorIcon->setVisible(false);
    m_headline->clear();
    m_headline->setVisible(false);
    m_structured->setJson(QJsonValue(QJsonValue::Undefined));
    m_structured->setVisible(false);
    m_structuredTitle->setVisible(false);
}

void ToolResultView::setResult(const McpToolResult &result)
{
    clear();
    m_isError = result.isError;
    m_headline->setVisible(result.isError ||
                           (result.content.isEmpty() && result.structuredContent.isUndefined()));
    if (result.isError)
        m_headline->setText(tr("The tool reported an error"));
    else if (result.content.isEmpty() && result.structuredContent.isUndefined())
        m_headline->setText(tr("The tool returned nothing"));
    else
        m_headline->clear();
    int index = 0;
    for (const McpContentBlock &block : result.content) {
        QWidget *widget = nullptr;
        switch (block.kind) {
        case McpContentBlock::Kind::Text:
            widget = textBlock(block);
            break;
        case McpContentBlock::Kind::Image:
            widget = imageBlock(block, index);
            break;
        case McpContentBlock::Kind::Resource:
        case McpContentBlock::Kind::ResourceLink:
            widget = resourceBlock(block);
            break;
        case McpContentBlock::Kind::Audio:
            widget = noteBlock(
                tr("Audio (%1, %2)").arg(DisplayText::visible(block.mimeType), sizeText(block.data.size())));
            break;
        case McpContentBlock::Kind::Unknown:
            widget = noteBlock(tr("Content of an unknown type “%1”:\n%2")
                                   .arg(DisplayText::visible(block.raw.value(u"type"_s).toString()),
                                        DisplayText::visibleLines(QString::fromUtf8(
                                            QJsonDocument(block.raw).toJson(QJsonDocument::Compact)))));
            break;
        }
        m_blockLayout->addWidget(widget);
        m_blocks.append(widget);
        ++index;
    }
    if (!result.structuredContent.isUndefined()) {
        m_structured->setJson(result.structuredContent);
        m_structured->setVisible(true);
        m_structuredTitle->setVisible(true);
    }
    applyErrorStyle();
}

void ToolResultView::showFailure(const QString &message)
{
    clear();
    m_isError = true;
    m_headline->setVisible(true);
    m_headline->setText(DisplayText::visibleLines(message));
    applyErrorStyle();
}

QWidget *ToolResultView::textBlock(const McpContentBlock &block)
{
    return textBox(block.text, this);
}

QWidget *ToolResultView::noteBlock(const QString &text)
{
    auto *label = new QLabel(text, this);
    label->setObjectName(u"toolResultNote"_s);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QWidget *ToolResultView::imageBlock(const McpContentBlock &block, int index)
{
    QBuffer buffer;
    buffer.setData(block.data);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    const QSize size = reader.size();
    QImage image;
    if (size.isValid() && size.width() <= maximumImageSide && size.height() <= maximumImageSide)
        image = reader.read();
    const QString what =
        tr("Image (%1, %2)").arg(DisplayText::visible(block.mimeType), sizeText(block.data.size()));
    if (image.isNull())
        return noteBlock(tr("%1: could not be shown").arg(what));
    m_images.append(image);
    auto *label = new QLabel(this);
    label->setObjectName(u"toolResultImage"_s);
    const QImage fitted = image.height() > previewHeight
                              ? image.scaledToHeight(previewHeight, Qt::SmoothTransformation)
                              : image;
    label->setPixmap(QPixmap::fromImage(fitted));
    label->setToolTip(
        tr("%1, %2 × %3: click to see it at full size").arg(what).arg(image.width()).arg(image.height()));
    label->setCursor(Qt::PointingHandCursor);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setProperty(imageIndexProperty, index);
    label->installEventFilter(this);
    return label;
}

QWidget *ToolResultView::resourceBlock(const McpContentBlock &block)
{
    auto *frame = new QFrame(this);
    frame->setObjectName(block.kind == McpContentBlock::Kind::Resource ? u"toolResultResource"_s
                                                                       : u"toolResultResourceLink"_s);
    frame->setFrameShape(QFrame::StyledPanel);
    auto *form = new QFormLayout(frame);
    auto *uri = new QLabel(DisplayText::visible(block.uri), frame);
    uri->setTextInteractionFlags(Qt::TextSelectableByMouse);
    uri->setWordWrap(true);
    form->addRow(block.kind == McpContentBlock::Kind::Resource ? tr("Resource") : tr("Link to"), uri);
    if (block.kind == McpContentBlock::Kind::ResourceLink && !block.text.isEmpty())
        form->addRow(tr("Name"), new QLabel(DisplayText::visible(block.text), frame));
    form->addRow(tr("Type"), new QLabel(DetailsPaneFrame::valueOrDash(block.mimeType), frame));
    if (block.kind == McpContentBlock::Kind::Resource) {
        if (!block.data.isEmpty())
            form->addRow(tr("Content"), new QLabel(tr("binary, %1").arg(sizeText(block.data.size())), frame));
        else
            form->addRow(textBox(block.text, frame));
    }
    return frame;
}

QWidget *ToolResultView::openImage(int block)
{
    const QWidget *label = m_blocks.value(block);
    if (!label || !label->property(imageIndexProperty).isValid())
        return nullptr;
    const int imageIndex =
        int(std::count_if(m_blocks.begin(), m_blocks.begin() + block, [](const QWidget *widget) {
            return widget->property(imageIndexProperty).isValid();
        }));
    auto *dialog = new QDialog(this);
    dialog->setObjectName(u"toolResultImageWindow"_s);
    dialog->setWindowTitle(tr("Image"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *area = new QScrollArea(dialog);
    auto *picture = new QLabel(area);
    picture->setPixmap(QPixmap::fromImage(m_images.at(imageIndex)));
    area->setWidget(picture);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(area);
    dialog->resize(std::min(m_images.at(imageIndex).width() + 40, 1200),
                   std::min(m_images.at(imageIndex).height() + 40, 900));
    dialog->show();
    return dialog;
}

bool ToolResultView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonRelease &&
        static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton) {
        const int block = int(m_blocks.indexOf(qobject_cast<QWidget *>(watched)));
        if (block >= 0 && openImage(block))
            return true;
    }
    return QWidget::eventFilter(watched, event);
}

void ToolResultView::applyErrorStyle()
{
    // A failure reads as the app's other failures: the error colour, the error icon's red, on the headline
    // and on the text the tool sent with it.
    m_errorIcon->setVisible(m_isError);
    QFont font = m_headline->font();
    font.setBold(m_isError);
    m_headline->setFont(font);
    if (m_isError)
        ErrorColour::applyTo(m_headline, palette());
    else
        m_headline->setPalette(palette());
    for (QWidget *block : std::as_const(m_blocks)) {
        auto *text = qobject_cast<QPlainTextEdit *>(block);
        if (!text)
            continue;
        QPalette textPalette = palette();
        if (m_isError)
            textPalette.setColor(QPalette::Text, ErrorColour::on(palette()));
        text->setPalette(textPalette);
    }
}

void ToolResultView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyErrorStyle();
    QWidget::changeEvent(event);
}
