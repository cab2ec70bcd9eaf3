// The interface in German: with the language set, the main window's menus, buttons, column headers and
// status bar read German, and no widget shows an English source text that the translation has a German
// text for (a string that bypasses tr(), or one built before the translator was installed).

#include "../postedevents.h"
#include "demoapp.h"

#include "settings/languagesetting.h"
#include "transfers/transferspage.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabBar>
#include <QTreeView>
#include <QXmlStreamReader>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

struct Translation
{
    QString source;
    QStringList forms;
    QRegularExpression sourcePattern = {};
    QList<QRegularExpression> formPatterns = {};
};

QList<Translation> readTs(const QString &path)
{
    QList<Translation> result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return result;
    QXmlStreamReader xml(&file);
    Translation current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"source"_s) {
            current = Translation{xml.readElementText(), {}};
        } else if (xml.name() == u"numerusform"_s) {
            current.forms << xml.readElementText();
        } else if (xml.name() == u"translation"_s) {
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (current.forms.isEmpty())
                current.forms << text;
            result << current;
        }
    }
    return result;
}

// What a person reads: no accelerator marks, no markup, no surrounding space.
QString shown(QString text)
{
    text.remove(QRegularExpression(u"<[^>]*>"_s));
    text.replace(u"&&"_s, u"\x01"_s).remove(u'&').replace(u'\x01', u'&');
    return text.simplified();
}

// A source text as a pattern over what a widget shows: its placeholders stand for anything, and "(s)" for
// an English plural ending.
QRegularExpression sourcePattern(const QString &source)
{
    QString pattern = QRegularExpression::escape(shown(source));
    pattern.replace(QRegularExpression(u"%[1-9n]"_s), u".+"_s);
    pattern.replace(u"\\(s\\)"_s, u"s?"_s).replace(u"\\(es\\)"_s, u"(es)?"_s);
    return QRegularExpression(u"^"_s + pattern + u"$"_s);
}

// Every text the main window shows, with where it comes from.
QList<QPair<QString, QString>> visibleTexts(QWidget *window)
{
    QList<QPair<QString, QString>> texts;
    auto add = [&texts](const QString &where, const QString &text) {
        if (!shown(text).isEmpty())
            texts.append({where, text});
    };
    add(u"window title"_s, window->windowTitle());
    for (auto *action : window->findChildren<QAction *>()) {
        add(u"action"_s, action->text());
        add(u"action tooltip"_s, action->toolTip());
    }
    for (auto *menu : window->findChildren<QMenu *>())
        add(u"menu"_s, menu->title());
    for (auto *widget : window->findChildren<QWidget *>()) {
        if (!widget->isVisibleTo(window))
            continue;
        const QString where = QString::fromLatin1(widget->metaObject()->className());
        if (auto *label = qobject_cast<QLabel *>(widget))
            add(where, label->text());
        else if (auto *button = qobject_cast<QAbstractButton *>(widget))
            add(where, button->text());
        else if (auto *edit = qobject_cast<QLineEdit *>(widget))
            add(where, edit->placeholderText());
        else if (auto *combo = qobject_cast<QComboBox *>(widget))
            for (int i = 0; i < combo->count(); ++i)
                add(where, combo->itemText(i));
        else if (auto *tabs = qobject_cast<QTabBar *>(widget))
            for (int i = 0; i < tabs->count(); ++i)
                add(where, tabs->tabText(i));
        else if (auto *header = qobject_cast<QHeaderView *>(widget); header && header->model())
            for (int i = 0; i < header->count(); ++i)
                add(u"column header"_s, header->model()->headerData(i, header->orientation()).toString());
        add(where + u" tooltip"_s, widget->toolTip());
        add(where + u" accessible name"_s, widget->accessibleName());
    }
    return texts;
}

} // namespace

