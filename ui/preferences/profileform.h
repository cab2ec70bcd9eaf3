#pragma once

#include "settings/profile.h"

#include <QWidget>

#include <array>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

// The fields of one profile: name, provider (Klavis or Blaxel), base URL (a preset or custom), the Klavis
// region or the Blaxel workspace, and the API key. Shared by the first-run key prompt (Klavis only: the
// provider row is hidden) and the Settings dialog, which lets the user choose the provider.
class ProfileForm final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileForm)

public:
    // The fields a complaint can stand under.
    enum class Field
    {
        Name,
        BaseUrl,
        Workspace,
        Key,
    };
    struct Problem
    {
        Field field = Field::Name;
        QString message; // empty: no problem
    };

    explicit ProfileForm(QWidget *parent = nullptr);

    void setProfile(const Profile &profile, bool hasStoredKey);
    // The profile as edited; the id is the one given to setProfile (empty for a new one).
    Profile profile() const;
    // Shows the provider row (hidden by default: the key prompt connects Klavis only).
    void setProviderSelectable(bool selectable);
    // What was typed into the key field, without the trailing whitespace a paste leaves (ApiKeyPolicy);
    // empty means "keep the stored key", and also a key keyProblem() refuses.
    QString typedKey() const;
    // Why the typed key cannot be used (a line break or another control character), else empty.
    QString keyProblem() const;
    // The first field that needs attention. A key is required when keyRequired is set, and also when the
    // provider differs from the stored profile's: the stored key belongs to the other service.
    Problem check(bool keyRequired) const;
    QString validate(bool keyRequired) const { return check(keyRequired).message; }
    void focusKey();

    // A complaint under its field, in the error colour; editing the field takes it away.
    void setFieldError(Field field, const QString &message);
    QString fieldError(Field field) const;
    void clearFieldErrors();
    QWidget *fieldWidget(Field field) const;

    QLineEdit *nameField() const { return m_name; }
    QLineEdit *keyField() const { return m_key; }
    // Says, while the user types, that trailing whitespace will be dropped.
    QLabel *keyNote() const { return m_keyNote; }
    QComboBox *providerField() const { return m_provider; }
    QComboBox *endpointField() const { return m_endpoint; }
    QLineEdit *customUrlField() const { return m_customUrl; }
    QLineEdit *workspaceField() const { return m_workspace; }
    QComboBox *regionField() const { return m_region; }
    bool isRowShown(QWidget *field) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    Profile::Provider provider() const;
    // The name a profile gets when the user gives none: "Klavis" for a Klavis host, else the host (and
    // port) of the URL, so that a custom server is never called Klavis; "Blaxel <workspace>" for Blaxel.
    QString suggestedName() const;
    void populateEndpoints(Profile::Provider provider);
    void onProviderChanged();
    void updateProviderRows();
    void updateCustomUrl();
    void updateSuggestedName();
    void updateKeyNote();
    void updateKeyPlaceholder();
    void applyErrorColour();

    QString m_id;
    QFormLayout *m_form;
    QLineEdit *m_name;
    QComboBox *m_provider;
    QComboBox *m_endpoint;
    QLineEdit *m_customUrl;
    QLineEdit *m_workspace;
    QComboBox *m_region;
    QLineEdit *m_key;
    QCheckBox *m_showKey;
    QLabel *m_keyNote;
    QWidget *m_keyRow;
    std::array<QLabel *, 4> m_errors{};
    // The name shown is our suggestion, not the user's: it follows the URL until the user types one.
    bool m_nameIsSuggested = true;
    bool m_providerSelectable = false;
    // What setProfile() was given: a stored key only counts for the provider it was stored for.
    bool m_hasStoredKey = false;
    Profile::Provider m_storedProvider = Profile::Provider::Klavis;
};
