#include "blaxel/blaxelsandboxdialogs.h"

#include "blaxel/blaxelcreatedialog.h"
#include "blaxel/blaxeleditdialog.h"
#include "models/displaytext.h"
#include "session/blaxelsandboxescontroller.h"

BlaxelSandboxDialogs::BlaxelSandboxDialogs(BlaxelSandboxesController *controller, QWidget *parent)
    : QObject(parent), m_controller(controller), m_parent(parent)
{}

void BlaxelSandboxDialogs::create()
{
    if (!m_controller->isConnected())
        return;
    auto *dialog = new BlaxelCreateDialog(m_parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &FormDialog::submitted, this, [this, dialog] {
        dialog->setBusy(true, tr("Creating…"));
        m_controller->create(
            dialog->request(), dialog, [this, dialog](const ApiResult<BlaxelSandbox> &result) {
                dialog->setBusy(false);
                if (!result) {
                    dialog->showCreateError(result.error());
                    return;
                }
                emit statusMessage(tr("Created Blaxel sandbox %1.").arg(DisplayText::visible(result->name)));
                emit created(result->name);
                dialog->accept();
            });
    });
    dialog->open();
}

void BlaxelSandboxDialogs::edit(const QString &name)
{
    const BlaxelSandbox *listed = m_controller->store()->find(name);
    if (!listed)
        return;
    auto *dialog = new BlaxelEditDialog(*listed, m_parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &FormDialog::submitted, this, [this, dialog] {
        dialog->setBusy(true, tr("Saving…"));
        m_controller->update(
            dialog->sandboxName(), dialog->update(), dialog,
            [this, dialog](const ApiResult<BlaxelSandbox> &result) {
                dialog->setBusy(false);
                if (!result) {
                    dialog->showUpdateError(result.error());
                    return;
                }
                emit statusMessage(tr("Updated Blaxel sandbox %1.").arg(DisplayText::visible(result->name)));
                dialog->accept();
            });
    });
    dialog->open();
}
