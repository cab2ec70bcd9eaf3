#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

// What a list shows in place of its rows while it has no account to list: a title, where to add one, a
// button that opens Settings and, where the built-in demo can stand in, one that opens the demo.
class ConnectHint final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectHint)

public:
    enum class Demo
    {
        NotOffered,
        Offered
    };

    ConnectHint(const QString &title, const QString &text, Demo demo, QWidget *parent = nullptr);

    QString title() const;
    QPushButton *settingsButton() const { return m_settingsButton; }
    QPushButton *demoButton() const { return m_demoButton; } // null when the demo is not offered

signals:
    void settingsRequested();
    void demoRequested();

private:
    QLabel *m_title;
    QPushButton *m_settingsButton;
    QPushButton *m_demoButton = nullptr;
};
