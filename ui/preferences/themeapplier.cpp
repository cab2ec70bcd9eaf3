#include "preferences/themeapplier.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

namespace {

// The platform's style, remembered before the first change so that System can go back to it.
QString &platformStyleName()
{
    static QString name;
    return name;
}

// Until a theme is chosen, System leaves the platform's palette alone instead of setting an empty one.
bool &themeWasApplied()
{
    static bool applied = false;
    return applied;
}

} // namespace

QPalette ThemeApplier::darkPalette()
{
    const QColor window(0x2b, 0x2d, 0x30);
    // Fields a shade lighter than the window: Fusion outlines check boxes and frames in the window colour
    // darkened, which vanishes against a base darker than the window.
    const QColor base(0x3a, 0x3d, 0x41);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabledText(0x80, 0x80, 0x80);
    const QColor highlight(0x2f, 0x65, 0xca);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x41, 0x44, 0x49));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x51));
    p.setColor(QPalette::Midlight, QColor(0x3e, 0x41, 0x45));
    p.setColor(QPalette::Mid, QColor(0x24, 0x25, 0x28));
    p.setColor(QPalette::Dark, QColor(0x19, 0x1a, 0x1c));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    // Links are text: at least 4.5:1 (WCAG AA) on the fields, the alternate rows and the window.
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xd7, 0xae, 0xfb));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, disabledText);
    }
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x48, 0x4c));
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}

QPalette ThemeApplier::lightPalette()
{
    // Fusion's own palette is a light one that does not depend on the platform theme.
    QStyle *fusion = QStyleFactory::create(u"Fusion"_s);
    QPalette p = fusion ? fusion->standardPalette() : QPalette(Qt::white);
    delete fusion;
    return p;
}

void ThemeApplier::apply(ThemeSetting::Theme theme)
{
    if (theme == ThemeSetting::Theme::System && !themeWasApplied())
        return;
    themeWasApplied() = true;
    if (platformStyleName().isEmpty() && QApplication::style())
        platformStyleName() = QApplication::style()->name();
    switch (theme) {
    case ThemeSetting::Theme::Dark:
        QApplication::setStyle(u"Fusion"_s);
        QApplication::setPalette(darkPalette());
        break;
    case ThemeSetting::Theme::Light:
        QApplication::setStyle(u"Fusion"_s);
        QApplication::setPalette(lightPalette());
        break;
    case ThemeSetting::Theme::System:
        if (!platformStyleName().isEmpty() && QApplication::style()->name() != platformStyleName())
            QApplication::setStyle(platformStyleName());
        // An empty palette resolves to the platform's and the style's own colours.
        QApplication::setPalette(QPalette());
        break;
    }
}
