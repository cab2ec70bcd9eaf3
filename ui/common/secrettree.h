#pragma once

#include <QJsonObject>
#include <QTreeWidget>

// A JSON object (auth_data, metadata) as a key/value tree. Leaf values stay masked until the user
// reveals them: these hold test-account passwords and access tokens, and screens get shared. The real
// values live only in item data; they are never logged, nor put in tooltips.
class SecretTree final : public QTreeWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretTree)

public:
    static constexpr int ValueRole = Qt::UserRole + 1; // the real value, as text
    static constexpr int LeafRole = Qt::UserRole + 2;  // true for a scalar (maskable) value

    explicit SecretTree(QWidget *parent = nullptr);

    void setObject(const QJsonObject &object);
    QJsonObject object() const { return m_object; }
    bool isEmpty() const { return m_object.isEmpty(); }
    void setRevealed(bool revealed);
    bool isRevealed() const { return m_revealed; }

    // What a masked value looks like, everywhere in the app.
    static QString maskText();
    // A copy of a response with every value under an "auth_data" or "metadata" key (at any depth)
    // replaced by maskText(): for the raw JSON views.
    static QJsonValue masked(const QJsonValue &value);
    // The real value of an item as the clipboard gets it: scalars as text, containers as compact JSON.
    static QString valueText(const QTreeWidgetItem *item);

    QSize sizeHint() const override;

public slots:
    void copyCurrentValue();

signals:
    void copied(const QString &what);

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void addValue(QTreeWidgetItem *item, const QJsonValue &value);
    void updateMasking();

    QJsonObject m_object;
    bool m_revealed = false;
};
