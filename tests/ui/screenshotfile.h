#pragma once

#include <QImage>
#include <QString>
#include <QTest>
#include <QWidget>

// Screenshots the GUI suites write (tst_screenshots, tst_mcpwidgets): a picture of one colour means nothing
// was drawn, and fails the test instead of being saved.
namespace ScreenshotFile {

using namespace Qt::StringLiterals;

inline bool hasContent(const QImage &image)
{
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            if (image.pixel(x, y) != first)
                return true;
    return false;
}

// `widget` as <folder>/<name>.png; a QVERIFY failure when it is blank or cannot be written.
inline void save(QWidget *widget, const QString &folder, const QString &name)
{
    const QImage image = widget->grab().toImage();
    QVERIFY2(hasContent(image), qPrintable(name + u" is blank"_s));
    const QString path = folder + u'/' + name + u".png"_s;
    QVERIFY2(image.save(path), qPrintable(path));
}

} // namespace ScreenshotFile