class TestTranslatedUi : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_german = readTs(QStringLiteral(SANDBOXDECK_TRANSLATIONS_DIR) + u"/sandboxdeck_de.ts"_s);
        QVERIFY2(m_german.size() > 400, "sandboxdeck_de.ts could not be read");
        for (auto &translation : m_german) {
            translation.sourcePattern = sourcePattern(translation.source);
            for (const QString &form : std::as_const(translation.forms))
                translation.formPatterns << sourcePattern(form);
        }
    }

    void cleanup() { qunsetenv("SANDBOXDECK_LANG"); }

    void mainWindowIsGerman()
    {
        qputenv("SANDBOXDECK_LANG", "de");
        DemoApp app;
        QVERIFY(app.started());
        QCOMPARE(QLocale().language(), QLocale::German);
        MainWindow *window = app.window();
        window->resize(1280, 780);
        QVERIFY(app.waitForSandboxes());
        QSignalSpy detailsLoaded(window->sandboxesController(), &SandboxesController::detailsLoaded);
        app.sandboxesPage()->view()->selectRow(0);
        QVERIFY(detailsLoaded.wait(10000)); // the pane with every field it shows
        QVERIFY(PostedEvents::layoutsSettled());

        QStringList texts;
        for (const auto &[where, text] : visibleTexts(window))
            texts << shown(text);
        // What the German user must see, from each part of the window.
        for (const QString &expected :
             {u"Datei"_s, u"Bearbeiten"_s, u"Ansicht"_s, u"Hilfe"_s, u"Anfordern …"_s, u"Freigeben"_s,
              u"Zurücksetzen"_s, u"Sandbox-ID"_s, u"Aktualisiert"_s, u"Profil: Demo (eingebauter Emulator)"_s,
              u"Übertragungen"_s})
            QVERIFY2(texts.contains(expected), qPrintable(expected + u" is not shown"_s));

        const QStringList offenders = untranslated(window);
        QVERIFY2(offenders.isEmpty(),
                 qPrintable(u"English where German exists:\n"_s + offenders.join(u'\n')));

        // The other views, after the first one was checked.
        window->showPage(MainWindow::TransfersView);
        QVERIFY(PostedEvents::layoutsSettled());
        QVERIFY(texts.contains(u"Übertragungen"_s));
        const QStringList transfers = untranslated(window);
        QVERIFY2(transfers.isEmpty(), qPrintable(transfers.join(u'\n')));
        window->showPage(MainWindow::LocalSandboxesView);
        QTreeView *localTree = app.localPage()->view();
        QVERIFY(QTest::qWaitFor([localTree] { return localTree->model()->rowCount() > 0; }, 10000));
        QVERIFY(PostedEvents::layoutsSettled());
        const QStringList local = untranslated(window);
        QVERIFY2(local.isEmpty(), qPrintable(local.join(u'\n')));
    }

    // The detector itself: an English window must trip it, or the check above proves nothing.
    void englishWindowIsCaught()
    {
        qputenv("SANDBOXDECK_LANG", "en");
        DemoApp app;
        QVERIFY(app.started());
        QCOMPARE(QLocale().language(), QLocale::English);
        const QStringList offenders = untranslated(app.window());
        QVERIFY2(offenders.size() > 10, qPrintable(offenders.join(u'\n')));
        QVERIFY(offenders.join(u'\n').contains(u"Sandbox ID"_s));
        // English plural forms come from sandboxdeck_en.qm, not from the "(es)" of the sources.
        QCOMPARE(QCoreApplication::translate("SandboxFilterBar", "%n sandbox(es)", nullptr, 2),
                 u"2 sandboxes"_s);
    }

    // The choice made in Settings, without the environment variable: German text and German numbers.
    void storedChoiceApplies()
    {
        QTemporaryDir settingsDir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
        LanguageSetting::store(u"de"_s);
        QCOMPARE(LanguageSetting::stored(), u"de"_s);
        QCOMPARE(ApplicationController::applyLanguage().language(), QLocale::German);
        QCOMPARE(QCoreApplication::translate("SettingsDialog", "Settings"), u"Einstellungen"_s);
        QCOMPARE(QCoreApplication::translate("SandboxFilterBar", "%n sandbox(es)", nullptr, 1),
                 u"1 Sandbox"_s);
        QCOMPARE(QCoreApplication::translate("SandboxFilterBar", "%n sandbox(es)", nullptr, 3),
                 u"3 Sandboxes"_s);
        QCOMPARE(QLocale().toString(1.5, 'f', 1), u"1,5"_s);
        // A language the build does not have is no choice: back to the system's.
        LanguageSetting::store(u"xx"_s);
        QCOMPARE(LanguageSetting::stored(), QString());
        LanguageSetting::store(u"en"_s);
        QCOMPARE(ApplicationController::applyLanguage().language(), QLocale::English);
        QCOMPARE(QCoreApplication::translate("SettingsDialog", "Settings"), u"Settings"_s);
    }

private:
    // The shown texts that are an English source whose German translation differs from it.
    QStringList untranslated(QWidget *window) const
    {
        QStringList offenders;
        const auto texts = visibleTexts(window);
        for (const auto &translation : m_german) {
            if (translation.forms.contains(translation.source) || shown(translation.source).size() < 3)
                continue;
            for (const auto &[where, text] : texts) {
                const QString seen = shown(text);
                if (!translation.sourcePattern.match(seen).hasMatch())
                    continue;
                // A German text can look like a pattern of placeholders ("%1 (%2)"): only its own
                // translations are excused.
                const bool german = std::any_of(
                    translation.formPatterns.cbegin(), translation.formPatterns.cend(),
                    [&seen](const QRegularExpression &form) { return form.match(seen).hasMatch(); });
                if (!german)
                    offenders << where + u": "_s + seen + u"  (source: "_s + translation.source + u')';
            }
        }
        return offenders;
    }

    QList<Translation> m_german;
};

QTEST_MAIN(TestTranslatedUi)
#include "tst_translatedui.moc"
