#pragma once

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

// One universe of GET /universes: a whole multi-service environment with tasks and a verifier.
struct Universe
{
    QString id; // universe_id
    QString name;
    QString description;
    QString domain;
    QList<QMap<QString, QString>> personas; // each a map of string fields (name, role, email, ...)
    QStringList taskNumbers;                // task_nums; the API's path parameter is a string
    QDateTime createdAt;
    QString createdAtText; // as sent, for a date the parser could not read
    // Persona values that were not strings (an object, a list, null): left out of `personas`.
    int skippedPersonaValues = 0;
};
