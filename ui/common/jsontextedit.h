#pragma once

#include <QJsonValue>
#include <QPlainTextEdit>

// A box for typing JSON, checked as it is typed: problem() says where the text stops being JSON ("line 2,
// column 5: …") or why the value is not what the schema wants (an object, an array).
class JsonTextEdit final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonTextEdit)

public:
    explicit JsonTextEdit(QWidget *parent = nullptr);

    // "object", "array" or empty: what the value must be.
    void setExpectedType(const QString &type) { m_expectedType = type; }
    void setJson(const QJsonValue &value);
    bool isEmpty() const;
    // Undefined while the text is empty or not valid JSON.
    QJsonValue value() const;
    QString problem() const;
    QSize sizeHint() const override;

private:
    QString m_expectedType;
};
