#pragma once

#include "profile.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
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
    // What was typed into the key field; empty means "keep the stored key".
    QString typedKey() const;
    QString validate(bool keyRequired) const;
    void focusKey();

    QLineEdit *nameField() const { return m_name; }
    QLineEdit *keyField() const { return m_key; }
    QComboBox *endpointField() const { return m_endpoint; }
    QLineEdit *customUrlField() const { return m_customUrl; }

private:
    void updateCustomUrl();

    QString m_id;
    QLineEdit *m_name;
    QComboBox *m_endpoint;
    QLineEdit *m_customUrl;
    QComboBox *m_region;
    QLineEdit *m_key;
    QCheckBox *m_showKey;
};
