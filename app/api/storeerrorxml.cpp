#include "api/storeerrorxml.h"

#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

StoreErrorXml StoreErrorXml::parse(const QByteArray &body, qsizetype maxBytes)
{
    StoreErrorXml result;
    QXmlStreamReader xml(body.left(maxBytes));
    // Only the root's own children count: a <Message> nested in <Details> is not the store's message.
    int depth = 0;
    bool rootIsError = false;
    while (!xml.atEnd() && !xml.hasError()) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::StartElement) {
            ++depth;
            if (depth == 1) {
                rootIsError = xml.name() == u"Error"_s;
                if (!rootIsError)
                    return {};
                continue;
            }
            if (depth != 2)
                continue;
            const bool isCode = xml.name() == u"Code"_s;
            const bool isMessage = xml.name() == u"Message"_s;
            if (!isCode && !isMessage)
                continue;
            // Text only: a child element inside makes this not the flat field we read.
            const QString text = xml.readElementText(QXmlStreamReader::SkipChildElements).trimmed();
            --depth; // readElementText consumed the end element
            QString &field = isCode ? result.code : result.message;
            if (field.isEmpty())
                field = text;
        } else if (token == QXmlStreamReader::EndElement) {
            --depth;
        }
    }
    return rootIsError ? result : StoreErrorXml{};
}
