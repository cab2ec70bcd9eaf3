#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QObject>

#include <functional>

class QAbstractItemView;
class QTimer;

// Rows that changed at the last refresh fade from the highlight colour to nothing over two seconds, so
// that an eye scanning a long list finds what moved. Painted over the view's own painting on its
// viewport; the rows are named by a key (the caller's: "server/id", a local sandbox id) so that they are
// found wherever sorting and filtering put them.
class RowChangeFlash final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RowChangeFlash)

public:
    using KeyOf = std::function<QString(const QModelIndex &)>;

    static constexpr int durationMs = 2000;
    // More changes than this at once (a new filter's answer, a first page after reconnecting) are not
    // news to point at: nothing flashes.
    static constexpr int maxKeys = 2000;

    RowChangeFlash(QAbstractItemView *view, KeyOf keyOf);

    // Starts the fade of these rows, unless there are more than maxKeys.
    void flash(const QStringList &keys);
    // 0 for a row not flashing, up to 1 just after its change: what the row's highlight strength is now.
    qreal strength(const QString &key) const;
    int flashingCount() const { return int(m_started.size()); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void tick();
    void paintOverlay();

    QAbstractItemView *m_view;
    KeyOf m_keyOf;
    QTimer *m_timer;
    QElapsedTimer m_clock;
    QHash<QString, qint64> m_started; // key -> m_clock time of its change
    bool m_painting = false;
};
