#pragma once

// Helpers the GUI suites share: finding a form's fields as a user would, typing, writing test files.
#include <QByteArray>
#include <QFile>
#include <QLineEdit>
#include <QSpinBox>
#include <QString>
#include <QTest>
#include <QWidget>

namespace TestWidgets {

// The acquire dialogs' test-account field, found by what it says to the user.
inline QLineEdit *emailEdit(QWidget *dialog)
{
    for (QLineEdit *edit : dialog->findChildren<QLineEdit *>()) {
        if (edit->placeholderText().contains(QStringLiteral("test account")))
            return edit;
    }
    return nullptr;
}

// Replaces the spin box's text by typing, key by key, as a user does (keyboard tracking sees each one).
inline void typeInto(QSpinBox *spin, const QString &text)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
}

// A QVERIFY inside: call it directly from a test function, then check QTest::currentTestFailed() if
// the rest depends on it.
inline void writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

} // namespace TestWidgets
