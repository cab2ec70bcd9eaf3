#pragma once

#include <QCoreApplication>
#include <QMap>
#include <QString>

// Labels as a person types them in one field, "team=research, project=eval", both ways: what the create and
// edit dialogs read and what the edit dialog starts from.
class BlaxelLabelsText
{
    Q_DECLARE_TR_FUNCTIONS(BlaxelLabelsText)

public:
    // `problem` gets a sentence when an entry is malformed (and the answer is empty), else is cleared.
    static QMap<QString, QString> parse(const QString &text, QString *problem = nullptr);
    // The labels in the form parse() reads; a label whose value holds a ',' cannot be typed back in.
    static QString format(const QMap<QString, QString> &labels);
};
