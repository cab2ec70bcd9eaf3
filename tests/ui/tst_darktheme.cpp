// The dark theme read by contrast (issue 26, item 15): links in the text colours' league, and the main
// toolbar's overflow chevron as visible as the buttons beside it. WCAG's relative luminance, not a font.

#include "../postedevents.h"
#include "demoapp.h"

#include "preferences/themeapplier.h"

#include <QImage>
#include <QToolBar>
#include <QToolButton>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

double luminance(const QColor &colour)
{
    const auto linear = [](double channel) {
        return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF()) +
           0.0722 * linear(colour.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

class TestDarkTheme : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { qunsetenv("SANDBOXDECK_THEME"); }

    // Text wants 4.5:1 (WCAG AA); a link is text, on a field, on a list's other rows and on the window.
    void linksAreReadableOnEveryBackground()
    {
        const QPalette dark = ThemeApplier::darkPalette();
        for (const auto link : {QPalette::Link, QPalette::LinkVisited}) {
            for (const auto background : {QPalette::Base, QPalette::AlternateBase, QPalette::Window}) {
                const double ratio = contrast(dark.color(link), dark.color(background));
                QVERIFY2(
                    ratio >= 4.5,
                    qPrintable(u"%1 on %2: %3:1"_s.arg(dark.color(link).name(), dark.color(background).name())
                                   .arg(ratio, 0, 'f', 2)));
            }
        }
    }

    // At 800 pixels the toolbar's last buttons are behind the chevron: it has to be seen to be found.
    // Graphics want 3:1 (WCAG 1.4.11) against what is around them.
    void theToolbarChevronIsVisible()
    {
        qputenv("SANDBOXDECK_THEME", "dark");
        DemoApp app;
        QVERIFY(app.started());
        MainWindow *window = app.window();
        window->resize(800, 500);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QVERIFY(PostedEvents::layoutsSettled());
        auto *bar = window->findChild<QToolBar *>(u"mainToolBar"_s);
        QVERIFY(bar);
        auto *chevron = bar->findChild<QToolButton *>(u"qt_toolbar_ext_button"_s);
        QVERIFY(chevron);
        QVERIFY(chevron->isVisible());
        const QImage image = chevron->grab().toImage();
        const QColor background = bar->palette().color(QPalette::Window);
        double strongest = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                strongest = std::max(strongest, contrast(image.pixelColor(x, y), background));
        QVERIFY2(strongest >= 3.0, qPrintable(u"%1:1"_s.arg(strongest, 0, 'f', 2)));
        // Light stays as it was, and as visible.
        ThemeApplier::apply(ThemeSetting::Theme::Light);
        QVERIFY(PostedEvents::layoutsSettled());
        const QImage light = chevron->grab().toImage();
        const QColor lightBackground = bar->palette().color(QPalette::Window);
        strongest = 0;
        for (int y = 0; y < light.height(); ++y)
            for (int x = 0; x < light.width(); ++x)
                strongest = std::max(strongest, contrast(light.pixelColor(x, y), lightBackground));
        QVERIFY2(strongest >= 3.0, qPrintable(u"light %1:1"_s.arg(strongest, 0, 'f', 2)));
    }
};

QTEST_MAIN(TestDarkTheme)
#include "tst_darktheme.moc"
