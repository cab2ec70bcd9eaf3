#pragma once

#include <QFrame>

class QLabel;
class QToolButton;
class ApiError;

// A non-modal strip above a view that says what went wrong and what to do; the server's own words
// are behind "Details". It never blocks the window.
class ErrorBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ErrorBanner)

public:
    enum class Level
    {
        Error,
        Warning,
        Info
    };

    explicit ErrorBanner(QWidget *parent = nullptr);

    void showError(const QString &context, const ApiError &error);
    void showMessage(Level level, const QString &message, const QString &details = {});
    QString message() const;
    QString details() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyLevelColours();

    Level m_level = Level::Error;
    QLabel *m_icon;
    QLabel *m_message;
    QLabel *m_details;
    QToolButton *m_detailsButton;
    QToolButton *m_closeButton;
};
