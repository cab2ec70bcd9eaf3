#pragma once

// What tst_blaxelconfigimport and tst_blaxelprofileimporter share: the Blaxel CLI configurations in
// tests/data/blaxel/config and the keys they hold.

#include "profiletest.h"

#include <QFile>
#include <QString>
#include <QTest>

namespace BlaxelImportTest {

using namespace Qt::StringLiterals;

inline QString fixture(const QString &name)
{
    return QStringLiteral(SANDBOXDECK_TEST_DATA_DIR) + u"/blaxel/config/"_s + name;
}

inline const QString kResearchKey = u"bl_fake_research_key_0123456789abcdef"_s;
inline const QString kPersonalToken = u"eyJhbGciOiJIUzI1NiJ9.fake-personal-access-token.c2lnbmF0dXJl"_s;

// For initTestCase(): test settings, and the configurations where they belong.
inline void prepareSuite()
{
    ProfileTest::useTestSettings();
    QVERIFY(QFile::exists(fixture(u"two-workspaces.yaml"_s)));
}

} // namespace BlaxelImportTest
