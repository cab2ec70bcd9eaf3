#pragma once

#include <QDialog>
#include <QHash>

#include <optional>

class ApiError;
class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

// The base of every dialog (after Quaternion's Dialog): a form, an error line under each field that the
// API can complain about, a status line and OK/Cancel. OK runs validate(); when it passes, submitted()
// is emitted and the dialog stays open until the caller accepts it (the call succeeded) or shows the
// server's complaint with showServerError(): a failed acquire must not lose what the user typed.
class FormDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FormDialog)

public:
    explicit FormDialog(const QString &title, QWidget *parent = nullptr);
    ~FormDialog() override;

    // Puts an error label under `field` (or under the form row that contains it) for the API field
    // apiFieldName ("ttl_seconds").
    void registerField(const QString &apiFieldName, QWidget *field);
    // Adds a labelled row to the form and registers it when apiFieldName is given.
    void addField(const QString &label, QWidget *field, const QString &apiFieldName = {});
    // Empty: fine. Otherwise shown in the status line, and OK does nothing. Subclasses put per-field
    // messages in place with setFieldError() and call this one too, which checks the TTL row.
    virtual QString validate();
    void showServerError(const ApiError &error);
    void setBusy(bool busy, const QString &what = {});
    bool isBusy() const { return m_busy; }

    void setFieldError(const QString &apiFieldName, const QString &message);
    QString fieldError(const QString &apiFieldName) const;
    void clearErrors();
    void setStatus(const QString &text, bool isError = false);
    QString statusText() const;
    QPushButton *okButton() const;
    QFormLayout *formLayout() const { return m_form; }
    QDialogButtonBox *buttonBox() const { return m_buttons; }
    // A row that spans the form: an explanation, or a compound editor such as ProfileForm.
    void addFormWidget(QWidget *widget);
    void showStatus(const QString &text) { setStatus(text, true); }

signals:
    void submitted();

protected:
    void changeEvent(QEvent *event) override;

    // Shared inputs of the acquire dialogs.
    static QComboBox *createBenchmarkCombo(QWidget *parent);
    // A "Time to live" row for ttl_seconds: a spin box (default 7200 s) with a hint ("= 2 h") that follows
    // every keystroke and a "No auto-release" check box. A value outside 60..86400 is not clamped: it is
    // refused beside the field as it is typed, and by validate().
    void addTtlField(const QString &label);
    // What the TTL row asks for; empty: no auto-release.
    std::optional<int> ttlSeconds() const;
    static bool isPlausibleEmail(const QString &email);
    // Puts the complaint under the test-account field when `email` is set but does not look like one.
    bool checkEmailField(const QString &email);

    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void onOk();
    // Keeps the window's minimum size at what its content needs: the width its widest field needs, and
    // the height its wrapped labels need at the current width (QLayout drops the minimum height of a
    // window with height-for-width content to 0, which let an error line be clipped).
    void fitHeightToContent();
    QString ttlProblem() const;
    // Puts the TTL row's complaint beside it (or takes it away); false while the value is unusable.
    bool checkTtlField();
    void applyErrorColour();
    QWidget *formRowWidget(QWidget *field) const;

    QWidget *m_formArea;
    QFormLayout *m_form;
    QLabel *m_statusIcon;
    QLabel *m_statusLabel;
    QProgressBar *m_busyIndicator;
    QDialogButtonBox *m_buttons;
    QHash<QString, QLabel *> m_errorLabels;
    QHash<QString, QWidget *> m_fields;
    QStringList m_fieldOrder;
    QSpinBox *m_ttl = nullptr;
    QCheckBox *m_noAutoRelease = nullptr;
    bool m_busy = false;
    bool m_statusIsError = false;
};
