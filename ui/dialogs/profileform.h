#pragma once

#include "settings/profile.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

// The fields of one profile: name, base URL (Klavis US, EU or custom), region and API key. Shared by
// the first-run key prompt and the Settings dialog.
class ProfileForm final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileForm)

public:
    explicit ProfileForm(QWidget *parent = nullptr);

    void setProfile(const Profile &profile, bool hasStoredKey);
    // The profile as edited; the id is the one given to setProfile (empty for a new one).
    Profile profile() const;
    // What was typed into the key field, without the trailing whitespace a paste leaves (ApiKeyPolicy);
    // empty means "keep the stored key", and also a key keyProblem() refuses.
    QString typedKey() const;
    // Why the typed key cannot be used (a line break or another control character), else empty.
    QString keyProblem() const;
    QString validate(bool keyRequired) const;
    void focusKey();

    QLineEdit *nameField() const { return m_name; }
    QLineEdit *keyField() const { return m_key; }
    // Says, while the user types, that trailing whitespace will be dropped.
    QLabel *keyNote() const { return m_keyNote; }
    QComboBox *endpointField() const { return m_endpoint; }
    QLineEdit *customUrlField() const { return m_customUrl; }

private:
    // The name a profile gets when the user gives none: "Klavis" for a Klavis host, else the host (and
    // port) of the URL, so that a custom server is never called Klavis.
    static QString suggestedName(const QUrl &baseUrl);
    void updateCustomUrl();
    void updateSuggestedName();
    void updateKeyNote();

    QString m_id;
    QLineEdit *m_name;
    QComboBox *m_endpoint;
    QLineEdit *m_customUrl;
    QComboBox *m_region;
    QLineEdit *m_key;
    QCheckBox *m_showKey;
    QLabel *m_keyNote;
    // The name shown is our suggestion, not the user's: it follows the URL until the user types one.
    bool m_nameIsSuggested = true;
};
