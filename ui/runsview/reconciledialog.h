#pragma once

#include "runs/runreconciler.h"

#include <QDialog>
#include <QList>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QTableWidget;

// What a person decides about a leftover of an interrupted acquire, or about an intent the server holds
// nothing for.
struct ReconcileDecision
{
    enum class Kind
    {
        Adopt,   // the run keeps the sandbox
        Release, // released on the server
        Abandon, // the intent is closed: nothing was held
    };
    Kind kind = Kind::Adopt;
    RunLeftover leftover; // Adopt, Release
    qint64 intentId = 0;  // Abandon
    QString note;         // Abandon
};

// Shown at start when the ledger has open intents: the sandboxes the server holds that an interrupted
// acquire may have left (run, servers, id, since when), each to adopt or release, and the intents the
// server holds nothing for, to abandon. Nothing is chosen for the user: a row left at "Decide later" stays
// as it is and is offered again at the next start. Apply emits one signal per decision (the owner calls
// RunReconciler); decisions() returns the same as a list.
class ReconcileDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReconcileDialog)

public:
    explicit ReconcileDialog(const ReconcileReport &report, QWidget *parent = nullptr);

    // The choices as they stand, in the order shown.
    QList<ReconcileDecision> decisions() const;

    QTableWidget *leftoverTable() const { return m_leftovers; }
    QTableWidget *intentTable() const { return m_intents; }
    // The choice of the leftover in `row`: "Decide later", "Adopt" or "Release".
    QComboBox *choiceBox(int row) const;
    QDialogButtonBox *buttonBox() const { return m_buttons; }

    // The note an abandoned intent is closed with.
    static QString abandonNote();

signals:
    void adoptRequested(const RunLeftover &leftover);
    void releaseRequested(const RunLeftover &leftover);
    void abandonRequested(qint64 intentId, const QString &note);

protected:
    void changeEvent(QEvent *event) override;

private:
    void apply();
    void fillLeftovers();
    void fillIntents();
    void updateApplyButton();

    ReconcileReport m_report;
    QList<LedgerOperation> m_emptyIntents; // the intents no leftover matched
    QTableWidget *m_leftovers;
    QTableWidget *m_intents;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
};
