#pragma once

#include <QString>

// POST /universes/{instance_id}/tasks/{task_num}/verify: whether the instance's data shows the task done.
struct TaskVerdict
{
    QString taskNumber;
    bool passed = false;
    QString failureReason; // empty when passed (the API sends null)
};
