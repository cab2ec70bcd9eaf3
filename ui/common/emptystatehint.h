#pragma once

#include <QObject>
#include <QString>

class QAbstractItemView;

// Paints a sentence in an empty view ("No sandboxes. Acquire one with Ctrl+N.") so an empty list
// says what to do instead of looking broken.
class EmptyStateHint final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmptyStateHint)

public:
    EmptyStateHint(QAbstractItemView *view, const QString &text);
    void setText(const QString &text);
    // The sentence for a list with no rows at all (the one made with), shown at once.
    void setNoRowsText(const QString &text);
    QString text() const { return m_text; }

    // For a filtered view: the text it was made with while the unfiltered list is empty too, else that
    // the filters hide every row.
    void followUnfilteredRows(int unfilteredRows);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QAbstractItemView *m_view;
    QString m_text;
    QString m_noRowsText;
};
