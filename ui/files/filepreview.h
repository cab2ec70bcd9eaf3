#pragma once

#include "api/blaxelfilecontent.h"

#include <QByteArray>
#include <QWidget>

class LineNumberEdit;
class QLabel;
class QPushButton;
class QScrollArea;
class QStackedWidget;

// The right side of the Files tab: the file chosen, as text with line numbers (editable when it came
// whole), as an image, or a sentence saying why it is not shown. Save asks the pane to write; what the file
// was when it was opened (base()) goes with it, so that a file changed meanwhile is not overwritten unseen.
class FilePreview final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilePreview)

public:
    explicit FilePreview(QWidget *parent = nullptr);

    void showMessage(const QString &text);
    // `path`'s bytes as read (the first FileBrowser::maxOpenBytes at most).
    void showFile(const QString &path, const BlaxelFileBytes &file);
    // The sandbox has what is shown now: the text is no longer modified.
    void markSaved(const QByteArray &bytes);
    // What was typed is let go (the file is read again).
    void dropChanges();

    QString path() const { return m_path; }
    bool isEditable() const;
    bool isModified() const;
    QByteArray base() const { return m_base; }
    QByteArray text() const;
    LineNumberEdit *editor() const { return m_editor; }
    QLabel *image() const { return m_image; }
    QLabel *message() const { return m_message; }
    QPushButton *saveButton() const { return m_save; }
    void goToLine(int line);

Q_SIGNALS:
    void saveRequested(const QString &path, const QByteArray &bytes, const QByteArray &base);
    void reloadRequested(const QString &path);

private:
    void updateButtons();

    QStackedWidget *m_pages;
    QLabel *m_message;
    QWidget *m_textPage;
    LineNumberEdit *m_editor;
    QLabel *m_textState;
    QPushButton *m_save;
    QPushButton *m_reload;
    QScrollArea *m_imageArea;
    QLabel *m_image;
    QString m_path;
    QByteArray m_base;
    bool m_whole = false;
};
