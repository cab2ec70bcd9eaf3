#pragma once

#include "mcp/mcptoolresult.h"

#include <QWidget>

class JsonTreeView;
class QLabel;
class QVBoxLayout;

// What a tool call answered, block by block: text, images (fitted to the width; a click shows them at
// full size), embedded resources (uri, type, text), links to resources, and the structured content as a
// JSON tree. A result the tool marked isError is drawn in the app's error style. Everything the server
// wrote is shown with its control characters made visible.
class ToolResultView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolResultView)

public:
    // An image bigger than this in either direction is not decoded (a hostile server can describe a
    // picture of gigabytes in a few bytes).
    static constexpr int maximumImageSide = 8192;
    // Images are fitted into this height in the list; the full size is a click away.
    static constexpr int previewHeight = 240;

    explicit ToolResultView(QWidget *parent = nullptr);

    void setResult(const McpToolResult &result);
    // The call itself failed (a JSON-RPC error, the network): said in the same place, in the error style.
    void showFailure(const QString &message);
    void clear();

    bool isError() const { return m_isError; }
    QLabel *headline() const { return m_headline; }
    // One widget per content block, in order.
    QList<QWidget *> blockWidgets() const { return m_blocks; }
    JsonTreeView *structuredView() const { return m_structured; }
    // Opens the image of content block `block` at full size; returns the window (tests close it).
    QWidget *openImage(int block);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QWidget *textBlock(const McpContentBlock &block);
    QWidget *imageBlock(const McpContentBlock &block, int index);
    QWidget *resourceBlock(const McpContentBlock &block);
    QWidget *noteBlock(const QString &text);
    void applyErrorStyle();

    QLabel *m_errorIcon;
    QLabel *m_headline;
    QVBoxLayout *m_blockLayout;
    QList<QWidget *> m_blocks;
    JsonTreeView *m_structured;
    QLabel *m_structuredTitle;
    QList<QImage> m_images;
    bool m_isError = false;
};
