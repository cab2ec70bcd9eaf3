#pragma once

#include <QString>

// GET /universes/{universe_id}/tasks/{task_num}: what an agent is told, and how it is judged.
struct UniverseTask
{
    QString taskNumber; // task_num
    QString universeId;
    QString title;
    QString description;
    QString prompt;
    QString difficulty; // easy, medium or hard as the API says; another word is kept as sent
    QString verificationRationale;
};
